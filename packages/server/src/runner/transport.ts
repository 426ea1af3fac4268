import type { ServerEventName, ServerToClientEvents, SessionEndedEvent } from '@percent/protocol';

export type ServerPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * How a room reaches its members — the only thing the runner knows of connections. Socket.IO
 * implements it (`socket/transport.ts`); tests use an in-memory one (`testing.ts`).
 * A connection that has gone is skipped silently: what it missed it gets on rejoining.
 */
export interface RoomTransport {
  /** One event to one connection. */
  send<E extends ServerEventName>(connectionId: string, event: E, payload: ServerPayload<E>): void;
  /** The same event to several connections (serialised once). */
  sendAll<E extends ServerEventName>(
    connectionIds: readonly string[],
    event: E,
    payload: ServerPayload<E>,
  ): void;
  /** Tells the connection its seat or room is gone; it is no longer routed to the room. */
  endSession(connectionId: string, event: SessionEndedEvent): void;
}
