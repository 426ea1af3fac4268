/**
 * The rules groups play by, in the browser: giving up (asked first; the player stays and
 * watches, and the results say "gave up"), the place a finisher sees at once, a host running
 * the room from a TV without playing, and "play again" in one tap after a race.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  hasChromium,
  joinRoom,
  readPuzzle,
  screenshot,
  startRace,
  typeDigit,
  useE2eSession,
} from './harness.ts';

const t = {
  gaveUp: 'You gave up. Watch the others finish…',
  firstSoFar: 'Solved! You are 1st so far — waiting for the others…',
};

const stateOf = (page: Page, nickname: string) =>
  page.locator(`.race-player[data-player="${nickname}"] .race-player-state`).textContent();

describe.skipIf(!hasChromium)('giving up and finishing', () => {
  const e2e = useE2eSession();

  it('asks before giving up; the player stays to watch, a finisher sees their place, the results say "gave up"', async () => {
    const { pages } = await startRace(e2e, ['Ann', 'Bob', 'Cy']);
    const [ann, bob, cy] = pages;

    // A first tap only asks; "Keep racing" changes nothing.
    await cy.getByTestId('forfeit').click();
    const confirm = cy.getByTestId('forfeit-confirm');
    await confirm.waitFor();
    await screenshot(cy, 'race-give-up-confirm');
    await confirm.getByRole('button', { name: 'Keep racing' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await cy.getByTestId('race').getAttribute('data-status')).toBe('racing');

    await cy.getByTestId('forfeit').click();
    await cy.getByTestId('forfeit-confirmed').click();
    await cy.getByTestId('race-outcome').getByText(t.gaveUp).waitFor();
    expect(await cy.getByTestId('race').getAttribute('data-status')).toBe('forfeited');
    expect(await cy.getByTestId('forfeit').count()).toBe(0);
    await expect.poll(() => stateOf(ann, 'Cy')).toBe('gave up');
    await screenshot(cy, 'race-gave-up');

    // Ann solves: she is told her place at once, while Bob still races.
    const { solution, blanks } = await readPuzzle(ann);
    for (const cell of blanks) await typeDigit(ann, cell, Number(solution[cell]));
    await ann.getByTestId('race-outcome').getByText(t.firstSoFar).waitFor();
    await screenshot(ann, 'race-first-so-far');
    expect(await cy.getByTestId('race').count()).toBe(1); // Cy still watches the race

    await bob.getByTestId('forfeit').click();
    await bob.getByTestId('forfeit-confirmed').click();
    for (const page of [ann, bob, cy]) await page.getByTestId('results').waitFor();
    const rows = cy.getByTestId('standing');
    await expect.poll(() => rows.count()).toBe(3);
    const texts = await rows.allTextContents();
    expect(texts[0]).toContain('Ann');
    expect(texts.slice(1).every((row) => row.includes('gave up'))).toBe(true);
    await screenshot(cy, 'results-gave-up');
  });
});

describe.skipIf(!hasChromium)('a host on a TV who does not play', () => {
  const e2e = useE2eSession();

  it('creates the room sitting out, runs the race of two players, watches it, and plays again in one tap', async () => {
    const tv = await e2e.newPage({ viewport: { width: 1920, height: 1080 } });
    await tv.goto(`${e2e.server.url}/`);
    await tv.locator('input[name="nickname"]').fill('Lounge');
    await tv.getByTestId('host-only').check();
    await tv.getByTestId('create-room').click();
    await tv.getByTestId('tv').waitFor(); // a seat that sits out opens as a TV
    const code = (await tv.getByTestId('tv-code').first().textContent())?.replace(/\s/g, '') ?? '';
    expect(code).toMatch(/^[A-Z]{5}$/);

    // The ordinary lobby says this seat sits out; nobody plays yet, so Start waits.
    await tv.getByTestId('tv-exit').click();
    await tv.getByTestId('sitting-out').waitFor();
    expect(await tv.getByTestId('start').isDisabled()).toBe(true);
    expect(await tv.getByTestId('sit-out').textContent()).toBe('Play the races too');

    const [ann, bob] = [await e2e.newPage(), await e2e.newPage()];
    await joinRoom(ann, e2e.server.url, code, 'Ann');
    await joinRoom(bob, e2e.server.url, code, 'Bob');
    expect(await ann.locator('.lobby-player.sits-out').textContent()).toContain('sits out');
    for (const page of [ann, bob]) await page.getByTestId('ready').click();
    await expect.poll(() => tv.getByTestId('start').isEnabled()).toBe(true);
    await screenshot(tv, 'tv-host-lobby');
    await tv.getByTestId('start').click();

    // The players race; the host's screen watches, as a spectator's does, and can end it.
    for (const page of [ann, bob]) await page.getByTestId('race').waitFor({ timeout: 15_000 });
    await tv.getByTestId('spectate').waitFor({ timeout: 15_000 });
    expect(await tv.getByTestId('race').count()).toBe(0);
    expect(await ann.locator('.race-player[data-player="Lounge"]').count()).toBe(0);
    await screenshot(tv, 'tv-host-spectates');
    await tv.getByTestId('end-race').click();
    await tv.getByTestId('end-race-confirmed').click();
    for (const page of [tv, ann, bob]) await page.getByTestId('results').waitFor();

    // One tap each: the rematch opens a lobby where both are ready, so Start is open at once.
    for (const page of [ann, bob]) {
      await page.getByTestId('play-again').click();
      await expect
        .poll(() => page.getByTestId('play-again').getAttribute('aria-pressed'))
        .toBe('true');
    }
    await tv.getByTestId('rematch').click();
    await ann.getByTestId('lobby').waitFor();
    expect(await ann.getByTestId('ready').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => tv.getByTestId('start').isEnabled()).toBe(true);
    await screenshot(ann, 'lobby-after-play-again');
    await tv.getByTestId('start').click();
    for (const page of [ann, bob]) await page.getByTestId('race').waitFor({ timeout: 15_000 });
  });
});
