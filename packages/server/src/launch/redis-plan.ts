import type { Config } from '../config.ts';
import { canRunRedis } from './local-redis.ts';

/**
 * Where `--workers N` (N > 1) keeps its shared rooms: the `REDIS_URL` given; else a Redis it
 * starts itself from `redis-server` (`REDIS_SERVER`) when that binary runs; else it refuses
 * with a message saying both ways out.
 */
export type RedisPlan =
  | { readonly kind: 'given'; readonly url: string }
  | { readonly kind: 'local'; readonly command: string }
  | { readonly kind: 'refused'; readonly message: string };

export function planRedis(
  config: Pick<Config, 'workers' | 'redisUrl' | 'redisServer'>,
  canRun: (command: string) => boolean = canRunRedis,
): RedisPlan {
  if (config.redisUrl) return { kind: 'given', url: config.redisUrl };
  if (canRun(config.redisServer)) return { kind: 'local', command: config.redisServer };
  return { kind: 'refused', message: refusal(config.workers, config.redisServer) };
}

function refusal(workers: number, command: string): string {
  return [
    `--workers ${workers} shares the rooms between the workers through Redis, but REDIS_URL is`,
    `not set and "${command}" cannot be run to start a local one. Either point at a Redis:`,
    `  REDIS_URL=redis://127.0.0.1:6379 pnpm start --workers ${workers}`,
    `or install redis-server (Debian/Ubuntu: apt-get install redis-server) and Percent starts`,
    `its own, with its data in DATA_DIR/redis.`,
  ].join('\n');
}
