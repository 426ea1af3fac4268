import type { Config } from '../config.ts';
import type { HealthAnswer } from '../http/health.ts';
import { startServer, type RunningServer, type ServerOptions } from '../start-server.ts';
import { isHealthRequest, isStopMessage, STOP_MESSAGE, tellPrimary } from './messages.ts';
import { closeAndExit, stopOnSignals } from './signals.ts';

/**
 * One of the `--workers` processes: a cluster node on the primary's Redis that takes its
 * connections from the primary (`sticky`), tells the primary when it is ready (or why it could
 * not start) and closes on SIGINT/SIGTERM or when the primary says so (a signal is not sent
 * twice: a terminal's Ctrl-C already reaches every process of the group). A worker whose primary is gone exits at once
 * (node:cluster's own rule); every acknowledged move is already stored.
 */
export async function runWorker(config: Config): Promise<void> {
  try {
    const server = await startServer({ ...serverOptionsOf(config), sticky: true });
    stopOnSignals(server);
    process.on('message', (message: unknown) => {
      if (isStopMessage(message)) closeAndExit(server, { message: STOP_MESSAGE.type });
      if (isHealthRequest(message)) void answerHealth(server, message.id);
    });
    void tellPrimary({ type: 'percent:ready', restoredRooms: server.restoredRooms });
  } catch (error) {
    await tellPrimary({ type: 'percent:failed', message: (error as Error).message });
    process.exit(1);
  }
}

/** Tells the primary what this worker's `/healthz` answers now (`launch/health.ts`). */
async function answerHealth(server: RunningServer, id: number): Promise<void> {
  let answer: HealthAnswer;
  try {
    answer = await server.health();
  } catch (error) {
    answer = { status: 503, body: { ok: false, reason: (error as Error).message } };
  }
  await tellPrimary({ type: 'percent:health', id, ...answer });
}

/** The `startServer` options of a configuration (port and host matter only without `sticky`). */
export function serverOptionsOf(config: Config): ServerOptions {
  return {
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    clientDir: config.clientDir,
    ...(config.redisUrl && { redisUrl: config.redisUrl }),
    ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
    allowVolatileRedis: config.allowVolatileRedis,
    quotas: config.quotas,
    groupCommitMs: config.groupCommitMs,
  };
}
