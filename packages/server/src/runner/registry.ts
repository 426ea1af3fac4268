import type { RoomSettings } from '@percent/protocol';
import type { Logger } from 'pino';
import { createRoom, type RoomTimings } from '../rooms/index.ts';
import { GroupCommit } from './group-commit.ts';
import type { Heartbeat, SavedRoom, Store } from '../store/store.ts';
import { RoomHost, type HostedRoom } from './room-host.ts';
import type { CheckPuzzle, DrawPuzzle, RoomRunner } from './room-runner.ts';
import type { RoomTransport } from './transport.ts';

export interface RegistryDeps {
  readonly store: Store;
  readonly transport: RoomTransport;
  readonly timings: RoomTimings;
  readonly log: Logger;
  /** Draws a race's puzzle (tests that only seat players may leave it out). */
  readonly draw?: DrawPuzzle;
  /** Checks a host's own puzzle (likewise). */
  readonly check?: CheckPuzzle;
  /** The server clock (ms); tests may pin it. */
  readonly now?: () => number;
  /** The shortest time between two SQLite transactions, ms (`GroupCommit`; its default). */
  readonly groupCommitMs?: number;
}

/** How long a shutdown waits for a room's command in progress (a puzzle draw, say). */
const DRAIN_MS = 1000;
/** How often the store records that the server is up (a restart measures its outage by it). */
const HEARTBEAT_MS = 1000;

const noPuzzles: DrawPuzzle = () => Promise.reject(new Error('no puzzle pool'));
const noChecks: CheckPuzzle = () => Promise.reject(new Error('no puzzle pool'));

/**
 * The rooms of one process: a `RoomHost` whose rooms write to the process's SQLite `Store`
 * (through `GroupCommit`: one transaction per window of `groupCommitMs`),
 * brought back from its snapshots at start (with the heartbeat that measures the outage) and
 * drained at shutdown.
 */
export class RoomRegistry {
  readonly host: RoomHost;
  /** Where every room writes: the store, at most one transaction per `groupCommitMs`. */
  readonly log: GroupCommit;

  constructor(private readonly deps: RegistryDeps) {
    this.log = new GroupCommit(deps.store, { windowMs: deps.groupCommitMs });
    this.host = new RoomHost({
      transport: deps.transport,
      timings: deps.timings,
      draw: deps.draw ?? noPuzzles,
      check: deps.check ?? noChecks,
      log: deps.log,
      now: deps.now ?? Date.now,
    });
  }

  private heartbeats: ReturnType<typeof setInterval> | undefined;

  get size(): number {
    return this.host.size;
  }

  get players(): number {
    return this.host.players;
  }

  get moves(): RoomHost['moves'] {
    return this.host.moves;
  }

  find(code: string): RoomRunner | undefined {
    return this.host.get(code)?.runner;
  }

  /** A new, empty room under a fresh code; its creator joins it next. */
  open(settings: Partial<RoomSettings> = {}): RoomRunner {
    return this.openRoom(settings).runner;
  }

  openRoom(settings: Partial<RoomSettings> = {}): HostedRoom {
    const room = createRoom(this.host.unusedCode(), this.deps.timings, settings);
    return this.host.adopt(room, { log: this.log });
  }

  /** Forgets a room nobody ever joined (its creator's join failed or the connection dropped). */
  discardIfEmpty(code: string): void {
    const hosted = this.host.get(code);
    if (!hosted || hosted.runner.room.seats.length > 0) return;
    this.host.release(code);
    void hosted.runner.stop();
  }

  /**
   * Brings back the rooms that were live at the last stop: each snapshot with the moves logged
   * after it. A snapshot that cannot be restored is skipped with its reason (and left stored);
   * it never stops the others. Races pause for the outage (`awayMs`). Then the heartbeat
   * starts (every second). Returns how many rooms came back.
   */
  async restore(): Promise<number> {
    const now = this.deps.now ?? Date.now;
    const awayMs = outageOf(this.deps.store.lastHeartbeat(), now());
    if (awayMs > 0) this.deps.log.info({ awayMs }, 'the server was away: race clocks pause');
    for (const saved of this.deps.store.loadRooms()) {
      const reason = await this.restoreOne(saved, awayMs);
      if (reason) this.deps.log.warn({ code: saved.code, reason }, 'room not restored');
    }
    this.beat();
    this.heartbeats = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeats.unref();
    return this.host.size;
  }

  private beat(final = false): void {
    try {
      this.deps.store.heartbeat((this.deps.now ?? Date.now)(), final);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'heartbeat not stored');
    }
  }

  /** Restores one room; the reason when it could not be. */
  private async restoreOne(saved: SavedRoom, awayMs: number): Promise<string | null> {
    const log =
      saved.raceId === null
        ? { ok: true as const, value: [] }
        : this.deps.store.movesOf(saved.raceId);
    if (!log.ok) return log.message;
    const stored = { snapshot: saved.snapshot, moves: log.value };
    const restored = await this.host.restore(saved.code, stored, awayMs, { log: this.log });
    return restored.ok ? null : restored.reason;
  }

  /** Stops every room: no command is taken after this; each finishes the one it is on. */
  async shutdown(): Promise<void> {
    clearInterval(this.heartbeats);
    this.beat(true);
    await this.host.drain(DRAIN_MS);
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
