import { randomInt } from 'node:crypto';
import type { RoomSettings } from '@percent/protocol';
import type { Logger } from 'pino';
import {
  createRoom,
  makeRoomCode,
  restoreRoom,
  type Room,
  type RoomTimings,
} from '../rooms/index.ts';
import type { Heartbeat, SavedRoom, Store } from '../store/store.ts';
import { RoomRunner, type RunnerDeps } from './room-runner.ts';
import type { RoomTransport } from './transport.ts';

export interface RegistryDeps {
  readonly store: Store;
  readonly transport: RoomTransport;
  readonly timings: RoomTimings;
  readonly log: Logger;
  /** The server clock (ms); tests may pin it. */
  readonly now?: () => number;
}

/** How long a shutdown waits for a room's command in progress (a puzzle draw, say). */
const DRAIN_MS = 1000;
/** How often the store records that the server is up (a restart measures its outage by it). */
const HEARTBEAT_MS = 1000;

/**
 * Every live room, by code, each with its own runner: a slow command in one room never delays
 * another. Rooms are opened here, brought back from the store at start, and stopped at
 * shutdown.
 */
export class RoomRegistry {
  private readonly runners = new Map<string, RoomRunner>();
  /** Moves since start: judged (counted once) and answered as retries (`/healthz`). */
  readonly moves = { accepted: 0, duplicates: 0 };
  private readonly runnerDeps: RunnerDeps;
  private heartbeats: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: RegistryDeps) {
    this.runnerDeps = {
      store: deps.store,
      transport: deps.transport,
      log: deps.log,
      now: deps.now ?? Date.now,
      onClose: (code) => {
        this.runners.delete(code);
        this.deps.log.info({ code, rooms: this.runners.size }, 'room closed');
      },
      onMove: (duplicate) => {
        this.moves[duplicate ? 'duplicates' : 'accepted'] += 1;
      },
    };
  }

  get size(): number {
    return this.runners.size;
  }

  get players(): number {
    let n = 0;
    for (const runner of this.runners.values()) n += runner.room.seats.length;
    return n;
  }

  find(code: string): RoomRunner | undefined {
    return this.runners.get(code);
  }

  /** A new, empty room under a fresh code; its creator joins it next. */
  open(settings: Partial<RoomSettings> = {}): RoomRunner {
    const random = () => randomInt(1 << 30) / (1 << 30);
    let code = makeRoomCode(random);
    while (this.runners.has(code)) code = makeRoomCode(random);
    return this.add(createRoom(code, this.deps.timings, settings));
  }

  /** Forgets a room nobody ever joined (its creator's join failed or the connection dropped). */
  discardIfEmpty(runner: RoomRunner): void {
    if (runner.room.seats.length > 0 || this.runners.get(runner.code) !== runner) return;
    this.runners.delete(runner.code);
    void runner.stop();
  }

  private add(room: Room): RoomRunner {
    const runner = new RoomRunner(room, this.runnerDeps);
    this.runners.set(room.code, runner);
    this.deps.log.info({ code: room.code, rooms: this.runners.size }, 'room opened');
    return runner;
  }

  /**
   * Brings back the rooms that were live at the last stop: each snapshot with the moves logged
   * after it. A snapshot that cannot be restored is skipped with its reason (and left stored);
   * it never stops the others. Races pause for the outage (`awayMs`). Then the heartbeat
   * starts (every second). Returns how many rooms came back.
   */
  async restore(): Promise<number> {
    const awayMs = outageOf(this.deps.store.lastHeartbeat(), this.runnerDeps.now());
    if (awayMs > 0) this.deps.log.info({ awayMs }, 'the server was away: race clocks pause');
    for (const saved of this.deps.store.loadRooms()) {
      const reason = await this.restoreOne(saved, awayMs);
      if (reason) this.deps.log.warn({ code: saved.code, reason }, 'room not restored');
    }
    this.beat();
    this.heartbeats = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeats.unref();
    return this.runners.size;
  }

  private beat(final = false): void {
    try {
      this.deps.store.heartbeat(this.runnerDeps.now(), final);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'heartbeat not stored');
    }
  }

  /** Restores one room; the reason when it could not be. */
  private async restoreOne(saved: SavedRoom, awayMs: number): Promise<string | null> {
    if (this.runners.has(saved.code)) return 'a room with this code is already open';
    const log =
      saved.raceId === null
        ? { ok: true as const, value: [] }
        : this.deps.store.movesOf(saved.raceId);
    if (!log.ok) return log.message;
    const now = this.runnerDeps.now();
    const restored = restoreRoom(saved.snapshot, log.value, now, this.deps.timings, awayMs);
    if (!restored.ok) return restored.message;
    const runner = this.add(restored.room);
    try {
      await runner.resume(restored.effects);
    } catch (error) {
      void runner.stop();
      this.runners.delete(saved.code);
      return error instanceof Error ? error.message : String(error);
    }
    return null;
  }

  /** Stops every room: no command is taken after this; each finishes the one it is on. */
  async shutdown(): Promise<void> {
    clearInterval(this.heartbeats);
    this.beat(true);
    const drained = Promise.all([...this.runners.values()].map((runner) => runner.stop()));
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
  }
}

/**
 * How long the server was away, from its last heartbeat. A clean stop wrote the very moment
 * it went; a crash happened somewhere in the period after the last beat, so the outage is
 * counted from the end of that period: a race clock then never runs backwards (a player may
 * lose up to one period of the pause, never gain time they had already seen pass).
 */
export function outageOf(last: Heartbeat | null, now: number): number {
  if (last === null) return 0;
  return Math.max(0, now - last.at - (last.final ? 0 : HEARTBEAT_MS));
}
