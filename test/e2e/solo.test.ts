/** Solo play in the browser: the engine runs in a Web Worker; a hint explains and highlights. */
import { describe, expect, it } from 'vitest';
import { hasChromium, screenshot, useE2eSession } from './harness.ts';

describe.skipIf(!hasChromium)('solo play in the browser', () => {
  const e2e = useE2eSession();

  it('starts a puzzle without the server and gives a hint with its cells', async () => {
    const page = await e2e.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const notice = page.locator('.notice');
    await notice.waitFor({ timeout: 30_000 });
    expect((await notice.textContent())!.length).toBeGreaterThan(10);
    await page.locator('svg.board .hl-hint').first().waitFor();
    await screenshot(page, 'solo-hint');
    expect(requests.filter((url) => !url.startsWith(e2e.server.url))).toEqual([]);
    await page.context().close();
  }, 120_000);
});
