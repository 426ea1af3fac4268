/**
 * The one Socket.IO connection to the server that served the page, typed by the protocol's
 * event maps. Requests are promises of `Result` values: a reply from the server, or a local
 * `TIMEOUT` / `OFFLINE` error — never a thrown exception. `connection` is a signal of the
 * link's state for the indicator; `onConnect` listeners run after every (re)connection so a
 * room can rejoin with its session token and take the server's snapshot.
 */
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type HandshakeAuth,
  type Result,
  type ServerToClientEvents,
  type WireError,
} from '@percent/protocol';
import { signal } from '@preact/signals';
import { io, type Socket } from 'socket.io-client';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';
export type PercentSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Errors made on this side of the wire (the server's codes are `ErrorCodeName`). */
export const LocalError = { timeout: 'TIMEOUT', offline: 'OFFLINE' } as const;
export type LocalErrorName = (typeof LocalError)[keyof typeof LocalError];

export type NetError = WireError | { readonly code: LocalErrorName; readonly message: string };
export type NetResult<T extends object> =
  ({ readonly ok: true } & T) | { readonly ok: false; readonly error: NetError };

type EventName = keyof ClientToServerEvents;
type PayloadOf<E extends EventName> = Parameters<ClientToServerEvents[E]>[0];
type ReplyOf<E extends EventName> =
  Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends Result<infer T> ? T : never;

export const DEFAULT_TIMEOUT_MS = 8000;

export const connection = signal<ConnectionState>('connecting');
/** Set when the server speaks another protocol version: the page must be reloaded. */
export const versionMismatch = signal(false);

let socket: PercentSocket | undefined;
const connectListeners = new Set<() => void>();

/** The shared socket, opened on first use. */
export function getSocket(): PercentSocket {
  if (socket) return socket;
  const auth: HandshakeAuth = { protocol: PROTOCOL_VERSION };
  const made: PercentSocket = io({ auth, transports: ['websocket', 'polling'] });
  made.on('connect', () => {
    connection.value = 'connected';
    for (const listener of [...connectListeners]) listener();
  });
  made.on('disconnect', () => {
    connection.value = navigator.onLine === false ? 'offline' : 'reconnecting';
  });
  made.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    if (error.data?.code === 'VERSION_MISMATCH' || error.message === 'VERSION_MISMATCH') {
      versionMismatch.value = true;
      made.disconnect();
    }
    connection.value = navigator.onLine === false ? 'offline' : 'reconnecting';
  });
  made.io.on('reconnect_failed', () => (connection.value = 'offline'));
  window.addEventListener('offline', () => {
    if (!made.connected) connection.value = 'offline';
  });
  window.addEventListener('online', () => {
    if (!made.connected) made.connect();
  });
  socket = made;
  return made;
}

/** Runs `listener` after every connection (the first included); returns the unsubscribe. */
export function onConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  if (socket?.connected) listener();
  return () => connectListeners.delete(listener);
}

/** Resolves true once connected (at once when already), false after `timeoutMs`. */
export function whenConnected(timeoutMs: number): Promise<boolean> {
  const s = getSocket();
  if (s.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      s.off('connect', onConnected);
      resolve(value);
    };
    const onConnected = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    s.on('connect', onConnected);
  });
}

export interface RequestOptions {
  readonly timeoutMs?: number;
  /** Wait for a connection first (default); moves say no and are re-sent after a rejoin. */
  readonly waitForConnection?: boolean;
}

/**
 * Emits `event` with its acknowledgement. Not connected (and not waiting): `OFFLINE` at once,
 * so Socket.IO's own send buffer never replays a request before the seat is regained.
 */
export async function request<E extends EventName>(
  event: E,
  payload: PayloadOf<E>,
  { timeoutMs = DEFAULT_TIMEOUT_MS, waitForConnection = true }: RequestOptions = {},
): Promise<NetResult<ReplyOf<E>>> {
  const s = getSocket();
  const connected = waitForConnection ? await whenConnected(timeoutMs) : s.connected;
  if (!connected) return { ok: false, error: { code: 'OFFLINE', message: 'not connected' } };
  // The event maps type each event separately; one generic call needs this loose view of it.
  const timed = s.timeout(timeoutMs) as unknown as {
    emitWithAck(e: string, p: unknown): Promise<NetResult<ReplyOf<E>>>;
  };
  try {
    return await timed.emitWithAck(event, payload);
  } catch {
    const message = `${event}: no reply in ${timeoutMs} ms`;
    return { ok: false, error: { code: 'TIMEOUT', message } };
  }
}
