/**
 * Connections in the browser: a player who reloads mid-race gets their seat and board back
 * and finishes; a dropped connection shows as reconnecting, keeps the moves made meanwhile
 * and sends them once back; a phone-sized touch screen plays the whole race with the pad.
 */
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createRoom,
  hasChromium,
  joinRoom,
  readGivens,
  readPuzzle,
  screenshot,
  tapDigit,
  typeDigit,
  useE2eSession,
} from './harness.ts';

/** The page's Socket.IO link, passed through a switch: `drop()` cuts it until `restore()`. */
async function cuttableLink(page: Page) {
  let blocked = false;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (blocked) return void ws.close();
    const server = ws.connectToServer();
    open.push(ws, server);
  });
  return {
    drop: async () => {
      blocked = true;
      await Promise.all(open.splice(0).map((side) => side.close()));
    },
    restore: () => {
      blocked = false;
    },
  };
}

describe.skipIf(!hasChromium)('connections and devices in the browser', () => {
  const e2e = useE2eSession();

  it('a player reloads mid-race and continues where they were', async () => {
    const page = await e2e.newPage();
    await createRoom(page, e2e.server.url, 'Cleo');
    await page.getByTestId('start').click();
    await page.getByTestId('race').waitFor({ timeout: 15_000 });
    const { givens, solution, blanks } = await readPuzzle(page);
    const before = blanks.slice(0, 10);
    for (const cell of before) await typeDigit(page, cell, Number(solution[cell]));
    await page.locator(`[data-cell="${before.at(-1)}"] text.verdict-confirmed`).waitFor();

    await page.reload();
    await page.getByTestId('race').waitFor();
    expect(await readGivens(page)).toBe(givens);
    for (const cell of before)
      expect(await page.locator(`[data-cell="${cell}"] text.entry`).textContent()).toBe(
        solution[cell],
      );
    await page.getByTestId('connection').and(page.locator('[data-state="connected"]')).waitFor();

    for (const cell of blanks.slice(10)) await typeDigit(page, cell, Number(solution[cell]));
    await page.getByTestId('results').waitFor();
    expect(await page.getByTestId('standing').allTextContents()).toEqual([
      expect.stringMatching(/^1Cleo.*0finished$/),
    ]);
    // Nobody was given a penalty: no penalty column takes the phone's width.
    expect(await page.locator('.standings th').allTextContents()).not.toContain('Penalty');
    await page.context().close();
  }, 120_000);

  it('a dropped connection shows as reconnecting, then sends the moves made meanwhile', async () => {
    const contexts = [await e2e.browser.newContext(), await e2e.browser.newContext()];
    const [eve, fay] = await Promise.all(contexts.map((c) => c.newPage()));
    const link = await cuttableLink(fay!);
    const code = await createRoom(eve!, e2e.server.url, 'Eve');
    await joinRoom(fay!, e2e.server.url, code, 'Fay');
    await fay!.getByTestId('ready').click();
    await eve!.getByTestId('start').click();
    await fay!.getByTestId('race').waitFor({ timeout: 15_000 });
    const { solution, blanks } = await readPuzzle(fay!);

    await link.drop();
    await fay!.locator('[data-testid="connection"][data-state="reconnecting"]').waitFor();
    await eve!.locator('[data-player="Fay"]').getByText('reconnecting…').waitFor();
    const offline = blanks.slice(0, 3);
    for (const cell of offline) await typeDigit(fay!, cell, Number(solution[cell]));
    for (const cell of offline) {
      const entry = fay!.locator(`[data-cell="${cell}"] text.entry`);
      expect(await entry.getAttribute('class')).toContain('verdict-pending');
    }

    link.restore();
    await fay!.locator('[data-testid="connection"][data-state="connected"]').waitFor({
      timeout: 15_000,
    });
    for (const cell of offline)
      await fay!.locator(`[data-cell="${cell}"] text.verdict-confirmed`).waitFor();
    const percent = Math.round((100 * offline.length) / blanks.length);
    await eve!.locator(`[data-player="Fay"] [aria-valuenow="${percent}"]`).waitFor();
    await eve!.locator('[data-player="Fay"]').getByText('racing').waitFor();
    for (const context of contexts) await context.close();
  }, 120_000);

  it('a phone-sized touch screen plays with the on-screen pad', async () => {
    const page = await e2e.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await createRoom(page, e2e.server.url, 'Dev');
    await page.getByTestId('start').tap();
    await page.getByTestId('race').waitFor({ timeout: 15_000 });
    const { solution, blanks } = await readPuzzle(page);
    // The whole board fits the phone's width.
    const box = await page.locator('[data-testid="race"] svg.board').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const half = Math.floor(blanks.length / 2);
    for (const cell of blanks.slice(0, half)) await tapDigit(page, cell, Number(solution[cell]));
    await screenshot(page, 'phone-race');
    for (const cell of blanks.slice(half)) await tapDigit(page, cell, Number(solution[cell]));
    await page.getByTestId('results').waitFor();
    expect(await page.getByTestId('standing').allTextContents()).toEqual([
      expect.stringMatching(/^1Dev.*finished$/),
    ]);
    await page.context().close();
  }, 120_000);
});
