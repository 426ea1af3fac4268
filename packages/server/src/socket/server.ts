import type { Server as HttpServer } from 'node:http';
import {
  ClientEvent,
  ErrorCode,
  fail,
  PROTOCOL_VERSION,
  type HandshakeError,
  type Result,
} from '@percent/protocol';
import { Server } from 'socket.io';
import { createLogger } from '../log.ts';
import { registerHandlers } from './handlers.ts';
import { DEFAULT_RATE_LIMIT, TokenBucket } from './rate-limit.ts';
import type { HandlerDeps, PercentServer, PercentSocket } from './types.ts';

const log = createLogger('socket');

/** Larger packets close the connection (the largest legitimate payload is well under 1 KB). */
export const MAX_PAYLOAD_BYTES = 8 * 1024;
const KNOWN_EVENTS = new Set<string>(Object.values(ClientEvent));

/** The Socket.IO endpoint on the HTTP server: handshake and rate limit; no handlers yet. */
export function createSocketServer(
  http: HttpServer,
  rateLimit = DEFAULT_RATE_LIMIT,
): PercentServer {
  const io: PercentServer = new Server(http, {
    maxHttpBufferSize: MAX_PAYLOAD_BYTES,
    serveClient: false,
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { protocol?: unknown } | undefined;
    if (auth?.protocol === PROTOCOL_VERSION) return next();
    const data: HandshakeError = {
      code: ErrorCode.versionMismatch,
      message: `this server speaks protocol ${PROTOCOL_VERSION}, the client ${String(auth?.protocol)}: reload the page`,
      serverProtocol: PROTOCOL_VERSION,
    };
    next(Object.assign(new Error(ErrorCode.versionMismatch), { data }));
  });
  io.on('connection', (socket) => {
    socket.data = { code: null, bucket: new TokenBucket(rateLimit, Date.now()) };
    guard(socket);
  });
  return io;
}

/** From now on every new connection's events go to the rooms (call once they are restored). */
export function serveRooms(io: PercentServer, deps: HandlerDeps): void {
  io.on('connection', (socket) => registerHandlers(socket, deps));
}

/** Every packet passes the rate limit and must name a known event; the rest is answered here. */
function guard(socket: PercentSocket): void {
  socket.use((packet, next) => {
    const [event] = packet;
    const last = packet.at(-1);
    const ack = typeof last === 'function' ? (last as (reply: Result) => void) : undefined;
    const admission = socket.data.bucket.admit(Date.now());
    if (admission === 'cut') {
      log.warn({ socket: socket.id, address: socket.handshake.address }, 'flood: disconnected');
      socket.disconnect(true);
      return;
    }
    if (admission === 'refuse') {
      ack?.(fail(ErrorCode.rateLimited, `${String(event)}: too many events, slow down`));
      return;
    }
    if (!KNOWN_EVENTS.has(String(event))) {
      ack?.(fail(ErrorCode.badPayload, `${String(event)}: unknown event`));
      return;
    }
    next();
  });
}
