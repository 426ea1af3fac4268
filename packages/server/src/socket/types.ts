import type { ClientToServerEvents, ServerToClientEvents } from '@percent/protocol';
import type { Server, Socket } from 'socket.io';
import type { Logger } from '../log.ts';
import type { PuzzlePool } from '../puzzles/pool.ts';
import type { Recipient } from '../rooms/index.ts';
import type { Store } from '../store/store.ts';
import type { RoomHub } from './hub.ts';
import type { TokenBucket } from './rate-limit.ts';

/** What the server keeps on each connection. */
export interface SocketData {
  /** The room this connection is in (as a player or a spectator), or null. */
  code: string | null;
  recipient: Recipient | null;
  bucket: TokenBucket;
}

export type PercentServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
export type PercentSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

/** Timings of rooms; tests shorten them. */
export interface RoomTimings {
  /** From `race:start` to the puzzle (ms). */
  readonly countdownMs: number;
  /** How long a dropped player keeps the seat (ms). */
  readonly graceMs: number;
  /** Debounce of room snapshots (ms). */
  readonly snapshotMs: number;
}

export const DEFAULT_TIMINGS: RoomTimings = {
  countdownMs: 3000,
  graceMs: 60_000,
  snapshotMs: 2000,
};

/** What the event handlers work with. */
export interface HandlerDeps {
  readonly hub: RoomHub;
  readonly store: Store;
  readonly pool: PuzzlePool;
  readonly timings: RoomTimings;
  readonly log: Logger;
}
