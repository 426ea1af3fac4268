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
import { Quotas } from '../quotas.ts';
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
  quotas = new Quotas(),
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
  // Sockets per address: one more than allowed is refused at the handshake.
  io.use((socket, next) => {
    const { address, headers } = socket.handshake;
    const from = quotas.addressOf(address, headers['x-forwarded-for']);
    if (quotas.connect(from)) {
      socket.data.address = from;
      socket.once('disconnect', () => quotas.disconnect(from));
      return next();
    }
    const limit = quotas.options.socketsPerAddress;
    const message = `too many connections from this address (at most ${limit} at once)`;
    next(
      Object.assign(new Error(ErrorCode.rateLimited), {
        data: { code: ErrorCode.rateLimited, message },
      }),
    );
  });
  io.on('connection', (socket) => {
    socket.data.code = null;
    socket.data.bucket = new TokenBucket(rateLimit, Date.now());
    guard(socket, quotas);
  });
  return io;
}

/** From now on every new connection's events go to the rooms (call once they are restored). */
export function serveRooms(io: PercentServer, deps: HandlerDeps): void {
  io.on('connection', (socket) => registerHandlers(socket, deps));
}

/** Every packet passes the rate limit and must name a known event; the rest is answered here. */
function guard(socket: PercentSocket, quotas: Quotas): void {
  socket.use((packet, next) => {
    const [event] = packet;
    const last = packet.at(-1);
    const ack = typeof last === 'function' ? (last as (reply: Result) => void) : undefined;
    const now = Date.now();
    const admission = socket.data.bucket.admit(now);
    if (admission === 'cut') {
      // One line a minute per address, however often a flooder reconnects and is cut again.
      const { address } = socket.data;
      if (quotas.logFlood(address, now)) log.warn({ address }, 'flood: disconnected');
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
