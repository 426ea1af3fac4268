import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * `@socket.io/sticky` routes an HTTP request that names a Socket.IO session (`sid=…`) to the
 * worker that opened the session, which it learns from that worker's `sticky:connection` IPC
 * message. The worker sends that message while it answers the handshake, so a fast client's
 * next request (a new TCP connection: sticky's workers answer `Connection: close`) can reach
 * the primary before the message does. Sticky then picks a worker by load, half the time the
 * other one, which answers "Session ID unknown", and the client's polling fails ("xhr poll
 * error"; seen in CI under load).
 *
 * Here the primary holds a request naming a session it has not heard of yet until the message
 * arrives (or `maxWaitMs` passes: a session that ended long ago goes on to sticky's answer, as
 * before). The rest of sticky is untouched: its `connection` handler still reads the socket,
 * only its first chunk comes later.
 */
export interface SessionSource {
  on(event: 'message', listener: (worker: unknown, message: unknown) => void): unknown;
}

const SID = /sid=([\w-]{20})/;

export interface SessionWaitOptions {
  /** How long a request naming an unknown session is held at most. */
  readonly maxWaitMs?: number;
  /**
   * Called with the head of a connection's first request right before sticky reads it; the
   * undo it returns runs right after (`RoomRoutes.steer`: a handshake naming its room goes to
   * the room's owner).
   */
  readonly steer?: (head: string) => (() => void) | undefined;
  /**
   * Called with the head of a connection's first request before anything else: true when it
   * answered the request itself (the primary's `/healthz`), and nothing of the connection
   * reaches sticky then.
   */
  readonly answer?: (head: string, socket: Socket) => boolean;
}

/** Wraps sticky's handlers on `http` (call right after `setupMaster`). */
export function waitForKnownSessions(
  http: Server,
  workers: SessionSource,
  { maxWaitMs = 2000, steer, answer }: SessionWaitOptions = {},
): { readonly known: ReadonlySet<string> } {
  const known = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  workers.on('message', (_worker, message) => {
    const { type, data } = (message ?? {}) as { type?: unknown; data?: unknown };
    if (typeof data !== 'string') return;
    if (type === 'sticky:connection') {
      known.add(data);
      for (const wake of waiting.get(data) ?? []) wake();
      waiting.delete(data);
    } else if (type === 'sticky:disconnection') {
      known.delete(data);
    }
  });
  const stickyHandlers = http.listeners('connection') as ((socket: Socket) => void)[];
  http.removeAllListeners('connection');
  http.on('connection', (socket: Socket) => {
    for (const handler of stickyHandlers) handler.call(http, socket);
    holdFirstChunk(socket, { steer, answer }, (sid) => {
      if (known.has(sid)) return undefined;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxWaitMs);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.set(sid, [...(waiting.get(sid) ?? []), wake]);
      });
    });
  });
  return { known };
}

/**
 * Puts itself in front of the socket's `data` listeners (sticky's): the first chunk, when it
 * names a session `wait` says to wait for, reaches them once that wait is over; later chunks
 * queue behind it, in order.
 */
function holdFirstChunk(
  socket: Socket,
  { steer, answer }: Pick<SessionWaitOptions, 'steer' | 'answer'>,
  wait: (sid: string) => Promise<void> | undefined,
): void {
  const listeners = socket.listeners('data') as ((chunk: Buffer) => void)[];
  socket.removeAllListeners('data');
  const deliver = (chunk: Buffer) => {
    for (const listener of listeners) listener.call(socket, chunk);
  };
  const deliverFirst = (chunk: Buffer) => {
    const undo = steer?.(chunk.subarray(0, 2048).toString('latin1'));
    try {
      deliver(chunk);
    } finally {
      undo?.();
    }
  };
  let held: Buffer[] | null = null;
  let first = true;
  let answered = false;
  socket.on('data', (chunk: Buffer) => {
    if (answered) return;
    if (held !== null) return void held.push(chunk);
    if (!first) return deliver(chunk);
    first = false;
    const head = chunk.subarray(0, 2048).toString('latin1');
    if (answer?.(head, socket)) return void (answered = true);
    const sid = SID.exec(head)?.[1];
    const pending = sid === undefined ? undefined : wait(sid);
    if (pending === undefined) return deliverFirst(chunk);
    // Not paused: a socket sticky hands to a worker must not be read again by the primary
    // (hand-off.ts), and resuming it would. Whatever arrives meanwhile queues here.
    held = [chunk];
    void pending.then(() => {
      const queued = held ?? [];
      held = null;
      if (socket.destroyed) return;
      queued.forEach((piece, i) => (i === 0 ? deliverFirst(piece) : deliver(piece)));
    });
  });
}
