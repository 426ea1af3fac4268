import type { Redis } from 'ioredis';
import type { MoveRecord, PersistEffect, RaceRecord } from '../rooms/index.ts';
import type { Heartbeat, Loaded } from '../store/store.ts';
import { movesFromRows } from '../store/rows.ts';
import { Keys } from './keys.ts';
import { ACQUIRE, COMMIT_MANY, RELEASE } from './scripts.ts';

/** A live room as Redis keeps it: its snapshot and the log of its live race. */
export interface StoredRoom {
  readonly snapshot: string;
  readonly raceId: string | null;
  /** The node that held it last ('' when unknown). */
  readonly owner: string;
}

type Args = (string | number)[];
type Scripted = Redis & {
  percentAcquire(...args: Args): Promise<[string, string] | null>;
  percentRelease(...args: Args): Promise<number>;
  percentCommitMany(numberOfKeys: number, ...args: Args): Promise<(number | string)[]>;
};

/** One room's writes of one command, fenced by the lease `token`. */
export interface RoomCommit {
  readonly code: string;
  readonly token: string;
  readonly writes: readonly PersistEffect[];
}

/**
 * What Redis did with a `RoomCommit`: `written`; `fenced` (another node holds the lease); `behind`
 * (a move would not land at its place in the log: a commit applied whose reply was lost, so the
 * runner's state is stale). The last two wrote nothing.
 */
export type CommitOutcome = 'written' | 'fenced' | 'behind';

/**
 * The cluster's shared state in Redis: leases (who runs each room, fenced by an epoch), live
 * rooms' snapshots and move logs, finished races waiting for the history database, and each
 * node's heartbeat. Every write of a room goes through `commitMany`, which Redis refuses unless the
 * caller still holds the room's lease.
 */
export class RedisRooms {
  private readonly redis: Scripted;

  constructor(
    redis: Redis,
    readonly nodeId: string,
    readonly leaseMs: number,
  ) {
    redis.defineCommand('percentAcquire', { numberOfKeys: 3, lua: ACQUIRE });
    redis.defineCommand('percentRelease', { numberOfKeys: 1, lua: RELEASE });
    // The number of keys varies with the rooms in the call: given first, at each call.
    redis.defineCommand('percentCommitMany', { lua: COMMIT_MANY });
    this.redis = redis as Scripted;
  }

  /**
   * Takes the room's lease if nobody holds it (`fresh`: and no room has this code yet). Returns
   * the token that fences this node's writes and the node that held the room last.
   */
  async acquire(code: string, fresh = false): Promise<{ token: string; previous: string } | null> {
    const keys = [Keys.lease(code), Keys.epoch(code), Keys.state(code)];
    const got = await this.redis.percentAcquire(...keys, this.nodeId, this.leaseMs, fresh ? 1 : 0);
    return got ? { token: got[0], previous: got[1] } : null;
  }

  async release(code: string, token: string): Promise<void> {
    await this.redis.percentRelease(Keys.lease(code), token);
  }

  /** The token of the room's lease, or null when nobody holds it. */
  leaseOf(code: string): Promise<string | null> {
    return this.redis.get(Keys.lease(code));
  }

  /** Whether a live room has this code (stored, whoever runs it). */
  async exists(code: string): Promise<boolean> {
    return (await this.redis.exists(Keys.state(code))) === 1;
  }

  /**
   * Several rooms' commits in one script call (one round trip, one script run): each room's
   * writes — one command's — all or none under its own lease, whatever the others' outcome; a
   * finished race is kept with the room until copied. Rejects when Redis
   * did not answer; whether a commit was written is then unknown, and the room's next commit
   * finds out (a move already in the log answers `behind`, and the room is restored from Redis).
   */
  async commitMany(commits: readonly RoomCommit[]): Promise<CommitOutcome[]> {
    const keys: string[] = [Keys.rooms, Keys.outbox];
    const args: (string | number)[] = [this.leaseMs];
    for (const { code, token, writes } of commits) {
      keys.push(Keys.lease(code), Keys.state(code), Keys.epoch(code));
      const encoded = JSON.stringify(writes.map((write) => this.encode(write)));
      args.push(token, code, Keys.moves(code, ''), encoded);
    }
    const replies = await this.redis.percentCommitMany(keys.length, ...keys, ...args);
    return replies.map((reply) =>
      reply === 1 ? 'written' : String(reply).startsWith('SEQ') ? 'behind' : 'fenced',
    );
  }

