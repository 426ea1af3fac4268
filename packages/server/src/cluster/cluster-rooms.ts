import { ErrorCode, type Result, type RoomSettings, type RoomSummaryView } from '@percent/protocol';
import type { Logger } from 'pino';
import {
  createRoom,
  summaryOf,
  type PersistEffect,
  type Room,
  type RoomTimings,
} from '../rooms/index.ts';
import type { RoomDirectory, RoomHandle } from '../runner/directory.ts';
import { outageOf } from '../runner/registry.ts';
import { RoomHost, type RoomTerms } from '../runner/room-host.ts';
import { FencedError, UnavailableError } from '../runner/room-log.ts';
import type { CheckPuzzle, DrawPuzzle, RoomRunner } from '../runner/room-runner.ts';
import type { RoomTransport } from '../runner/transport.ts';
import { nodeOfToken } from './keys.ts';
import type { LeaseKeeper } from './lease-keeper.ts';
import type { RaceCopier } from './race-copier.ts';
import { reachable, shuffle } from './reachable.ts';
import type { RedisRooms } from './redis-rooms.ts';
import { remoteHandle, type Forward } from './remote.ts';
import { RoomCommits } from './room-commits.ts';
import { DEFAULT_GROUP_COMMIT_MS } from '../runner/group-commit.ts';

/** The lease under which this node runs a room: it fences the room's writes. */
interface Lease {
  readonly token: string;
  /** Until when this node can prove it holds the lease (local clock, ms). */
  provenUntil: number;
}

export interface ClusterRoomsDeps {
  readonly redis: RedisRooms;
  /** Finished races into the history database. */
  readonly races: RaceCopier;
  /** Renews the leases this node holds (from a worker thread). */
  readonly keeper: Pick<LeaseKeeper, 'hold' | 'drop' | 'lastRenewed'>;
  readonly transport: RoomTransport;
  readonly timings: RoomTimings;
  readonly draw: DrawPuzzle;
  readonly check: CheckPuzzle;
  readonly forward: Forward;
  readonly log: Logger;
  /** Tells every node that the room was restored here: its members must rejoin. */
  readonly announceMoved: (code: string) => void;
  /** This node lost the room to another: its members here must rejoin there. */
  readonly lost: (code: string) => void;
  /**
   * This node now runs the room (true) or no longer does (false): the `--workers` primary
   * routes a connection that names the room to its owner (`launch/room-routes.ts`).
   */
  readonly owns?: (code: string, owned: boolean) => void;
  /**
   * The shortest time between two sends of commits to Redis, ms (`GROUP_COMMIT_MS`, the same
   * default as a single process's SQLite): the commits of a window leave together, in one
   * script call (`RoomCommits`; each room's writes still all or none, fenced by its own lease).
   */
  readonly commitWindowMs?: number;
  readonly now?: () => number;
}

/** A lease is trusted only this long before it would expire (clock drift, a slow renewal). */
const SAFETY_MS = 1000;
/** How long a finishing command waits for its race to reach the history database. */
const COPY_WAIT_MS = 1000;
const within = (ms: number, work: Promise<unknown>) =>
  Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
/** How long a room's owner, once looked up, is trusted without asking Redis again. */
const OWNER_CACHE_MS = 2000;

/**
 * The cluster's rooms as this node sees them: the ones it runs (each under a lease) and the
 * ones other nodes run (reached by forwarding). A room whose owner has gone — no lease — is
 * taken over by the first node that needs it or finds it in its sweep, from its snapshot and
 * move log in Redis.
 */
export class ClusterRooms implements RoomDirectory {
  /** The rooms this node runs (the same host a single process has), each under a lease. */
  private readonly host: RoomHost;
  private readonly leases = new Map<string, Lease>();
  /** Takeovers in progress, so concurrent commands wait for one restore. */
  private readonly loading = new Map<string, Promise<RoomHandle | undefined>>();
  /** Which node ran a room lately, so a forwarded command needs no lookup first. */
  private readonly owners = new Map<string, { readonly node: string; readonly until: number }>();
  private readonly now: () => number;
  /** Commits held for the next call to Redis (`commitWindowMs`). */
  private readonly commits: RoomCommits;
  private stopping = false;
  /** Rooms this node took over from another (or from a stopped cluster). */
  takeovers = 0;
  /** Writes Redis refused because another node held the lease. */
  fenced = 0;

  constructor(private readonly deps: ClusterRoomsDeps) {
    this.now = deps.now ?? Date.now;
    this.commits = new RoomCommits(
      (commits) => deps.redis.commitMany(commits),
      deps.commitWindowMs ?? DEFAULT_GROUP_COMMIT_MS,
    );
    this.host = new RoomHost({
      transport: deps.transport,
      timings: deps.timings,
      draw: deps.draw,
      check: deps.check,
      log: deps.log,
      now: this.now,
      onClosed: (code) => this.letGo(code),
    });
  }

  get size(): number {
    return this.host.size;
  }

  get players(): number {
    return this.host.players;
  }

  get moves(): RoomHost['moves'] {
    return this.host.moves;
  }

