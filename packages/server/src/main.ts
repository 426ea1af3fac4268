import { pathToFileURL } from 'node:url';
import QRCode from 'qrcode';
import { readConfig } from './config.ts';
import { lanUrls } from './lan.ts';
import { createLogger } from './log.ts';
import { startServer, type RunningServer } from './start-server.ts';

export {
  DEFAULT_TIMINGS,
  startServer,
  type RunningServer,
  type ServerOptions,
} from './start-server.ts';

const log = createLogger('server');

async function main(): Promise<void> {
  const read = readConfig();
  if (!read.ok) {
    console.error(`Percent: ${read.message}`);
    process.exit(1);
  }
  const { config } = read;
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    console.error(
      `Percent could not start on ${config.host}:${config.port}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  const urls = lanUrls(server.port, config.host);
  console.log(`Percent is running on http://localhost:${server.port}  (data: ${config.dataDir})`);
  if (server.restoredRooms > 0)
    console.log(`  restored ${server.restoredRooms} room(s) from the last run`);
  for (const url of urls) console.log(`  join on your LAN: ${url}`);
  if (urls[0]) console.log(await QRCode.toString(urls[0], { type: 'terminal', small: true }));
  stopOnSignals(server);
}

/**
 * SIGINT and SIGTERM close the server (every acknowledged move is already stored; the rooms'
 * timers stop, sockets close, the store is closed) and exit 0; a failed close exits 1.
 */
export function stopOnSignals(server: RunningServer): void {
  const stop = (signal: string) => {
    log.info({ signal }, 'shutting down');
    void server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
