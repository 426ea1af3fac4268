/**
 * A typed Socket.IO link to the server, by the protocol's event maps. Requests are promises of
 * `Result` values: a reply from the server, or a local `TIMEOUT` / `OFFLINE` error — never a
 * thrown exception. `onConnect` listeners run after every (re)connection, so a room can rejoin
 * with its session token; server events are subscribed through the link, so the socket under
 * it can be replaced (another node of a cluster) without anyone subscribing again.
 *
 * No browser or Node API: the web client wraps it with the page's online/offline events
 * (`client/src/net/connection.ts`), test bots open one per player.
 */
import {
  PROTOCOL_VERSION,
  ROOM_QUERY,
  ServerEvent,
  type ClientToServerEvents,
  type HandshakeAuth,
  type Result,
  type ServerEventName,
  type ServerToClientEvents,
  type WireError,
} from '@percent/protocol';
import { signal, type Signal } from '@preact/signals-core';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';
export type PercentSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Errors made on this side of the wire (the server's codes are `ErrorCodeName`). */
export const LocalError = { timeout: 'TIMEOUT', offline: 'OFFLINE' } as const;
export type LocalErrorName = (typeof LocalError)[keyof typeof LocalError];

export type NetError = WireError | { readonly code: LocalErrorName; readonly message: string };
export type NetResult<T extends object> =
  ({ readonly ok: true } & T) | { readonly ok: false; readonly error: NetError };

export type EventName = keyof ClientToServerEvents;
export type PayloadOf<E extends EventName> = Parameters<ClientToServerEvents[E]>[0];
export type ReplyOf<E extends EventName> =
  Parameters<Parameters<ClientToServerEvents[E]>[1]>[0] extends Result<infer T> ? T : never;
type Listener<E extends ServerEventName> = ServerToClientEvents[E];

export const DEFAULT_TIMEOUT_MS = 8000;

export interface RequestOptions {
  readonly timeoutMs?: number;
  /** Wait for a connection first (default); moves say no and are re-sent after a rejoin. */
  readonly waitForConnection?: boolean;
}

/** What a room session needs of a link (a test gives a fake one). */
export interface RoomLink {
  readonly connected: boolean;
  on<E extends ServerEventName>(event: E, listener: Listener<E>): () => void;
  onConnect(listener: () => void): () => void;
  request<E extends EventName>(
    event: E,
    payload: PayloadOf<E>,
    options?: RequestOptions,
  ): Promise<NetResult<ReplyOf<E>>>;
  /** Names the room the next connections are for (`ROOM_QUERY`); null: none. */
  routeTo?(code: string | null): void;
}

export interface LinkOptions {
  /** The link's state, when the caller keeps it (the page's indicator); else a new signal. */
  readonly state?: Signal<ConnectionState>;
  /** Set when the server speaks another protocol version (the page must be reloaded). */
  readonly versionMismatch?: Signal<boolean>;
  /** True when the device knows it is offline (a dropped link then reads `offline`). */
  readonly isOffline?: () => boolean;
  /** Sees every reply (a bot keeps the error codes it was answered). */
  readonly observe?: (event: EventName, reply: NetResult<object>) => void;
}

/** Every server → client event (the protocol's list): the link relays each to its listeners. */
const SERVER_EVENTS: readonly ServerEventName[] = Object.values(ServerEvent);

/** A Socket.IO client socket to `url` (the page's origin when undefined), speaking the protocol. */
export function openSocket(
  url: string | undefined,
  options: Partial<ManagerOptions & SocketOptions> = {},
): PercentSocket {
  const auth: HandshakeAuth = { protocol: PROTOCOL_VERSION };
  return url === undefined ? io({ auth, ...options }) : io(url, { auth, ...options });
}

export class Link implements RoomLink {
  readonly state: Signal<ConnectionState>;
  readonly versionMismatch: Signal<boolean>;
  private current: PercentSocket;
  private readonly connectListeners = new Set<() => void>();
  private readonly listeners = new Map<ServerEventName, Set<(payload: never) => void>>();
  private readonly detachers: (() => void)[] = [];
  /** The room named by `routeTo` (undefined: never named). */
  private room: string | null | undefined;

  constructor(
    socket: PercentSocket,
    private readonly options: LinkOptions = {},
  ) {
    this.state = options.state ?? signal<ConnectionState>('connecting');
    this.versionMismatch = options.versionMismatch ?? signal(false);
    this.current = socket;
    this.attach(socket);
  }

  get socket(): PercentSocket {
    return this.current;
  }

  get connected(): boolean {
    return this.current.connected;
  }

  /**
   * Moves the link onto `socket` (a node that is up, after this one went away): the old socket
   * is closed, listeners carry over, and `onConnect` listeners run once the new one connects.
   */
  replace(socket: PercentSocket): void {
    for (const detach of this.detachers.splice(0)) detach();
    this.current.disconnect();
    this.current = socket;
    if (this.room !== undefined) this.routeTo(this.room);
    this.attach(socket);
  }

  /**
   * Names the room every later connection (a reconnection, a replacement socket) is for, in
   * the handshake query (`ROOM_QUERY`): a server of several processes hands it to the one
   * running the room. The connection open now stays where it is.
   */
  routeTo(code: string | null): void {
    this.room = code;
    const opts = this.current.io.opts;
    const { [ROOM_QUERY]: _old, ...others } = (opts.query ?? {}) as Record<string, string>;
    opts.query = code === null ? others : { ...others, [ROOM_QUERY]: code };
  }

  /** Subscribes to a server event on whatever socket the link is on; returns the unsubscribe. */
  on<E extends ServerEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Runs `listener` after every connection (the first included); returns the unsubscribe. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    if (this.current.connected) listener();
    return () => this.connectListeners.delete(listener);
  }

  /** Resolves true once connected (at once when already), false after `timeoutMs`. */
  whenConnected(timeoutMs: number): Promise<boolean> {
    if (this.current.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        off();
        resolve(value);
      };
      const off = this.onConnect(() => done(true));
      const timer = setTimeout(() => done(false), timeoutMs);
    });
  }

  /**
   * Emits `event` with its acknowledgement. Not connected (and not waiting): `OFFLINE` at once,
   * so Socket.IO's own send buffer never replays a request before the seat is regained.
   */
  async request<E extends EventName>(
    event: E,
    payload: PayloadOf<E>,
    { timeoutMs = DEFAULT_TIMEOUT_MS, waitForConnection = true }: RequestOptions = {},
  ): Promise<NetResult<ReplyOf<E>>> {
    const reply = await this.ask(event, payload, timeoutMs, waitForConnection);
    this.options.observe?.(event, reply);
    return reply;
  }

  /** Closes the link for good. */
  close(): void {
    for (const detach of this.detachers.splice(0)) detach();
    this.current.disconnect();
  }

  private async ask<E extends EventName>(
    event: E,
    payload: PayloadOf<E>,
    timeoutMs: number,
    wait: boolean,
  ): Promise<NetResult<ReplyOf<E>>> {
    const connected = wait ? await this.whenConnected(timeoutMs) : this.current.connected;
    if (!connected) return { ok: false, error: { code: 'OFFLINE', message: 'not connected' } };
    // The event maps type each event separately; one generic call needs this loose view of it.
    const timed = this.current.timeout(timeoutMs) as unknown as {
      emitWithAck(e: string, p: unknown): Promise<NetResult<ReplyOf<E>>>;
    };
    try {
      return await timed.emitWithAck(event, payload);
    } catch {
      const message = `${event}: no reply in ${timeoutMs} ms`;
      return { ok: false, error: { code: 'TIMEOUT', message } };
    }
  }

  private attach(socket: PercentSocket): void {
    const away = (): ConnectionState => (this.options.isOffline?.() ? 'offline' : 'reconnecting');
    const onConnect = () => {
      this.state.value = 'connected';
      for (const listener of [...this.connectListeners]) listener();
    };
    const onDisconnect = () => (this.state.value = away());
    const onError = (error: Error & { data?: { code?: string } }) => {
      if (error.data?.code === 'VERSION_MISMATCH' || error.message === 'VERSION_MISMATCH') {
        this.versionMismatch.value = true;
        socket.disconnect();
      }
      this.state.value = away();
    };
    const onFailed = () => (this.state.value = 'offline');
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onError);
    socket.io.on('reconnect_failed', onFailed);
    this.detachers.push(
      () => socket.off('connect', onConnect),
      () => socket.off('disconnect', onDisconnect),
      () => socket.off('connect_error', onError),
      () => socket.io.off('reconnect_failed', onFailed),
    );
    for (const event of SERVER_EVENTS) {
      const forward = (payload: never) => {
        for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
      };
      (socket.on as (e: string, l: (p: never) => void) => void)(event, forward);
      this.detachers.push(() => (socket.off as (e: string, l: unknown) => void)(event, forward));
    }
    if (socket.connected) onConnect();
  }
}
