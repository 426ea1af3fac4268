/**
 * The lobby in the browser: the join link copied (by the Clipboard API, and by the fallback a
 * plain-HTTP LAN page needs), the host role handed over, a kick, and the room in 中文.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRoom, hasChromium, joinRoom, useE2eSession } from './harness.ts';

describe.skipIf(!hasChromium)('the lobby in the browser', () => {
  const e2e = useE2eSession();

  const clipboardContext = async (): Promise<BrowserContext> => {
    const context = await e2e.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    return context;
  };

  it('copies the join link, also without a secure context (plain HTTP on a LAN)', async () => {
    // A host on localhost gets the LAN address others can reach, when the machine has one.
    const lan = (await (await fetch(`${e2e.server.url}/api/lan`)).json()) as { urls: string[] };
    const base = lan.urls[0] ?? e2e.server.url;
    for (const secure of [true, false]) {
      const context = await clipboardContext();
      const page = await context.newPage();
      if (!secure)
        await page.addInitScript(() =>
          Object.defineProperty(window, 'isSecureContext', { value: false }),
        );
      const code = await createRoom(page, e2e.server.url, secure ? 'Hal' : 'Ivy');
      await page.getByTestId('copy-link').click();
      await page.getByTestId('copy-link').getByText('Copied!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/r/${code}`);
      await context.close();
    }
  }, 60_000);

  it('hands the host role over, kicks, and speaks Chinese', async () => {
    const contexts = [await e2e.browser.newContext(), await e2e.browser.newContext()];
    const [jo, kim] = await Promise.all(contexts.map((c) => c.newPage()));
    const code = await createRoom(jo!, e2e.server.url, 'Jo');
    await joinRoom(kim!, e2e.server.url, code, 'Kim');
    expect(await kim!.getByTestId('start').count()).toBe(0);

    await jo!.locator('.lobby-player', { hasText: 'Kim' }).getByText('Make host').click();
    await kim!.getByTestId('start').waitFor();
    expect(await jo!.locator('select[name="variant"]').isDisabled()).toBe(true);

    await kim!.getByRole('button', { name: '中文' }).click();
    await kim!.getByText('比赛设置').waitFor();
    await kim!.locator('.lobby-player', { hasText: 'Jo' }).getByText('移出').click();
    await jo!.getByText('The host removed you from the room.').waitFor();
    await kim!.getByText('玩家 1/8').waitFor();
    for (const context of contexts) await context.close();
  }, 60_000);
});
