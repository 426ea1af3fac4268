import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';
import { readConfig, type Config } from './config.ts';
import { printBanner } from './launch/banner.ts';
import { runPrimary } from './launch/primary.ts';
import { stopOnSignals } from './launch/signals.ts';
import { runWorker, serverOptionsOf } from './launch/worker.ts';
import { startServer, type RunningServer } from './start-server.ts';

export {
  DEFAULT_TIMINGS,
  startServer,
  type RunningServer,
  type ServerOptions,
} from './start-server.ts';
export { stopOnSignals } from './launch/signals.ts';

/**
 * `pnpm start`: one server process (the default), or with `--workers N` a primary that owns
 * the port and N worker processes sharing the rooms through Redis (`launch/primary.ts`).
 */
async function main(): Promise<void> {
  const read = readConfig();
  if (!read.ok) {
    console.error(`Percent: ${read.message}`);
    process.exit(1);
  }
  const { config } = read;
  if (cluster.isWorker) return runWorker(config);
  if (config.workers > 1) return runPrimary(config);
  return runSingle(config);
}

async function runSingle(config: Config): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer(serverOptionsOf(config));
  } catch (error) {
    console.error(
      `Percent could not start on ${config.host}:${config.port}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  await printBanner({
    port: server.port,
    host: config.host,
    dataDir: config.dataDir,
    workers: 1,
    ...(config.redisUrl && { redis: { url: config.redisUrl } }),
    ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
    restoredRooms: server.restoredRooms,
  });
  stopOnSignals(server);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
