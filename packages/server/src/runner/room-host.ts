import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import {
  makeRoomCode,
  restoreRoom,
  type MoveRecord,
  type Room,
  type RoomTimings,
} from '../rooms/index.ts';
import type { RoomHandle } from './directory.ts';
import type { RoomLog } from './room-log.ts';
import { RoomRunner, type CheckPuzzle, type DrawPuzzle, type RunnerDeps } from './room-runner.ts';
import { StallWatch } from './stall-watch.ts';
import type { RoomTransport } from './transport.ts';

/** A room this process runs: its runner, and the handle the socket layer reaches it by. */
export interface HostedRoom {
  readonly runner: RoomRunner;
  readonly handle: RoomHandle;
}

export interface RoomHostDeps {
  readonly transport: RoomTransport;
  readonly timings: RoomTimings;
  readonly draw: DrawPuzzle;
  /** Checks a host's own puzzle (`room:puzzle`). */
  readonly check: CheckPuzzle;
  readonly log: Logger;
  /** The server clock (ms). */
  readonly now: () => number;
  /** A room closed by itself (its last player left): the host has let it go already. */
  readonly onClosed?: (code: string) => void;
}

/**
 * What one room runs with besides the host's deps: where its writes go (the process's SQLite,
 * or Redis fenced by this node's lease) and, in a cluster, the proof of ownership.
 */
export type RoomTerms = Pick<RunnerDeps, 'proven' | 'onFenced'> & { readonly log: RoomLog };

export type Restored =
  | { readonly ok: true; readonly hosted: HostedRoom }
  | {
      readonly ok: false;
      /** The stored room makes no sense (else resuming it failed: its writes did). */
      readonly unreadable: boolean;
      readonly reason: string;
      readonly error?: unknown;
    };

/** A room as stored: its snapshot and the moves logged after it. */
export interface SavedRoomLog {
  readonly snapshot: string;
  readonly moves: readonly MoveRecord[];
}

/**
 * The rooms this process runs, by code, each with its own runner — one host for the single
 * process (`registry.ts`) and for a cluster node (`cluster/cluster-rooms.ts`), which differ only
 * in where a room's writes go and how a code is claimed. It opens rooms under fresh codes,
 * restores them from a snapshot and log, counts rooms, players and moves, and drains them at
 * shutdown. A slow command in one room never delays another.
 */
export class RoomHost {
  private readonly rooms = new Map<string, HostedRoom>();
  /** Pauses every race here when the process stood still (`stall-watch.ts`). */
  private readonly watch: StallWatch;
  /** Moves since start: judged (counted once) and answered as retries (`/healthz`). */
  readonly moves = { accepted: 0, duplicates: 0 };

  constructor(private readonly deps: RoomHostDeps) {
    this.watch = new StallWatch(deps.now, (at, ms) => {
      this.deps.log.warn(
        { stalledMs: ms, rooms: this.rooms.size },
        'the process stood still: races pause',
      );
      for (const { runner } of this.rooms.values()) runner.post({ type: 'stall', at, ms });
    });
    this.watch.start();
  }

  get size(): number {
    return this.rooms.size;
  }

  get players(): number {
    let n = 0;
    for (const { runner } of this.rooms.values()) n += runner.room.seats.length;
    return n;
  }

  get(code: string): HostedRoom | undefined {
    return this.rooms.get(code);
  }

  codes(): string[] {
    return [...this.rooms.keys()];
  }

  /** A fresh room code no room here has (a cluster node claims it in Redis next). */
  unusedCode(): string {
    const random = () => randomInt(1 << 30) / (1 << 30);
    let code = makeRoomCode(random);
    while (this.rooms.has(code)) code = makeRoomCode(random);
    return code;
  }

  /** Runs `room` here under `terms`. */
  adopt(room: Room, terms: RoomTerms): HostedRoom {
    const code = room.code;
    const runner: RoomRunner = new RoomRunner(room, {
      store: terms.log,
      transport: this.deps.transport,
      log: this.deps.log,
      now: this.deps.now,
      onClose: () => {
        if (this.rooms.get(code)?.runner !== runner) return;
        this.rooms.delete(code);
        this.deps.log.info({ code, rooms: this.rooms.size }, 'room closed');
        this.deps.onClosed?.(code);
      },
      onMove: (duplicate) => {
        this.moves[duplicate ? 'duplicates' : 'accepted'] += 1;
      },
      ...(terms.proven && { proven: terms.proven }),
      ...(terms.onFenced && { onFenced: terms.onFenced }),
      beforeTimer: () => this.watch.poll(),
    });
    const hosted: HostedRoom = {
      runner,
      handle: {
        code,
        submit: (command) => runner.submit(command),
        startRace: (connectionId) => runner.startRace(connectionId, this.deps.draw),
        importPuzzle: (connectionId, text) =>
          runner.importPuzzle(connectionId, text, this.deps.check),
      },
    };
    this.rooms.set(code, hosted);
    this.deps.log.info({ code, rooms: this.rooms.size }, 'room opened');
    return hosted;
  }

  /**
   * Brings a stored room back (`restoreRoom`: the snapshot, its logged moves, the outage
   * `awayMs` its race clock pauses for) and resumes its effects (the shifted snapshot written,
   * timers armed). When it cannot be, nothing of it stays here: `unreadable` (the stored room
   * makes no sense; left stored for inspection) or `failed` (resuming it threw: its writes
   * failed; it may be restored later).
   */
  async restore(
    code: string,
    saved: SavedRoomLog,
    awayMs: number,
    terms: RoomTerms,
  ): Promise<Restored> {
    if (this.rooms.has(code)) return { ok: false, unreadable: true, reason: 'already open here' };
    const now = this.deps.now();
    const restored = restoreRoom(saved.snapshot, saved.moves, now, this.deps.timings, awayMs);
    if (!restored.ok) return { ok: false, unreadable: true, reason: restored.message };
    const hosted = this.adopt(restored.room, terms);
    try {
      await hosted.runner.resume(restored.effects);
    } catch (error) {
      // Nothing half-restored stays: no timer ran, so the room is left as stored.
      hosted.runner.fence();
      this.rooms.delete(code);
      return { ok: false, unreadable: false, reason: String(error), error };
    }
    return { ok: true, hosted };
  }

  /** Lets a room go from here (the caller stops or fences its runner). */
  release(code: string): HostedRoom | undefined {
    const hosted = this.rooms.get(code);
    this.rooms.delete(code);
    return hosted;
  }

  /**
   * Stops every room: no command is taken after this; each finishes the one it is on, for at
   * most `ms`. The rooms stay listed (a cluster node releases their leases next).
   */
  async drain(ms: number): Promise<void> {
    this.watch.stop();
    const drained = Promise.all([...this.rooms.values()].map(({ runner }) => runner.stop()));
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }
}
