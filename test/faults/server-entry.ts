/**
 * The race server as the fault tests run it in a child process: the real `startServer` and
 * the real signal handling of `pnpm start`, with small test settings — one kind of puzzle kept
 * ready (percent/easy), a short countdown and a grace period long enough to outlast a restart.
 *
 * Environment: PORT, HOST, DATA_DIR as for `pnpm start`; FAULT_COUNTDOWN_MS (default 300),
 * FAULT_GRACE_MS (default 20000), FAULT_RATE_LIMIT ("burst,perSecond,tooMany"; default the
 * server's own).
 */
import { startServer, stopOnSignals } from '../../packages/server/src/main.ts';

const env = process.env;
const rateLimit = env.FAULT_RATE_LIMIT?.split(',').map(Number);
const server = await startServer({
  port: Number(env.PORT ?? 0),
  host: env.HOST ?? '127.0.0.1',
  dataDir: env.DATA_DIR,
  redisUrl: env.REDIS_URL,
  databaseUrl: env.DATABASE_URL,
  pool: { perKind: 3, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
  // Every bot connects from 127.0.0.1.
  quotas: {
    socketsPerAddress: 100_000,
    createsPerMinute: 100_000,
    lookupsPerMinute: 100_000,
    dailyStartsPerMinute: 100_000,
    dailyMovesPerMinute: 100_000,
  },
  timings: {
    countdownMs: Number(env.FAULT_COUNTDOWN_MS ?? 300),
    graceMs: Number(env.FAULT_GRACE_MS ?? 20_000),
    humanFloorMs: 0, // the bots place digits in milliseconds
    minRatedMs: 0,
  },
  rateLimit:
    rateLimit && rateLimit.length === 3
      ? { burst: rateLimit[0]!, perSecond: rateLimit[1]!, tooMany: rateLimit[2]! }
      : undefined,
});
console.log(`fault-test server on ${server.url} (pid ${process.pid})`);
stopOnSignals(server);
