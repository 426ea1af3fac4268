/**
 * A cluster node says when Redis cannot keep the rooms (issue 21): it refuses a Redis without
 * persistence unless told to run anyway, and reports a Redis that came back empty (a log line
 * and `/healthz` ok false, 503) instead of answering ROOM_NOT_FOUND in silence.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/harness.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';

describe.skipIf(!hasRedis)('Redis durability', () => {
  // Each test has a Redis of its own (switching persistence back on at run time would start a
  // background rewrite that a restart then waits for).
  let redis: TestRedis | undefined;
  let admin: Redis | undefined;
  /** The node's SQLite history: a directory of its own, never the repository's data/. */
  let dataDir: string | undefined;
  const fresh = async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'percent-durability-'));
    redis = await startRedis();
    admin = new Redis(redis.url);
    admin.on('error', () => undefined); // a restart drops it for a moment
    return { redis, admin };
  };
  afterEach(async () => {
    admin?.disconnect();
    await redis?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    redis = admin = dataDir = undefined;
  });

  it('refuses a Redis without persistence, and runs on it only when allowed', async () => {
    const { redis, admin } = await fresh();
    await admin.config('SET', 'appendonly', 'no');
    await expect(startTestServer({ redisUrl: redis.url, dataDir })).rejects.toThrow(
      /Redis does not keep the rooms through a restart: appendonly is no.*ALLOW_VOLATILE_REDIS=1/,
    );
    const allowed = await startTestServer({
      redisUrl: redis.url,
      dataDir,
      allowVolatileRedis: true,
    });
    const health = (await (await fetch(`${allowed.url}/healthz`)).json()) as {
      redis: { persistent: boolean };
    };
    expect(health.redis.persistent).toBe(false);
    await allowed.close();
  }, 60_000);

  it('reports a Redis that came back empty: /healthz 503, ok false, with when', async () => {
    const { redis, admin } = await fresh();
    const node = await startTestServer({ redisUrl: redis.url, dataDir });
    try {
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      await admin.flushall(); // what a Redis without its data files restarts as
      await redis.restart();
      let status = 200;
      for (let i = 0; i < 200 && status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await fetch(`${node.url}/healthz`)).status;
      }
      const body = (await (await fetch(`${node.url}/healthz`)).json()) as {
        ok: boolean;
        redis: { emptiedAt: number | null };
      };
      expect([status, body.ok, typeof body.redis.emptiedAt]).toEqual([503, false, 'number']);
    } finally {
      await node.close();
    }
  }, 60_000);
});
