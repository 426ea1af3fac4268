import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIFFICULTIES, VARIANTS } from '@percent/protocol';
import { DEFAULT_CLIENT_DIR, DEFAULT_DATA_DIR } from './config.ts';
import { createApp } from './http/app.ts';
import { lanUrls } from './lan.ts';
import { createLogger } from './log.ts';
import { createPuzzlePool, type PuzzlePool, type PuzzlePoolOptions } from './puzzles/pool.ts';
import { summaryOf, type RoomTimings } from './rooms/index.ts';
import { RoomRegistry } from './runner/registry.ts';
import type { RateLimitOptions } from './socket/rate-limit.ts';
import { createSocketServer, serveRooms } from './socket/server.ts';
import { SocketTransport } from './socket/transport.ts';
import { openStore } from './store/store.ts';

const log = createLogger('server');

export const DEFAULT_TIMINGS: RoomTimings = { countdownMs: 3000, graceMs: 60_000 };

export interface ServerOptions {
  /** 0 picks a free port (tests). */
  readonly port?: number;
  readonly host?: string;
  /** SQLite folder (created when missing); or `memory: true` for a throwaway store. */
  readonly dataDir?: string;
  readonly memory?: boolean;
  readonly clientDir?: string;
  readonly pool?: PuzzlePoolOptions;
  /** A ready-made pool instead (load tests); the server then does not close it. */
  readonly puzzles?: PuzzlePool;
  readonly timings?: Partial<RoomTimings>;
  readonly rateLimit?: RateLimitOptions;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Rooms brought back from the store's snapshots at start. */
  readonly restoredRooms: number;
  /** Stops accepting, snapshots the rooms, closes sockets, the puzzle pool and the store. */
  close(): Promise<void>;
}

/** Starts one server: HTTP, Socket.IO, rooms (restored from the store), puzzle pool. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  if (!options.memory) mkdirSync(dataDir, { recursive: true });
  const store = openStore(options.memory ? { memory: true } : { dataDir });
  const pool = options.puzzles ?? createPuzzlePool(options.pool);
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  let port = 0;
  const http = createServer();
  const io = createSocketServer(http, options.rateLimit);
  const rooms = new RoomRegistry({ store, transport: new SocketTransport(io), timings, log });
  const restoredRooms = rooms.restore();
  serveRooms(io, {
    rooms,
    store,
    draw: (variant, difficulty) => pool.take(variant, difficulty),
    log,
  });
  http.on(
    'request',
    createApp({
      clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR,
      store,
      health: () => ({
        rooms: rooms.size,
        players: rooms.players,
        moves: rooms.moves,
        store: { moveAppend: store.appendTimes() },
        pool: readiness(pool),
      }),
      room: (code) => {
        const runner = rooms.find(code);
        return runner && summaryOf(runner.room);
      },
      lanUrls: () => lanUrls(port, options.host ?? '0.0.0.0'),
    }),
  );
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 3000, options.host ?? '0.0.0.0', resolve);
  });
  port = (http.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await rooms.shutdown();
      await io.close();
      if (!options.puzzles) await pool.close();
      store.close();
    })());
  return { url: `http://localhost:${port}`, port, restoredRooms, close };
}

/** Puzzles ready per kind, the kinds that have any or are kept ready. */
function readiness(pool: PuzzlePool): Record<string, number> {
  const ready: Record<string, number> = {};
  for (const variant of VARIANTS) {
    for (const difficulty of DIFFICULTIES) {
      const n = pool.ready(variant, difficulty);
      if (n > 0 || variant === 'percent') ready[`${variant}/${difficulty}`] = n;
    }
  }
  return ready;
}
