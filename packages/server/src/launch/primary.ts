import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupMaster } from '@socket.io/sticky';
import type { Config } from '../config.ts';
import { createLogger } from '../log.ts';
import { printBanner } from './banner.ts';
import { answerHealthz, WorkersHealth } from './health.ts';
import { RoomRoutes } from './room-routes.ts';
import { waitForKnownSessions } from './sid-wait.ts';
import { startLocalRedis, type LocalRedis } from './local-redis.ts';
import { planRedis } from './redis-plan.ts';
import { WorkerSet } from './workers.ts';

const log = createLogger('primary');
const WORKER_STOP_TIMEOUT_MS = 10_000;

/** What the primary has started so far, stopped in reverse order. */
interface Started {
  /** A signal arrived: stopping is under way and a failing start says nothing more. */
  stopping?: boolean;
  redis?: LocalRedis;
  workers?: WorkerSet;
  http?: Server;
}

/**
 * `--workers N`: this process owns the port and hands every connection to one of N workers
 * (`@socket.io/sticky`: a Socket.IO session's HTTP long-polling requests all reach the worker
 * that opened it), which run as nodes of one cluster on Redis — the `REDIS_URL` given, or a
 * Redis started here. SIGINT/SIGTERM stop the workers (each closes its server), then Redis,
 * and exit 0 (1 when a worker did not close cleanly).
 */
export async function runPrimary(config: Config): Promise<void> {
  const started: Started = {};
  stopOnSignals(started);
  const plan = planRedis(config);
  if (plan.kind === 'refused') return fail(started, plan.message);
  let port: number;
  try {
    started.http = createServer(answerStarting);
    port = await listen(started.http, config.port, config.host);
  } catch (error) {
    const reason = (error as Error).message;
    return fail(started, `could not start on ${config.host}:${config.port}: ${reason}`);
  }
  let redisUrl = plan.kind === 'given' ? plan.url : '';
  if (plan.kind === 'local') {
    try {
      started.redis = await startLocalRedis(plan.command, config.dataDir);
      redisUrl = started.redis.url;
    } catch (error) {
      return fail(started, `could not start a local Redis: ${(error as Error).message}`);
    }
  }
  const restoredRooms = await startWorkers(started, config, {
    REDIS_URL: redisUrl,
    PORT: String(port),
    HOST: config.host,
  });
  if (restoredRooms === undefined) return;
  await printBanner({
    port,
    host: config.host,
    dataDir: config.dataDir,
    workers: config.workers,
    workerPids: started.workers?.pids() ?? [],
    redis: { url: redisUrl, ...(started.redis && { localDir: started.redis.dir }) },
    ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
    restoredRooms,
  });
}

/**
 * Forks the workers (`env` names the Redis, and the port and host their join links show) and, once
 * every one is ready, hands the port's connections to them. Undefined when they could not start.
 */
async function startWorkers(
  started: Started,
  config: Config,
  env: Record<string, string>,
): Promise<number | undefined> {
  // The workers' whole configuration is their environment (no command line, where `--port`
  // would beat the port the primary actually bound); sticky hands Buffers over IPC.
  cluster.setupPrimary({ args: [], serialization: 'advanced' });
  // Listening before the workers start: the rooms they restore are announced while they start.
  const routes = new RoomRoutes(cluster);
  started.workers = new WorkerSet({ count: config.workers, env, log });
  try {
    const restoredRooms = await started.workers.start();
    const http = started.http!;
    http.off('request', answerStarting);
    setupMaster(http, { loadBalancingMethod: 'least-connection' });
    const health = new WorkersHealth(started.workers, cluster);
    waitForKnownSessions(http, cluster, {
      steer: (head) => routes.steer(head),
      answer: (head, socket) => answerHealthz(health, head, socket),
    });
    return restoredRooms;
  } catch (error) {
    await fail(started, (error as Error).message);
    return undefined;
  }
}

/** The port is bound first (a clash fails at once); until the workers are ready it answers 503. */
function answerStarting(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(503, { 'Content-Type': 'text/plain', Connection: 'close', 'Retry-After': '1' });
  res.end('Percent is starting\n');
}

function listen(http: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
}

/** Stops the workers first (they still need Redis to close), then the port, then Redis. */
async function stopAll(started: Started): Promise<boolean> {
  started.http?.close();
  const clean = (await started.workers?.stop(WORKER_STOP_TIMEOUT_MS)) ?? true;
  await started.redis?.stop();
  return clean;
}

async function fail(started: Started, message: string): Promise<void> {
  if (started.stopping) return;
  started.stopping = true;
  console.error(`Percent: ${message}`);
  await stopAll(started);
  process.exit(1);
}

function stopOnSignals(started: Started): void {
  const stop = (signal: string) => {
    if (started.stopping) return;
    started.stopping = true;
    log.info({ signal }, 'shutting down');
    void stopAll(started).then((clean) => {
      if (!clean) log.error('a worker did not close cleanly');
      process.exit(clean ? 0 : 1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
