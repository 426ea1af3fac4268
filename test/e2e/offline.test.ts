/**
 * Offline in the browser: a banner on every page says so, creating a room says it cannot
 * reach the server (instead of a button that stays disabled), and once back online the same
 * button works — the lazily loaded code is fetched again.
 */
import { describe, expect, it } from 'vitest';
import { hasChromium, useE2eSession } from './harness.ts';

describe.skipIf(!hasChromium)('offline', () => {
  const e2e = useE2eSession();

  it('shows a banner, says why a room cannot be created, and recovers when back online', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/`);
    await page.locator('input[name="nickname"]').fill('Ann');
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    await page.context().setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await page.getByTestId('create-room').click();
    await page.getByText('The server could not be reached').waitFor();
    expect(await page.getByTestId('create-room').isEnabled()).toBe(true);

    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    await page.getByTestId('create-room').click();
    await page.getByTestId('lobby').waitFor({ timeout: 15_000 });
  });
});
