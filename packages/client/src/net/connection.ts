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
import { ROOM_QUERY } from '@percent/protocol';
import { signal } from '@preact/signals';

export type { ConnectionState, NetError, NetResult } from '@percent/net';

export const connection = signal<ConnectionState>('connecting');
/** Set when the server speaks another protocol version: the page must be reloaded. */
export const versionMismatch = signal(false);

let link: Link | undefined;

/** The page's link, opened on first use. */
export function getLink(): Link {
  if (link) return link;
  // A join link's first handshake already names its room (a server of several processes hands
  // it to the one running the room); the room session names it for every later one.
  const room = roomOfPath(location.pathname);
  const socket = openSocket(undefined, {
    transports: ['websocket', 'polling'],
    ...(room && { query: { [ROOM_QUERY]: room } }),
  });
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

/** The room a page's path is for (`/r/CODE`, a join link), in upper case. */
export function roomOfPath(pathname: string): string | undefined {
  return /^\/r\/([A-Za-z]{5})\/?$/.exec(pathname)?.[1]?.toUpperCase();
}

/** Runs `listener` after every connection (the first included); returns the unsubscribe. */
export const onConnect = (listener: () => void): (() => void) => getLink().onConnect(listener);

/** Emits `event` with its acknowledgement (`Link.request`). */
export const request = <E extends EventName>(
  event: E,
  payload: PayloadOf<E>,
  options?: RequestOptions,
): Promise<NetResult<ReplyOf<E>>> => getLink().request(event, payload, options);