  private encode(write: PersistEffect): Record<string, string | number> {
    switch (write.type) {
      case 'persistMove':
        return { t: 'm', race: write.raceId, seq: write.seq, move: JSON.stringify(write.move) };
      case 'persistRoom':
        return { t: 's', snapshot: write.snapshot, race: write.raceId ?? '', owner: this.nodeId };
      case 'forgetRoom':
        return { t: 'f' };
      case 'persistRace':
        return { t: 'r', race: write.record.id, record: JSON.stringify(write.record) };
    }
  }

  /** The room as stored, or null when no live room has this code. */
  async load(code: string): Promise<StoredRoom | null> {
    const state = await this.redis.hgetall(Keys.state(code));
    if (state.snapshot === undefined) return null;
    return { snapshot: state.snapshot, raceId: state.race || null, owner: state.owner ?? '' };
  }

  /** A race's logged moves in order; an error message when one is damaged. */
  async movesOf(code: string, raceId: string): Promise<Loaded<MoveRecord[]>> {
    const texts = await this.redis.lrange(Keys.moves(code, raceId), 0, -1);
    const rows: unknown[] = [];
    for (const [seq, text] of texts.entries()) {
      try {
        rows.push({ ...(JSON.parse(text) as object), seq });
      } catch {
        return { ok: false, message: `race ${raceId}: move ${seq} is not JSON` };
      }
    }
    return movesFromRows(raceId, rows);
  }

  /** A room that cannot be restored leaves the live set (its keys stay, for inspection). */
  async retire(code: string): Promise<void> {
    await this.redis.srem(Keys.rooms, code);
  }

  /** The codes of every live room. */
  liveRooms(): Promise<string[]> {
    return this.redis.smembers(Keys.rooms);
  }

  /** Of these codes, the ones whose lease nobody holds. */
  async unleased(codes: readonly string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const tokens = await this.redis.mget(codes.map((code) => Keys.lease(code)));
    return codes.filter((_, i) => tokens[i] === null);
  }

  /** Records that this node is up (`final`: it is stopping cleanly, now). */
  async beat(at: number, final = false): Promise<void> {
    await this.redis.set(Keys.node(this.nodeId), JSON.stringify({ at, final }), 'EX', 86_400);
  }

  /** A node's last heartbeat, or null. */
  async lastBeat(nodeId: string): Promise<Heartbeat | null> {
    const text = nodeId ? await this.redis.get(Keys.node(nodeId)) : null;
    if (!text) return null;
    const beat = JSON.parse(text) as { at?: unknown; final?: unknown };
    return typeof beat.at === 'number' ? { at: beat.at, final: beat.final === true } : null;
  }

  /** Finished races not yet in the history database. */
  async pendingRaces(): Promise<{ raceId: string; record: RaceRecord }[]> {
    const entries = await this.redis.hgetall(Keys.outbox);
    return Object.entries(entries).map(([raceId, text]) => ({
      raceId,
      record: JSON.parse(text) as RaceRecord,
    }));
  }

  /** A finished race waiting for the history database, or null when it is there already. */
  async pendingRace(raceId: string): Promise<RaceRecord | null> {
    const text = await this.redis.hget(Keys.outbox, raceId);
    return text === null ? null : (JSON.parse(text) as RaceRecord);
  }

  /** The race is in the history database now: its copy here goes, its log an hour later. */
  async raceCopied(code: string, raceId: string): Promise<void> {
    await this.redis
      .multi()
      .hdel(Keys.outbox, raceId)
      .expire(Keys.moves(code, raceId), 3600)
      .exec();
  }
}
