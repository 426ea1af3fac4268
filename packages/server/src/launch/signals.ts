import { createLogger } from '../log.ts';
import type { RunningServer } from '../start-server.ts';

const log = createLogger('server');

/**
 * SIGINT and SIGTERM close the server (every acknowledged move is already stored; the rooms'
 * timers stop, sockets close, the store is closed) and exit 0; a failed close exits 1.
 */
export function stopOnSignals(server: RunningServer): void {
  const stop = (signal: string) => closeAndExit(server, { signal });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Closes the server and exits: 0 when it closed, 1 when closing failed. */
export function closeAndExit(server: RunningServer, reason: Record<string, string>): void {
  log.info(reason, 'shutting down');
  void server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}
