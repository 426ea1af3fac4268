import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RoomOutcome } from './outcome.ts';
import type { ReplayPlan } from './replay.ts';
import { PLAYERS_PER_ROOM, SimRoom, type MoveMix } from './room.ts';

/**
 * The simulated players of a load test, wherever they run: in this process (`LocalPool`) or in
 * generator processes (`generators.ts`). The rooms are numbered 0…n−1 over the whole run; seat
 * `s` of room `r` connects to node `(r + s) mod nodes` (`nodeOf`), whichever process runs it.
 */
export interface PlayerPool {
  /** Opens every room (created, joined, readied) and starts its race; resolves once all race. */
  open(): Promise<void>;
  /**
   * Every player moves for `durationMs` — once a second by `mix`, or as its recorded script
   * says (`replay`); what the players' side cost meanwhile.
   */
  race(durationMs: number, mix: MoveMix, replay?: ReplayPlan): Promise<PlayersCost>;
  /** Each room's counters and the server's final view of it (read now). */
  outcomes(): Promise<RoomOutcome[]>;
  /** A node was killed: players dropped from it reconnect to the next live one. */
  nodeDied(node: number): void;
  close(): Promise<void>;
}

/** The players' own CPU and event-loop delay over the race. */
export interface PlayersCost {
  /** CPU seconds of every process running players (and of this one). */
  readonly cpuSec: number;
  /** Processes that ran players. */
  readonly processes: number;
  /** The worst of their event-loop delays. */
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
}

export interface PoolPlan {
  /** The nodes' URLs (one for a single server or a `--workers` primary). */
  readonly urls: readonly string[];
  readonly players: number;
  /** Players reconnect to another node when theirs drops (runs on several nodes). */
  readonly failover: boolean;
}

/** Rooms set up (connected, created, joined, readied) at once, per process. */
export const SETUP_CONCURRENCY = 25;

/** The sizes of the run's rooms: rooms of 4, the last one smaller when the count says so. */
export function roomSizes(total: number): number[] {
  const sizes: number[] = [];
  for (let left = total; left > 0; left -= PLAYERS_PER_ROOM)
    sizes.push(Math.min(PLAYERS_PER_ROOM, left));
  return sizes;
}

/** Where a player whose node `from` dropped reconnects: the next live node in ring order. */
export function nextLive(urls: readonly string[], dead: ReadonlySet<number>, from: string): string {
  const at = urls.indexOf(from);
  for (let step = 1; step <= urls.length; step++) {
    const next = (at + step) % urls.length;
    if (!dead.has(next)) return urls[next]!;
  }
  throw new Error('no live server node to reconnect to');
}

/**
 * Opens the rooms numbered `indices` (sizes from `roomSizes`) a few at a time, into `rooms` (so
 * that they are closed even when one fails), then starts every race at once.
 */
export async function openRooms(
  plan: PoolPlan,
  indices: readonly number[],
  dead: ReadonlySet<number>,
  rooms: SimRoom[],
): Promise<void> {
  const sizes = roomSizes(plan.players);
  const failover = plan.failover ? (url: string) => nextLive(plan.urls, dead, url) : undefined;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < indices.length) {
      const index = indices[next++]!;
      const urls = Array.from(
        { length: sizes[index]! },
        (_, seat) => plan.urls[(index + seat) % plan.urls.length]!,
      );
      rooms.push(await SimRoom.open(urls, index, failover));
    }
  };
  await Promise.all(Array.from({ length: Math.min(SETUP_CONCURRENCY, indices.length) }, lane));
  // All at once: most of a start is the countdown.
  await Promise.all(rooms.map((room) => room.start()));
}

/** Races the rooms, measuring this process's CPU and event-loop delay meanwhile. */
export async function raceRooms(
  rooms: readonly SimRoom[],
  durationMs: number,
  mix: MoveMix,
  replay?: ReplayPlan,
): Promise<PlayersCost> {
  // Resolution 1 ms: the histogram's values include the resolution, so keep it small.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const before = process.cpuUsage();
  await Promise.all(
    rooms.map((room) =>
      replay ? room.replay(replay, durationMs, mix.retryRate) : room.race(durationMs, mix),
    ),
  );
  const used = process.cpuUsage(before);
  loop.disable();
  return {
    cpuSec: (used.user + used.system) / 1e6,
    processes: 1,
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
  };
}

/** The rooms' outcomes, by room number: each room's counters and the server's final view. */
export async function outcomesOf(rooms: readonly SimRoom[]): Promise<RoomOutcome[]> {
  const out: RoomOutcome[] = [];
  for (const room of [...rooms].sort((a, b) => a.index - b.index))
    out.push({
      index: room.index,
      code: room.code,
      players: room.players,
      final: await room.finalProgress(),
    });
  return out;
}

/** The players in this process (the default: `--generators 1`). */
export class LocalPool implements PlayerPool {
  private readonly rooms: SimRoom[] = [];
  private readonly dead = new Set<number>();

  constructor(private readonly plan: PoolPlan) {}

  open(): Promise<void> {
    const indices = roomSizes(this.plan.players).map((_, i) => i);
    return openRooms(this.plan, indices, this.dead, this.rooms);
  }

  race(durationMs: number, mix: MoveMix, replay?: ReplayPlan): Promise<PlayersCost> {
    return raceRooms(this.rooms, durationMs, mix, replay);
  }

  outcomes(): Promise<RoomOutcome[]> {
    return outcomesOf(this.rooms);
  }

  nodeDied(node: number): void {
    this.dead.add(node);
  }

  close(): Promise<void> {
    for (const room of this.rooms) room.close();
    return Promise.resolve();
  }
}
