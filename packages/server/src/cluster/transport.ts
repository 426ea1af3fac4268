import type { ServerEventName, SessionEndedEvent } from '@percent/protocol';
import type { RoomTransport, ServerPayload } from '../runner/transport.ts';
import type { PercentServer } from '../socket/types.ts';

/** Server-side events between the nodes (through the Socket.IO adapter). */
export const NodeEvent = {
  /** A connection (on some node) no longer belongs to its room: route its events nowhere. */
  unroute: 'percent:unroute',
  /** A room has a new owner that restored it: its members on every node must rejoin. */
  moved: 'percent:moved',
} as const;

type Emit<E extends ServerEventName> = (event: E, payload: ServerPayload<E>) => boolean;
type ServerSide = { serverSideEmit(event: string, ...args: unknown[]): boolean };

/**
 * The rooms' transport in cluster mode: a connection on this node is written to directly; one on
 * another node is reached through the Socket.IO adapter (every socket is in a room named by its
 * id, on whichever node it is).
 */
export class ClusterTransport implements RoomTransport {
  constructor(private readonly io: PercentServer) {}

  send<E extends ServerEventName>(connectionId: string, event: E, payload: ServerPayload<E>): void {
    const local = this.io.sockets.sockets.get(connectionId);
    const target = local ?? this.io.to(connectionId);
    (target.emit as Emit<E>).call(target, event, payload);
  }

  sendAll<E extends ServerEventName>(
    connectionIds: readonly string[],
    event: E,
    payload: ServerPayload<E>,
  ): void {
    const local: string[] = [];
    const remote: string[] = [];
    for (const id of connectionIds) (this.io.sockets.sockets.has(id) ? local : remote).push(id);
    if (local.length > 0) {
      const here = this.io.local.to(local);
      (here.emit as Emit<E>).call(here, event, payload);
    }
    if (remote.length > 0) {
      const there = this.io.to(remote);
      (there.emit as Emit<E>).call(there, event, payload);
    }
  }

  endSession(connectionId: string, event: SessionEndedEvent): void {
    const local = this.io.sockets.sockets.get(connectionId);
    if (local) {
      local.data.code = null;
      local.emit('session:ended', event);
      return;
    }
    this.io.to(connectionId).emit('session:ended', event);
    (this.io as unknown as ServerSide).serverSideEmit(NodeEvent.unroute, connectionId);
  }
}
