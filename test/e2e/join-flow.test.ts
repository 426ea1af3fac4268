/**
 * Joining by code and by link: a wrong code is said at once (on the home page and on the
 * link's page, before any nickname), the nickname typed on the home page carries over and
 * joins directly, and a link opened mid-race says it will watch.
 */
import { describe, expect, it } from 'vitest';
import { createRoom, hasChromium, useE2eSession } from './harness.ts';

describe.skipIf(!hasChromium)('joining a room', () => {
  const e2e = useE2eSession();

  it('says at once when no room has the code', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/`);
    await page.locator('input[name="code"]').fill('zzzzz');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('No room has this code').waitFor();
    expect(page.url()).toBe(`${e2e.server.url}/`);
    await page.goto(`${e2e.server.url}/r/ZZZZZ`);
    await page.getByTestId('room-missing').waitFor();
    expect(await page.locator('input[name="nickname"]').count()).toBe(0);
  });

  it('joins from the home page with the nickname typed there, and mid-race says it will watch', async () => {
    const [ann, bob, cy] = [await e2e.newPage(), await e2e.newPage(), await e2e.newPage()];
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await bob.goto(`${e2e.server.url}/`);
    await bob.locator('input[name="nickname"]').fill('Bob');
    await bob.locator('input[name="code"]').fill(code.toLowerCase());
    await bob.getByRole('button', { name: 'Join', exact: true }).click();
    await bob.getByTestId('lobby').waitFor(); // no second form to fill in
    await expect
      .poll(async () => (await ann.getByTestId('lobby').textContent()) ?? '')
      .toContain('Bob');

    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await ann.getByTestId('race').waitFor({ timeout: 15_000 });
    await cy.goto(`${e2e.server.url}/r/${code}`);
    await cy.getByTestId('entry-note').waitFor();
    expect(await cy.getByTestId('join-room').textContent()).toBe('Watch the race');
    await cy.locator('input[name="nickname"]').fill('Cy');
    await cy.getByTestId('join-room').click();
    await cy.getByTestId('spectate').waitFor();
  });
});
