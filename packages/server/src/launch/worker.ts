import type { Config } from '../config.ts';
import { startServer, type ServerOptions } from '../start-server.ts';
import { tellPrimary } from './messages.ts';
import { stopOnSignals } from './signals.ts';

/**
 * One of the `--workers` processes: a cluster node on the primary's Redis that takes its
 * connections from the primary (`sticky`), tells the primary when it is ready (or why it could
 * not start) and closes on SIGINT/SIGTERM. A worker whose primary is gone exits at once
 * (node:cluster's own rule); every acknowledged move is already stored.
 */
export async function runWorker(config: Config): Promise<void> {
  try {
    const server = await startServer({ ...serverOptionsOf(config), sticky: true });
    stopOnSignals(server);
    void tellPrimary({ type: 'percent:ready', restoredRooms: server.restoredRooms });
  } catch (error) {
    await tellPrimary({ type: 'percent:failed', message: (error as Error).message });
    process.exit(1);
  }
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
  };
}
