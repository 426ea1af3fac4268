/** Solo play in the browser: the engine runs in a Web Worker; a hint explains and highlights. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import {
  ensureClientBuilt,
  hasChromium,
  launchChromium,
  screenshot,
  startE2eServer,
} from './harness.ts';

describe.skipIf(!hasChromium)('solo play in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    await ensureClientBuilt();
    server = await startE2eServer();
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('starts a puzzle without the server and gives a hint with its cells', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const notice = page.locator('.notice');
    await notice.waitFor({ timeout: 30_000 });
    expect((await notice.textContent())!.length).toBeGreaterThan(10);
    await page.locator('svg.board .hl-hint').first().waitFor();
    await screenshot(page, 'solo-hint');
    expect(requests.filter((url) => !url.startsWith(server.url))).toEqual([]);
    await context.close();
  }, 120_000);
});
