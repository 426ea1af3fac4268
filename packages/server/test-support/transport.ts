import type { ServerEventName, SessionEndedEvent } from '@percent/protocol';
import type { RoomTransport, ServerPayload } from '../src/runner/transport.ts';

/** One thing a room did to the outside world, in the order it did it. */
export type Sent =
  | {
      readonly kind: 'send';
      readonly to: string;
      readonly event: ServerEventName;
      readonly payload: unknown;
    }
  | { readonly kind: 'end'; readonly to: string; readonly event: SessionEndedEvent };

/**
 * The rooms' transport in memory, for tests: everything sent goes to `journal` (shared with a
 * recording store, so the order of writes and messages can be asserted). `closed` connections
 * receive nothing, as a dropped socket would.
 */
export class MemoryTransport implements RoomTransport {
  readonly closed = new Set<string>();

  constructor(readonly journal: unknown[] = []) {}

  send<E extends ServerEventName>(connectionId: string, event: E, payload: ServerPayload<E>): void {
    if (this.closed.has(connectionId)) return;
    this.journal.push({ kind: 'send', to: connectionId, event, payload } satisfies Sent);
  }

  sendAll<E extends ServerEventName>(ids: readonly string[], event: E, payload: ServerPayload<E>) {
    for (const id of ids) this.send(id, event, payload);
  }

  endSession(connectionId: string, event: SessionEndedEvent): void {
    this.journal.push({ kind: 'end', to: connectionId, event } satisfies Sent);
  }

  /** What one connection received, in order. */
  received(connectionId: string): Sent[] {
    return this.journal.filter(
      (entry): entry is Sent => isSent(entry) && entry.to === connectionId,
    );
  }
}

const isSent = (entry: unknown): entry is Sent =>
  typeof entry === 'object' && entry !== null && 'kind' in entry;
