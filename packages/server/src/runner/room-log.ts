import type { PersistEffect } from '../rooms/index.ts';

/**
 * Where a room's writes go before its command is acknowledged: the move log, finished races and
 * room snapshots, all of one command at once (all or none). SQLite in one process (`Store`,
 * synchronous), Redis in cluster mode (`cluster/redis-rooms.ts`, fenced by the room's lease).
 * Throws when nothing was written: a `FencedError` when another node owns the room now.
 */
export interface RoomLog {
  commit(writes: readonly PersistEffect[]): void | Promise<void>;
}

/** The write was refused: this node's lease on the room is gone, another node may own it. */
export class FencedError extends Error {
  constructor(readonly code: string) {
    super(`room ${code}: this node no longer owns it`);
    this.name = 'FencedError';
  }
}

/** The store cannot be reached now (Redis down): nothing was written; the command may be retried. */
export class UnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UnavailableError';
  }
}
