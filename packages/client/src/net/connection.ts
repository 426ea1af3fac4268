/**
 * The page's one link to the server that served it (`@percent/net`'s `Link` over one
 * Socket.IO socket), with what only a browser knows: the `online`/`offline` events. Requests
 * are promises of `Result` values: a reply from the server, or a local `TIMEOUT` / `OFFLINE`
 * error — never a thrown exception. `connection` is a signal of the link's state for the
 * indicator; `onConnect` listeners run after every (re)connection so a room can rejoin with its
 * session token and take the server's snapshot.
 */
import {
  Link,
  openSocket,
  type ConnectionState,
  type EventName,
  type PayloadOf,
  type ReplyOf,
  type RequestOptions,
  type NetResult,
} from '@percent/net';
import { signal } from '@preact/signals';

export type { ConnectionState, NetError, NetResult } from '@percent/net';

export const connection = signal<ConnectionState>('connecting');
/** Set when the server speaks another protocol version: the page must be reloaded. */
export const versionMismatch = signal(false);

let link: Link | undefined;

/** The page's link, opened on first use. */
export function getLink(): Link {
  if (link) return link;
  const socket = openSocket(undefined, { transports: ['websocket', 'polling'] });
  const made = new Link(socket, {
    state: connection,
    versionMismatch,
    isOffline: () => navigator.onLine === false,
  });
  window.addEventListener('offline', () => {
    if (!made.connected) connection.value = 'offline';
  });
  window.addEventListener('online', () => {
    if (!made.connected) made.socket.connect();
  });
  link = made;
  return made;
}

/** Runs `listener` after every connection (the first included); returns the unsubscribe. */
export const onConnect = (listener: () => void): (() => void) => getLink().onConnect(listener);

/** Emits `event` with its acknowledgement (`Link.request`). */
export const request = <E extends EventName>(
  event: E,
  payload: PayloadOf<E>,
  options?: RequestOptions,
): Promise<NetResult<ReplyOf<E>>> => getLink().request(event, payload, options);
