import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface RedisLink {
  readonly client: Redis;
  /** Whether Redis answers a PING within a second now (`/healthz`); never throws. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** How long the first connection may take before the node refuses to start. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A Redis connection that never crashes the process: errors are logged (once per outage),
 * reconnection is endless with a capped back-off. Without `offlineQueue` a command sent while
 * the link is down fails at once — a room's writes then fail and its commands are refused
 * instead of waiting for an outage to end.
 */
export async function connectRedis(
  url: string,
  log: Logger,
  role: string,
  { offlineQueue = false } = {},
): Promise<RedisLink> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: offlineQueue,
    maxRetriesPerRequest: offlineQueue ? null : 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
    connectionName: `percent-${role}`,
    // Commands issued in one tick go out in one write (a busy node sends thousands a second).
    enableAutoPipelining: true,
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) log.warn({ err: error, role }, 'Redis link down');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info({ role }, 'Redis link back');
    down = false;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot reach Redis at ${describeRedis(url)}: ${reason}`, { cause: error });
  }
  return {
    client,
    reachable: async () => {
      try {
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), 1000).unref(),
        );
        return (await Promise.race([client.ping(), timeout])) === 'PONG';
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** host:port of a Redis URL, never its password. */
export function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'an invalid URL';
  }
}
