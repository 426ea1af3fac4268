/**
 * Redis restarted mid-race: while it is away the room's commands are refused with
 * ROOM_UNAVAILABLE (nothing half-stored, no node crashes on its clients' error events); once it
 * is back the race goes on where it was, every acknowledged move stored once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RaceRecordView } from '@percent/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import { startTestServer } from '../server/harness.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';
import { play, raceOnTwoNodes } from './race.ts';

describe.skipIf(!hasRedis)('Redis restarted mid-race', () => {
  let redis: TestRedis;
  let dataDir: string;
  const nodes: RunningServer[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'percent-redis-restart-'));
    for (let i = 0; i < 2; i++) {
      const rateLimit = { burst: 500, perSecond: 500, tooMany: 100 };
      nodes.push(await startTestServer({ memory: false, dataDir, redisUrl: redis.url, rateLimit }));
    }
  }, 30_000);

  afterAll(async () => {
    for (const node of nodes) await node.close();
    await redis?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses moves while Redis is away and finishes the race once it is back', async () => {
    const urls = nodes.map((n) => n.url);
    const { ann, bob, solution, blanks } = await raceOnTwoNodes(urls);
    await Promise.all([
      play(ann, blanks.slice(0, 5), solution),
      play(bob, blanks.slice(0, 5), solution),
    ]);
    await redis.stop();
    const away = await ann.call('race:move', { moveId: 'while-away', cell: blanks[5]!, digit: 1 });
    expect(away?.ok === false && away.error.code).toBe('ROOM_UNAVAILABLE');
    const health = (await (await fetch(`${urls[0]}/healthz`)).json()) as {
      redis: { reachable: boolean };
    };
    expect(health.redis.reachable).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await redis.start();
    await Promise.all([play(ann, blanks.slice(5), solution), play(bob, blanks.slice(5), solution)]);
    const done = await bob.state((v) => v.phase === 'finished');
    let race: RaceRecordView | undefined;
    for (let i = 0; i < 100 && !race; i++) {
      const response = await fetch(`${urls[0]}/api/races/${done.race!.id}`);
      if (response.ok) race = ((await response.json()) as { race: RaceRecordView }).race;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stored = race!.moves.map((m) => m.moveId);
    const acked = [...ann.acked, ...bob.acked].map((m) => m.moveId);
    expect(stored.toSorted()).toEqual(acked.toSorted());
    expect(stored).not.toContain('while-away');
    ann.close();
    bob.close();
  }, 90_000);
});