  /** The local runner of a room this node owns. */
  local(code: string): RoomRunner | undefined {
    return this.host.get(code)?.runner;
  }

  /** Whether this node can still prove it owns the room (commands are refused otherwise). */
  proven(code: string): boolean {
    const lease = this.leases.get(code);
    if (!lease) return false;
    const renewed = this.deps.keeper.lastRenewed() + this.leaseTrust();
    return Math.max(lease.provenUntil, renewed) > this.now();
  }

  open(settings: Partial<RoomSettings> = {}): Promise<RoomHandle> {
    return reachable(this.openRoom(settings));
  }

  private async openRoom(settings: Partial<RoomSettings>): Promise<RoomHandle> {
    for (;;) {
      const code = this.host.unusedCode();
      const sentAt = this.now();
      const lease = await this.deps.redis.acquire(code, true);
      if (lease)
        return this.adopt(createRoom(code, this.deps.timings, settings), lease.token, sentAt);
    }
  }

  /** Throws `UnavailableError` when Redis cannot be asked (the client may try again). */
  find(code: string): Promise<RoomHandle | undefined> {
    return reachable(this.locate(code));
  }

  private async locate(code: string): Promise<RoomHandle | undefined> {
    if (this.stopping) throw new UnavailableError('this server is stopping');
    const hosted = this.host.get(code);
    if (hosted) return hosted.handle;
    const pending = this.loading.get(code);
    if (pending) return pending;
    const known = this.owners.get(code);
    if (known && known.until > this.now()) return this.remote(code, known.node);
    if (known) this.owners.delete(code);
    const token = await this.deps.redis.leaseOf(code);
    if (token !== null) return this.leased(code, token);
    return (await this.deps.redis.exists(code)) ? this.takeOver(code) : undefined;
  }

  /** A room whose lease `token` holds: forwarded to its node, or this node's (being set up). */
  private leased(code: string, token: string): Promise<RoomHandle> | RoomHandle {
    const node = nodeOfToken(token);
    if (node !== this.deps.redis.nodeId) {
      this.owners.set(code, { node, until: this.now() + OWNER_CACHE_MS });
      return this.remote(code, node);
    }
    const here = this.host.get(code)?.handle ?? this.loading.get(code);
    if (!here) throw new UnavailableError(`room ${code} is being set up here`);
    return here as Promise<RoomHandle>;
  }

  /** Forgets who ran the room: it moved, or its owner did not answer. */
  forgetOwner(code: string): void {
    this.owners.delete(code);
  }

  /** A handle that forwards to `node`; a refusal from there sends the next command to Redis. */
  private remote(code: string, node: string): RoomHandle {
    const handle = remoteHandle(code, node, this.deps.forward);
    const check = <T extends Result>(reply: T): T => {
      if (!reply.ok && reply.error.code === ErrorCode.roomUnavailable) this.forgetOwner(code);
      return reply;
    };
    return {
      ...handle,
      submit: (command) => handle.submit(command).then(check),
      startRace: (connectionId) => handle.startRace(connectionId).then(check),
      importPuzzle: (connectionId, text) => handle.importPuzzle(connectionId, text).then(check),
    };
  }

  discardIfEmpty(handle: RoomHandle): void {
    const hosted = this.host.get(handle.code);
    if (!hosted || hosted.runner.room.seats.length > 0) return;
    this.drop(handle.code);
  }

  async summary(code: string): Promise<RoomSummaryView | undefined> {
    const local = this.host.get(code);
    if (local) return summaryOf(local.runner.room);
    const room = await this.find(code);
    if (!room) return undefined;
    const hosted = this.host.get(code);
    if (hosted) return summaryOf(hosted.runner.room);
    const node = this.owners.get(code)?.node;
    return node ? this.deps.forward.summary(node, code) : undefined;
  }

