/**
 * A token bucket per socket: `burst` events at once, `perSecond` sustained. Refused events
 * count as strikes; `tooMany` strikes mean a flood and the socket is cut off. Strikes decay
 * with the bucket (a full bucket forgives), so an occasional burst never disconnects anyone.
 */
export interface RateLimitOptions {
  readonly burst: number;
  readonly perSecond: number;
  readonly tooMany: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 30, perSecond: 15, tooMany: 100 };

export type Admission = 'allow' | 'refuse' | 'cut';

export class TokenBucket {
  private tokens: number;
  private strikes = 0;
  private last: number;

  constructor(
    private readonly options: RateLimitOptions,
    now: number,
  ) {
    this.tokens = options.burst;
    this.last = now;
  }

  admit(now: number): Admission {
    const { burst, perSecond, tooMany } = this.options;
    this.tokens = Math.min(burst, this.tokens + ((now - this.last) / 1000) * perSecond);
    this.last = now;
    if (this.tokens >= burst) this.strikes = 0;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'allow';
    }
    this.strikes += 1;
    return this.strikes >= tooMany ? 'cut' : 'refuse';
  }
}
