import { PostLimiter } from './daily/post-limit.ts';

/**
 * Per-address quotas (issue 21): how many sockets one address may hold at once, how many rooms
 * it may create and how many room codes it may look up a minute. They bound what one script
 * can do — open thousands of rooms, enumerate the code space — while a whole party behind one
 * router stays far below them. In memory per process; the clock comes in with each call.
 */
export interface QuotaOptions {
  /** Sockets open at once from one address (`QUOTA_SOCKETS`). */
  readonly socketsPerAddress: number;
  /** `room:create` per minute from one address (`QUOTA_CREATES`). */
  readonly createsPerMinute: number;
  /** Room-code lookups per minute from one address (`QUOTA_LOOKUPS`): `GET /api/rooms/:code`, and joins or watches of a code with no room. */
  readonly lookupsPerMinute: number;
  /** Daily attempts begun per minute from one address (`QUOTA_DAILY_STARTS`): each is a stored row. */
  readonly dailyStartsPerMinute: number;
  /** Daily moves per minute from one address (`QUOTA_DAILY_MOVES`): ten a second by default. */
  readonly dailyMovesPerMinute: number;
  /**
   * Take the client's address from `X-Forwarded-For` (`TRUST_PROXY=1`): only behind a proxy
   * that sets it, since anyone can send the header.
   */
  readonly trustProxy: boolean;
}

export const DEFAULT_QUOTAS: QuotaOptions = {
  socketsPerAddress: 50,
  createsPerMinute: 30,
  lookupsPerMinute: 120,
  dailyStartsPerMinute: 20,
  dailyMovesPerMinute: 600,
  trustProxy: false,
};

export type QuotaVerdict =
  { readonly ok: true } | { readonly ok: false; readonly retryAfterSec: number };

const MINUTE = 60_000;

export class Quotas {
  private readonly sockets = new Map<string, number>();
  private readonly creates: PostLimiter;
  private readonly lookups: PostLimiter;
  private readonly dailyStarts: PostLimiter;
  private readonly dailyMoves: PostLimiter;
  /** When a flood from each address was last logged. */
  private readonly floods = new Map<string, number>();

  constructor(readonly options: QuotaOptions = DEFAULT_QUOTAS) {
    this.creates = new PostLimiter(options.createsPerMinute, MINUTE);
    this.lookups = new PostLimiter(options.lookupsPerMinute, MINUTE);
    this.dailyStarts = new PostLimiter(options.dailyStartsPerMinute, MINUTE);
    this.dailyMoves = new PostLimiter(options.dailyMovesPerMinute, MINUTE);
  }

  /** The client's address: the connection's, or the first `X-Forwarded-For` entry when trusted. */
  addressOf(remote: string | undefined, forwardedFor: string | string[] | undefined): string {
    const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
    const forwarded = this.options.trustProxy ? header?.split(',')[0]?.trim() : undefined;
    const address = forwarded || remote || 'unknown';
    return address.startsWith('::ffff:') ? address.slice(7) : address;
  }

  /** A socket from `address` opens: false when it already holds as many as allowed. */
  connect(address: string): boolean {
    const open = this.sockets.get(address) ?? 0;
    if (open >= this.options.socketsPerAddress) return false;
    this.sockets.set(address, open + 1);
    return true;
  }

  disconnect(address: string): void {
    const open = (this.sockets.get(address) ?? 1) - 1;
    if (open > 0) this.sockets.set(address, open);
    else this.sockets.delete(address);
  }

  create(address: string, now: number): QuotaVerdict {
    return verdict(this.creates, address, now);
  }

  lookup(address: string, now: number): QuotaVerdict {
    return verdict(this.lookups, address, now);
  }

  dailyStart(address: string, now: number): QuotaVerdict {
    return verdict(this.dailyStarts, address, now);
  }

  dailyMove(address: string, now: number): QuotaVerdict {
    return verdict(this.dailyMoves, address, now);
  }

  /** True at most once a minute per address: a flooder cut off again and again is one line. */
  logFlood(address: string, now: number): boolean {
    const last = this.floods.get(address);
    if (last !== undefined && now - last < MINUTE) return false;
    this.floods.set(address, now);
    if (this.floods.size > 10_000) {
      for (const [key, at] of this.floods) if (now - at >= MINUTE) this.floods.delete(key);
    }
    return true;
  }
}

function verdict(limiter: PostLimiter, address: string, now: number): QuotaVerdict {
  if (limiter.allow(address, now)) return { ok: true };
  return {
    ok: false,
    retryAfterSec: Math.max(1, Math.ceil(limiter.retryAfterMs(address, now) / 1000)),
  };
}
