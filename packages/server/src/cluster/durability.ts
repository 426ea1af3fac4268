import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Whether the rooms kept in Redis survive a crash of Redis (issue 21, "say when durability is
 * gone"). A node acknowledges a move once Redis has it: that promise holds only when Redis
 * writes every command to its append-only file (`appendonly yes` with `appendfsync always`, or
 * `everysec`, which can lose the last second on a power loss of Redis's machine but not on a
 * crash of Redis alone). Without persistence a restarted Redis comes back empty and every live
 * room is gone. The node refuses to start on such a Redis unless `ALLOW_VOLATILE_REDIS=1`, checks
 * again every minute, and keeps a marker key whose disappearance says Redis came back empty.
 */
export const MARKER_KEY = 'percent:marker';
const ACCEPTED_FSYNC: ReadonlySet<string> = new Set(['always', 'everysec']);
/** After the link comes back, a failed check (Redis still loading) is tried this often. */
const RECHECKS = 5;
const RECHECK_MS = 1000;

export interface Durability {
  /** Redis persists every command (as read at the last check); null: it could not be told. */
  readonly persistent: boolean | null;
  /** Why not, when not. */
  readonly reason: string | null;
  /** When this node found the marker gone (Redis came back empty), epoch ms; null: never. */
  readonly emptiedAt: number | null;
}

/** What Redis says of its persistence: null when it does not say (CONFIG disabled). */
export async function persistenceOf(
  client: Redis,
): Promise<{ ok: boolean; reason: string } | null> {
  try {
    const [, appendonly] = (await client.config('GET', 'appendonly')) as string[];
    const [, fsync] = (await client.config('GET', 'appendfsync')) as string[];
    if (appendonly !== 'yes')
      return { ok: false, reason: `appendonly is ${appendonly ?? 'unset'}` };
    if (!ACCEPTED_FSYNC.has(fsync ?? ''))
      return { ok: false, reason: `appendfsync is ${fsync}, not always or everysec` };
    return { ok: true, reason: `appendonly yes, appendfsync ${fsync}` };
  } catch {
    return null;
  }
}

export class DurabilityWatch {
  private state: Durability = { persistent: null, reason: null, emptiedAt: null };
  private marker: string | null = null;

  constructor(
    private readonly client: Redis,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  get current(): Durability {
    return this.state;
  }

  /**
   * At start: refuses (throws, saying why and how to go on) a Redis that does not persist, or
   * does not say, unless `allowVolatile`; then sets the marker (or finds the one other nodes set).
   */
  async start(allowVolatile: boolean): Promise<void> {
    await this.checkPersistence();
    if (this.state.persistent !== true) {
      const why = this.state.reason ?? 'it does not say (CONFIG GET is not allowed)';
      const message = `Redis does not keep the rooms through a restart: ${why}`;
      if (!allowVolatile)
        throw new Error(
          `${message}. Start it with --appendonly yes --appendfsync always (or everysec), or set ` +
            'ALLOW_VOLATILE_REDIS=1 to run anyway (rooms are lost if Redis restarts)',
        );
      this.log.warn({ reason: why }, `${message}; running anyway (ALLOW_VOLATILE_REDIS=1)`);
    }
    const made = randomUUID();
    await this.client.set(MARKER_KEY, made, 'NX');
    this.marker = (await this.client.get(MARKER_KEY)) ?? made;
    // A Redis that restarted is checked as soon as the link is back, not a minute later (and
    // again shortly if it is still loading its data then).
    this.client.on('ready', () => void this.checkSoon(RECHECKS));
  }

  private async checkSoon(attempts: number): Promise<void> {
    try {
      await this.check();
    } catch (error) {
      if (attempts <= 1) return void this.log.warn({ err: error }, 'Redis durability not checked');
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS).unref());
      await this.checkSoon(attempts - 1);
    }
  }

  /**
   * Every minute and whenever the link comes back: persistence again, and the marker still
   * there (else Redis came back empty).
   */
  async check(): Promise<void> {
    const was = this.state.persistent;
    await this.checkPersistence();
    if (was === true && this.state.persistent === false)
      this.log.error({ reason: this.state.reason }, 'Redis stopped persisting the rooms');
    const marker = await this.client.get(MARKER_KEY);
    if (marker !== null) return;
    this.state = { ...this.state, emptiedAt: this.state.emptiedAt ?? this.now() };
    this.log.error(
      { marker: this.marker },
      'Redis came back empty: every live room it kept is gone (players rejoining get ROOM_NOT_FOUND)',
    );
    // The rooms made from now on are kept again; /healthz goes on saying what happened.
    this.marker = randomUUID();
    await this.client.set(MARKER_KEY, this.marker, 'NX');
  }

  private async checkPersistence(): Promise<void> {
    const found = await persistenceOf(this.client);
    this.state = {
      ...this.state,
      persistent: found?.ok ?? null,
      reason:
        found === null
          ? 'Redis does not say (CONFIG GET is not allowed)'
          : found.ok
            ? null
            : found.reason,
    };
  }
}
