/**
 * Leaving mid-race and coming back, and the host's controls mid-race, in the browser: leaving
 * asks first (a misclick keeps you racing) and the link opened again afterwards watches the
 * race — never a dead end; the host ends the race for everyone, or removes an idle player.
 */
import { describe, expect, it } from 'vitest';
import { hasChromium, screenshot, startRace, useE2eSession } from './harness.ts';

const t = { kicked: 'The host removed you from the room.' };

describe.skipIf(!hasChromium)('leaving a race and coming back', () => {
  const e2e = useE2eSession();

  it('confirms the leave, then the same device watches the race it left', async () => {
    const { pages, code } = await startRace(e2e, ['Ann', 'Bob']);
    const [ann, bob] = pages;

    // A first click only asks; "Keep racing" puts the race back as it was.
    await bob.getByTestId('leave').click();
    const confirm = bob.getByTestId('leave-confirm');
    await confirm.waitFor();
    await screenshot(bob, 'leave-confirm');
    await confirm.getByRole('button', { name: 'Keep racing' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await bob.getByTestId('race').waitFor();

    await bob.getByTestId('leave').click();
    await bob.getByTestId('leave-confirmed').click();
    await bob.waitForURL(`${e2e.server.url}/`);
    await ann.getByTestId('race').waitFor(); // Ann races on
    // The home page offers the way back.
    await bob.getByTestId('back-to-room').getByText(`Back to room ${code}`).waitFor();

    // The same browser opens the link again: it joins the running race as a spectator.
    await bob.goto(`${e2e.server.url}/r/${code}`);
    await bob.getByTestId('join-room').click();
    await bob.getByTestId('spectate').waitFor();
    // No error on the page (the screen reader's live regions sit outside <main>).
    expect(await bob.locator('main [role="alert"]').count()).toBe(0);
    // "Just watch" works as well, from a fresh visit.
    await bob.goto(`${e2e.server.url}/r/${code}`);
    await bob.getByTestId('watch-room').click();
    await bob.getByTestId('spectate').waitFor();
  });

  it('lets the host end the race for everyone, after asking', async () => {
    const { pages } = await startRace(e2e, ['Ann', 'Bob']);
    const [ann, bob] = pages;
    expect(await bob.getByTestId('end-race').count()).toBe(0); // only the host has it

    await ann.getByTestId('end-race').click();
    await ann.getByTestId('end-race-confirm').waitFor();
    await ann.getByTestId('end-race-confirmed').click();
    for (const page of [ann, bob]) {
      await page.getByTestId('results').waitFor();
      await page.getByTestId('results').getByText('The host ended the race.').waitFor();
    }
    await screenshot(bob, 'results-host-ended');
  });

  it('lets the host remove an idle player mid-race; the race goes on without them', async () => {
    const { pages } = await startRace(e2e, ['Ann', 'Bob']);
    const [ann, bob] = pages;
    expect(await bob.locator('[data-testid^="remove-"]').count()).toBe(0); // host only

    await ann.locator('[data-player="Bob"] [data-testid^="remove-"]').click();
    await ann.locator('[data-testid$="-confirmed"]').click();
    await bob.getByText(t.kicked).waitFor();
    await expect.poll(() => ann.locator('[data-player="Bob"]').count()).toBe(0);
    await ann.getByTestId('race').waitFor(); // Ann races on alone
  });
});
