/**
 * Two nodes in the browser: Ann's page talks to the node that runs the room, Bob's to the other,
 * and they race together. While Redis is away Bob's digit stays on his board, the room says it
 * is moving, and once Redis is back the move goes through without an error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/server/src/main.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';
import { buildClientIfStale, launchChromium } from './chromium.ts';
import { createRoom, hasChromium, joinRoom, readPuzzle, screenshot, typeDigit } from './harness.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

describe.skipIf(!hasChromium || !hasRedis)('a race across two nodes in the browser', () => {
  let redis: TestRedis;
  let dataDir: string;
  let browser: Browser;
  const nodes: RunningServer[] = [];

  beforeAll(async () => {
    const failed = await buildClientIfStale(ROOT);
    if (failed !== undefined) throw new Error(`the client build failed:\n${failed}`);
    redis = await startRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'percent-e2e-cluster-'));
    for (let i = 0; i < 2; i++) {
      nodes.push(
        await startServer({
          port: 0,
          host: '127.0.0.1',
          dataDir,
          redisUrl: redis.url,
          clientDir: join(ROOT, 'packages/client/dist'),
          pool: { perKind: 2, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
          timings: { countdownMs: 500, graceMs: 30_000, humanFloorMs: 0 },
        }),
      );
    }
    browser = await launchChromium(['--disable-gpu']);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    for (const node of nodes) await node.close();
    await redis?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const page = async (): Promise<Page> =>
    (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();

  it('races with the players on different nodes and rides out a Redis restart', async () => {
    const [a, b] = nodes as [RunningServer, RunningServer];
    const ann = await page();
    const bob = await page();
    const code = await createRoom(ann, a.url, 'Ann');
    await joinRoom(bob, b.url, code, 'Bob');
    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await bob.getByTestId('race').waitFor({ timeout: 15_000 });
    const { solution, blanks } = await readPuzzle(bob);
    const [first, second] = blanks;
    await typeDigit(bob, first!, Number(solution[first!]));
    // Ann, on the owner, sees Bob's progress, relayed from the other node.
    await expect.poll(() => ann.getByText(/Bob/).count()).toBeGreaterThan(0);

    await redis.stop();
    await typeDigit(bob, second!, Number(solution[second!]));
    const badge = bob.getByTestId('connection');
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: 10_000 }).toBe('moving');
    expect(
      await bob.locator(`[data-testid="race"] [data-cell="${second}"] text.entry`).textContent(),
    ).toBe(solution[second!]);
    await screenshot(bob, 'cluster-room-moving');
    await redis.start();
    await expect
      .poll(() => badge.getAttribute('data-state'), { timeout: 20_000 })
      .toBe('connected');
    // The move got its real answer (nothing waits any more) and no error was shown.
    expect(await bob.locator('.error').count()).toBe(0);
    await bob.context().close();
    await ann.context().close();
  }, 120_000);
});
