import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIFFICULTIES, VARIANTS } from '@percent/protocol';
import { DATABASE_ALONE, DEFAULT_CLIENT_DIR } from './config.ts';
import { createApp } from './http/app.ts';
import { healthAnswer, type HealthAnswer } from './http/health.ts';
import { DEFAULT_QUOTAS, Quotas, type QuotaOptions } from './quotas.ts';
import { lanUrls } from './lan.ts';
import { createLogger } from './log.ts';
import { DailyService } from './daily/service.ts';
import { DeviceKeys } from './devices.ts';
import {
  createPuzzlePool,
  isSeeded,
  type PuzzlePool,
  type PuzzlePoolOptions,
} from './puzzles/pool.ts';
import type { RoomTimings } from './rooms/index.ts';
import type { CheckPuzzle, DrawPuzzle } from './runner/room-runner.ts';
import { startSingleNode } from './single-node.ts';
import { startClusterNode } from './cluster/node.ts';
import { setupWorker } from '@socket.io/sticky';
import { tellRoomOwned } from './launch/messages.ts';
import type { RateLimitOptions } from './socket/rate-limit.ts';
import { createSocketServer, serveRooms } from './socket/server.ts';

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
  /** The daily puzzle's clock (epoch ms; tests move the day). */
  readonly now?: () => number;
  /**
   * Cluster mode: live rooms in this Redis, shared with every other node started with the same
   * URL (see docs/ARCHITECTURE.md, "Running several nodes"). Without it: one process, SQLite.
   */
  readonly redisUrl?: string;
  /** Finished races (history, leaderboards) in this PostgreSQL; else SQLite in `dataDir`. */
  readonly databaseUrl?: string;
  /** Cluster mode: run on a Redis that does not persist its data (`ALLOW_VOLATILE_REDIS=1`). */
  readonly allowVolatileRedis?: boolean;
  /** Per-address quotas (`quotas.ts`); the defaults for those not given. */
  readonly quotas?: Partial<QuotaOptions>;
  /**
   * Started by the `--workers` primary: the primary owns the port and hands each connection to
   * this process (`@socket.io/sticky`), so the server does not listen itself.
   */
  readonly sticky?: boolean;
  /** One process: the shortest time between two SQLite transactions (`GroupCommit`). */
  readonly groupCommitMs?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Rooms brought back from the store's snapshots at start. */
  readonly restoredRooms: number;
  /** What `/healthz` answers now (a `--workers` primary asks each worker for it). */
  health(): Promise<HealthAnswer>;
  /** Stops accepting, snapshots the rooms, closes sockets, the puzzle pool and the store. */
  close(): Promise<void>;
}

/** Starts one server: HTTP, Socket.IO, rooms (restored from the store), puzzle pool. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const startedAt = Date.now();
  const pool = options.puzzles ?? createPuzzlePool(options.pool);
  // The daily makes its puzzles on a worker of its own, so a client walking the archive never
  // queues generations in front of the races' refills (a given seeded pool serves tests).
  const given = options.puzzles;
  const seeded = given && isSeeded(given) ? given : createPuzzlePool({ kinds: [], threads: 1 });
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  let port = 0;
  const http = createServer();
  const quotas = new Quotas({ ...DEFAULT_QUOTAS, ...options.quotas });
  const io = createSocketServer(http, options.rateLimit, quotas);
  const draw: DrawPuzzle = (variant, difficulty) => pool.take(variant, difficulty);
  const check: CheckPuzzle = async (text, variant) => {
    const checked = await pool.check(text, variant);
    if (!checked.ok) return checked;
    const { puzzle, solution, difficulty, clues } = checked;
    return { ok: true, imported: { puzzle, solution, variant, difficulty, clues } };
  };
  if (options.databaseUrl && !options.redisUrl) throw new Error(DATABASE_ALONE);
  const service = options.redisUrl
    ? await startClusterNode({
        ...options,
        redisUrl: options.redisUrl,
        io,
        timings,
        draw,
        check,
        log,
        ...(options.sticky && { owns: tellRoomOwned }),
      })
    : await startSingleNode({ ...options, io, timings, draw, check, log });
  const devices = new DeviceKeys(service.daily);
  const figures = async () => ({ ...(await service.health()), pool: readiness(pool) });
  serveRooms(io, { rooms: service.rooms, history: service.history, log, quotas, devices });
  const app = createApp({
    quotas,
    clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR,
    history: service.history,
    health: figures,
    startedAt,
    room: (code) => service.rooms.summary(code),
    lanUrls: () => lanUrls(port, options.host ?? '0.0.0.0'),
    devices,
    daily: new DailyService({
      store: service.daily,
      puzzles: seeded,
      now: options.now,
      humanFloorMs: timings.humanFloorMs,
    }),
  });
  // Socket.IO answers its own path (polling included); express must not answer it again.
  http.on('request', (req, res) => {
    if (!req.url?.startsWith('/socket.io/')) void app(req, res);
  });
  if (options.sticky) {
    setupWorker(io);
    port = options.port ?? 3000; // the primary's: join links name it
  } else {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 3000, options.host ?? '0.0.0.0', resolve);
    });
    port = (http.address() as AddressInfo).port;
  }
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await service.shutdown();
      await io.close();
      if (!options.puzzles) await pool.close();
      if (seeded !== pool) await seeded.close();
      await service.close();
    })());
  return {
    url: `http://localhost:${port}`,
    port,
    restoredRooms: service.restoredRooms,
    health: async () => healthAnswer(await figures(), startedAt),
    close,
  };
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
