import type { Worker } from 'node:cluster';
import { ROOM_QUERY } from '@percent/protocol';
import { isRoomOwnedMessage } from './messages.ts';

/**
 * Which worker runs which room, as the workers tell the primary (`percent:room` messages), so
 * that a new connection naming its room (`?room=CODE` in the handshake) is handed to the room's
 * owner: its commands then run where the room runs, with no forwarding over Redis and no
 * events through the adapter.
 *
 * `@socket.io/sticky` picks the worker for a connection without a session id by least
 * connections (`clientsCount`, a property it keeps on each cluster Worker) and offers no hook
 * to choose otherwise; `steer` makes the owner the least loaded for the one synchronous call
 * in which sticky reads the first chunk, and `sid-wait.ts` calls it exactly around that call.
 * A hint only: an unknown room, or an owner that is gone or still starting, leaves the choice
 * to sticky, and any worker can serve any room (by forwarding).
 */
export class RoomRoutes {
  private readonly owners = new Map<string, Worker>();

  /** Learns from `source`'s messages and forgets a worker's rooms when it exits. */
  constructor(source: RouteSource) {
    source.on('message', (worker: Worker, message: unknown) => {
      if (!isRoomOwnedMessage(message)) return;
      if (message.owned) this.owners.set(message.code, worker);
      else if (this.owners.get(message.code) === worker) this.owners.delete(message.code);
    });
    source.on('exit', (worker: Worker) => {
      for (const [code, owner] of this.owners) if (owner === worker) this.owners.delete(code);
    });
  }

  /** The worker that said last that it runs `code`. */
  ownerOf(code: string): Worker | undefined {
    return this.owners.get(code);
  }

  get size(): number {
    return this.owners.size;
  }

  /**
   * Called with a connection's first request head just before sticky reads it: when it names a
   * room whose owner can take it, that owner reads as the least loaded worker until the
   * returned undo runs (right after sticky's synchronous choice).
   */
  steer(head: string): (() => void) | undefined {
    const code = roomOfHead(head);
    const owner = code === undefined ? undefined : this.owners.get(code);
    if (!owner || owner.isDead() || !owner.isConnected()) return undefined;
    const balanced = owner as Worker & { clientsCount?: number };
    const count = balanced.clientsCount;
    // A worker still starting counts as full (workers.ts `holdBack`): not chosen here either.
    if (count === Number.MAX_SAFE_INTEGER) return undefined;
    balanced.clientsCount = -Infinity;
    return () => {
      balanced.clientsCount = count;
    };
  }
}

export interface RouteSource {
  on(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown;
  on(event: 'exit', listener: (worker: Worker) => void): unknown;
}

const ROOM_PARAM = new RegExp(`[?&]${ROOM_QUERY}=([A-Za-z]{5})(?=[&#\\s]|$)`);

/** The room code a request head's first line names in its query, in upper case. */
export function roomOfHead(head: string): string | undefined {
  const end = head.indexOf('\r\n');
  const line = end === -1 ? head : head.slice(0, end);
  if (line.includes('sid=')) return undefined; // a session already bound to its worker
  return ROOM_PARAM.exec(line)?.[1]?.toUpperCase();
}
