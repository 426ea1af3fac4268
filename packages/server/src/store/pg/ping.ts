import type { Pool } from 'pg';

/** How long a health check waits for PostgreSQL before it says "unreachable". */
const PING_TIMEOUT_MS = 2_000;

/** Whether the pool's database answers `SELECT 1` within the timeout; never throws. */
export async function pingPool(pool: Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    timer.unref();
  });
  const answer = pool.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
