/**
 * A cluster node says when Redis cannot keep the rooms (issue 21): it refuses a Redis without
 * persistence unless told to run anyway, and reports a Redis that came back empty (a log line
 * and `/healthz` ok false, 503) instead of answering ROOM_NOT_FOUND in silence.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/harness.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';

describe.skipIf(!hasRedis)('Redis durability', () => {
  let redis: TestRedis;
  let admin: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    admin = new Redis(redis.url);
    admin.on('error', () => undefined); // the restart below drops it for a moment
  });
  afterAll(async () => {
    admin.disconnect();
    await redis.close();
  });

  it('refuses a Redis without persistence, and runs on it only when allowed', async () => {
    await admin.config('SET', 'appendonly', 'no');
    await expect(startTestServer({ redisUrl: redis.url })).rejects.toThrow(
      /Redis does not keep the rooms through a restart: appendonly is no.*ALLOW_VOLATILE_REDIS=1/,
    );
    const allowed = await startTestServer({ redisUrl: redis.url, allowVolatileRedis: true });
    const health = (await (await fetch(`${allowed.url}/healthz`)).json()) as {
      redis: { persistent: boolean };
    };
    expect(health.redis.persistent).toBe(false);
    await allowed.close();
    await admin.config('SET', 'appendonly', 'yes');
  });

  it('reports a Redis that came back empty: /healthz 503, ok false, with when', async () => {
    const node = await startTestServer({ redisUrl: redis.url });
    const before = await fetch(`${node.url}/healthz`);
    expect(before.status).toBe(200);
    await admin.flushall(); // what a Redis without its data files restarts as
    await redis.restart();
    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await fetch(`${node.url}/healthz`)).status;
    }
    const body = (await (await fetch(`${node.url}/healthz`)).json()) as {
      ok: boolean;
      redis: { emptiedAt: number | null };
    };
    expect([status, body.ok, typeof body.redis.emptiedAt]).toEqual([503, false, 'number']);
    await node.close();
  }, 30_000);
});
