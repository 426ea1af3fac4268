import type { ServerEventName, SessionEndedEvent } from '@percent/protocol';
import type { RoomTransport, ServerPayload } from '../runner/transport.ts';
import type { PercentServer, PercentSocket } from './types.ts';

/** The rooms' transport over Socket.IO: a connection id is the socket's id. */
export class SocketTransport implements RoomTransport {
  constructor(private readonly io: PercentServer) {}

  send<E extends ServerEventName>(connectionId: string, event: E, payload: ServerPayload<E>): void {
    const socket = this.io.sockets.sockets.get(connectionId);
    (socket?.emit as Emit<E> | undefined)?.call(socket, event, payload);
  }

  sendAll<E extends ServerEventName>(
    connectionIds: readonly string[],
    event: E,
    payload: ServerPayload<E>,
  ): void {
    // Every socket is in a Socket.IO room named by its id: one serialisation for them all.
    const target = this.io.to([...connectionIds]);
    (target.emit as Emit<E>).call(target, event, payload);
  }

  endSession(connectionId: string, event: SessionEndedEvent): void {
    const socket: PercentSocket | undefined = this.io.sockets.sockets.get(connectionId);
    if (!socket) return;
    socket.data.code = null;
    socket.emit('session:ended', event);
  }
}

type Emit<E extends ServerEventName> = (event: E, payload: ServerPayload<E>) => boolean;