  /** Takes over a room nobody holds (one restore at a time per code). */
  takeOver(code: string): Promise<RoomHandle | undefined> {
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.restore(code).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  private async restore(code: string): Promise<RoomHandle | undefined> {
    if (this.stopping) throw new UnavailableError('this server is stopping');
    const sentAt = this.now();
    const lease = await this.deps.redis.acquire(code);
    if (!lease) {
      // Another node was quicker: ask Redis again, never this takeover (it is this call).
      const token = await this.deps.redis.leaseOf(code);
      if (token === null) throw new UnavailableError(`room ${code} is changing hands`);
      return this.leased(code, token);
    }
    const release = () => this.deps.redis.release(code, lease.token);
    if (this.stopping) return void (await release());
    const stored = await this.deps.redis.load(code);
    if (!stored) return void (await release());
    const moves = stored.raceId
      ? await this.deps.redis.movesOf(code, stored.raceId)
      : ({ ok: true, value: [] } as const);
    const beat = await this.deps.redis.lastBeat(lease.previous);
    const awayMs = outageOf(beat, this.now());
    // Held before the room resumes: its first writes (the shifted snapshot) are fenced by it.
    this.hold(code, lease.token, sentAt);
    const restored = moves.ok
      ? await this.host.restore(
          code,
          { snapshot: stored.snapshot, moves: moves.value },
          awayMs,
          this.termsOf(code, lease.token),
        )
      : ({ ok: false, unreadable: true, reason: moves.message } as const);
    if (!restored.ok) {
      this.unhold(code);
      // Nothing half-adopted stays: no timers ran, so the room goes back to whoever comes next.
      if (!restored.unreadable) {
        await release();
        throw restored.error;
      }
      // Left stored for inspection, as one process leaves it; no longer swept every second.
      this.deps.log.warn({ code, reason: restored.reason }, 'room not taken over');
      await this.deps.redis.retire(code);
      return void (await release());
    }
    this.takeovers += 1;
    this.deps.log.info({ code, from: lease.previous || null, awayMs }, 'room taken over');
    this.deps.announceMoved(code);
    return restored.hosted.handle;
  }

  private adopt(room: Room, token: string, sentAt: number): RoomHandle {
    this.hold(room.code, token, sentAt);
    return this.host.adopt(room, this.termsOf(room.code, token)).handle;
  }

  /** What a room runs with under the lease `token`: fenced writes, the proof of ownership. */
  private termsOf(code: string, token: string): RoomTerms {
    return {
      log: { commit: (writes) => this.commit(code, token, writes) },
      proven: (c) => this.proven(c),
      onFenced: (c) => this.lostLease(c, token),
    };
  }

  private hold(code: string, token: string, sentAt: number): void {
    this.leases.set(code, { token, provenUntil: sentAt + this.leaseTrust() });
    this.deps.keeper.hold(code, token);
    this.deps.owns?.(code, true);
  }

  private unhold(code: string): void {
    this.leases.delete(code);
    this.deps.keeper.drop(code);
    this.deps.owns?.(code, false);
  }

  private leaseTrust(): number {
    return this.deps.redis.leaseMs - SAFETY_MS;
  }

  private async commit(code: string, token: string, writes: readonly PersistEffect[]) {
    const sentAt = this.now();
    try {
      await this.commits.commit({ code, token, writes });
    } catch (error) {
      if (error instanceof FencedError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new UnavailableError(`Redis: ${reason}`, { cause: error });
    }
    const lease = this.leases.get(code);
    if (lease?.token === token) lease.provenUntil = sentAt + this.leaseTrust();
    for (const write of writes) {
      // Normally in the history before the ack; never holding the room up for long (the race
      // is safe in the outbox, and the drain copies it later).
      if (write.type === 'persistRace')
        await within(COPY_WAIT_MS, this.deps.races.copy(code, write.record.id));
    }
  }

  /** The lease keeper found the lease gone: another node may run the room now. */
  lostLease(code: string, token: string): void {
    if (this.leases.get(code)?.token === token) this.lose(code);
  }

  /** Another node owns the room now: stop it here and send its members there. */
  private lose(code: string): void {
    const hosted = this.host.release(code);
    const lease = this.leases.get(code);
    if (!hosted || !lease) return;
    hosted.runner.fence();
    this.unhold(code);
    // Held still when the log was out of step (a write applied, its reply lost): let it go, so
    // the room is taken over from what Redis has. A lost lease is left alone (token-checked).
    this.deps.redis.release(code, lease.token).catch(() => undefined);
    this.fenced += 1;
    this.deps.log.warn({ code }, 'the room is left to be taken over from Redis');
    this.deps.lost(code);
  }

  /** Stops a room here and lets its lease go (nobody joined it). */
  private drop(code: string): void {
    const hosted = this.host.release(code);
    if (hosted) void hosted.runner.stop();
    this.letGo(code);
  }

  /** A room no longer runs here (closed, or dropped): its lease goes. */
  private letGo(code: string): void {
    const lease = this.leases.get(code);
    if (!lease) return;
    this.unhold(code);
    this.deps.redis.release(code, lease.token).catch((error: unknown) => {
      this.deps.log.warn({ err: error, code }, 'lease not released (it expires by itself)');
    });
  }

  /** Rooms whose owner has gone, taken over (a few at a time; other nodes sweep too). */
  async sweep(): Promise<void> {
    if (this.stopping) return;
    const live = (await this.deps.redis.liveRooms()).filter((code) => !this.host.get(code));
    const orphans = await this.deps.redis.unleased(live);
    for (const code of shuffle(orphans)) {
      if (this.stopping) return;
      await this.takeOver(code).catch((error: unknown) => {
        this.deps.log.warn({ err: error, code }, 'takeover failed');
      });
    }
  }

  /**
   * Stops taking commands and over rooms; each room finishes its command in progress, then its
   * lease is released so another node takes it over at once.
   */
  async shutdown(drainMs: number): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.loading.values()]);
    await this.host.drain(drainMs);
    const held = [...this.leases];
    this.leases.clear();
    await Promise.all(
      held.map(([code, lease]) => {
        this.host.release(code);
        this.deps.keeper.drop(code);
        this.deps.owns?.(code, false);
        return this.deps.redis.release(code, lease.token).catch(() => undefined);
      }),
    );
  }
}
