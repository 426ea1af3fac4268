/**
 * The room on a TV and the results for everyone, in the browser: a 1920×1080 TV page (`?tv=1`)
 * shows the code and the QR large without scrolling, a lane per player readable from the sofa
 * during the race, then the podium with the winner first; every player gets the podium and
 * their own place, Play again, and the next lobby keeps the last results until a new race.
 * Also the rules card (in the lobby, and behind "?" during the race: Esc closes it, focus
 * returns), a spectator's Big screen toggle, no confetti under reduced motion, results on a
 * phone, eight lanes on 720p. Screenshots in light, dark and 中文.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createRoom,
  hasChromium,
  joinRoom,
  readPuzzle,
  screenshot,
  typeDigit,
  useE2eSession,
} from './harness.ts';

const FULL_HD = { width: 1920, height: 1080 };

/** Height and width of the first element matching `selector`, in CSS pixels. */
async function sizeOf(page: Page, selector: string): Promise<{ width: number; height: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return { width: box.width, height: box.height };
}

/** True when the page scrolls in either direction. */
const scrolls = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight > innerHeight || root.scrollWidth > innerWidth;
  });

const fontPx = (page: Page, selector: string): Promise<number> =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

describe.skipIf(!hasChromium)('the TV and the results', () => {
  const e2e = useE2eSession();

  it('shows the lobby, the race and the podium on a TV, and results to every player', async () => {
    const [ann, bob] = [await e2e.newPage(), await e2e.newPage()];
    const tv = await e2e.newPage({ viewport: FULL_HD });
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await ann.locator('select[name="spectatorDigits"]').selectOption('live');
    await joinRoom(bob, e2e.server.url, code, 'Bob');

    // The lobby on the TV: code and QR readable across a room, the players, the rules.
    await tv.goto(`${e2e.server.url}/r/${code}?tv=1`);
    await tv.locator('[data-testid="tv"] .tv-qr-big svg').waitFor();
    expect(await tv.getByTestId('tv-code').textContent()).toBe(code);
    expect((await sizeOf(tv, '[data-testid="tv-code"]')).height).toBeGreaterThanOrEqual(100);
    const qr = await sizeOf(tv, '.tv-qr-big .tv-qr-code');
    expect(Math.min(qr.width, qr.height)).toBeGreaterThanOrEqual(400);
    expect(await tv.getByTestId('tv-link').textContent()).toMatch(new RegExp(`/r/${code}$`));
    expect(await tv.locator('.tv-chip[data-player] .tv-chip-name').allTextContents()).toEqual([
      'Ann',
      'Bob',
    ]);
    await tv.locator('.tv-chip[data-player="Bob"]').getByText('not ready').waitFor();
    await tv.getByTestId('rules-card').locator('svg.variant-shape').waitFor();
    expect(await scrolls(tv)).toBe(false);
    // The players' lobby has the rules card too.
    await bob.getByTestId('rules-card').getByText('Percent').waitFor();

    await bob.getByTestId('ready').click();
    await tv.locator('.tv-chip[data-player="Bob"]').getByText('ready').waitFor();
    await screenshot(tv, 'tv-lobby');
    await tv.emulateMedia({ colorScheme: 'dark' });
    await screenshot(tv, 'tv-lobby-dark');
    await tv.emulateMedia({ colorScheme: 'light' });

    await ann.getByTestId('start').click();
    await tv.locator('[data-testid="tv"] [data-testid="countdown"]').waitFor();
    await screenshot(tv, 'tv-countdown');
    await Promise.all([ann, bob].map((p) => p.getByTestId('race').waitFor({ timeout: 15_000 })));
    const { solution, blanks } = await readPuzzle(ann);

    // The rules behind "?" during the race: a dialog that Esc closes, focus back on "?".
    await bob.getByTestId('rules-open').click();
    await bob.getByTestId('rules-dialog').getByText('How to play').waitFor();
    // It says that the race goes on meanwhile.
    expect(await bob.getByTestId('rules-clock').textContent()).toBe(
      'The race clock keeps running while you read.',
    );
    await screenshot(bob, 'race-rules');
    await bob.keyboard.press('Escape');
    await expect.poll(() => bob.getByTestId('rules-dialog').isVisible()).toBe(false);
    expect(await bob.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'rules-open',
    );

    // Lanes: progress readable from the sofa, the live silhouette, no scrolling.
    const half = Math.floor(blanks.length / 2);
    for (const cell of blanks.slice(0, half)) await typeDigit(bob, cell, Number(solution[cell]));
    const percent = Math.round((100 * half) / blanks.length);
    const bobLane = '[data-testid="tv-lane"][data-player="Bob"]';
    await tv.locator(`${bobLane} [data-testid="tv-percent"]`).getByText(`${percent}%`).waitFor();
    await tv.locator(`${bobLane} svg.silhouette rect.silhouette-filled`).first().waitFor();
    expect(await tv.locator(`${bobLane} svg.silhouette rect.silhouette-filled`).count()).toBe(half);
    expect(await tv.getByTestId('tv-lane').count()).toBe(2);
    for (const part of ['tv-percent', 'tv-status'])
      expect(await fontPx(tv, `${bobLane} [data-testid="${part}"]`)).toBeGreaterThanOrEqual(28);
    expect(await fontPx(tv, `${bobLane} .tv-lane-name`)).toBeGreaterThanOrEqual(28);
    expect(await scrolls(tv)).toBe(false);
    await screenshot(tv, 'tv-race');

    // A spectator turns the big screen on and off again.
    const watcher = await e2e.newPage();
    await watcher.goto(`${e2e.server.url}/r/${code}?watch=1`);
    await watcher.getByTestId('spectate').getByTestId('tv-on').click();
    await watcher.getByTestId('tv-lanes').waitFor();
    await watcher.getByTestId('tv-exit').click();
    await watcher.getByTestId('spectate').waitFor();
    expect(await watcher.getByTestId('tv').count()).toBe(0);

    for (const cell of blanks) await typeDigit(ann, cell, Number(solution[cell]));
    await tv
      .locator('[data-testid="tv-lane"][data-player="Ann"] [data-testid="tv-status"]')
      .getByText(/^1st · /)
      .waitFor();
    for (const cell of blanks.slice(half)) await typeDigit(bob, cell, Number(solution[cell]));

    // The podium on the TV, the winner first; and on every player's results.
    await tv.getByTestId('tv-results').waitFor();
    expect(await tv.locator('[data-testid="podium-step"]').evaluateAll(names)).toEqual([
      'Ann',
      'Bob',
    ]);
    await tv.getByText('Ann wins!').waitFor();
    expect(await scrolls(tv)).toBe(false);
    await tv.waitForTimeout(1500); // the blocks have risen; some confetti still falls
    await screenshot(tv, 'tv-results');
    expect(await tv.locator('.confetti').isVisible()).toBe(true);
    await tv.emulateMedia({ reducedMotion: 'reduce' });
    expect(await tv.locator('.confetti').isVisible()).toBe(false);
    await tv.emulateMedia({ colorScheme: 'dark' });
    await screenshot(tv, 'tv-results-dark');

    for (const [page, headline] of [
      [ann, 'You won!'],
      [bob, 'You finished 2nd!'],
    ] as const) {
      await page.getByTestId('results').waitFor();
      expect(await page.getByTestId('results-headline').textContent()).toBe(headline);
      expect(await page.locator('[data-testid="podium-step"]').evaluateAll(names)).toEqual([
        'Ann',
        'Bob',
      ]);
    }
    expect(await bob.locator('tr.is-you').textContent()).toMatch(/^2Bob/);
    // Ann's confetti falls over the podium only, never over the results' text.
    const confetti = (await ann.locator('.results-podium > .confetti').boundingBox())!;
    const podium = (await ann.locator('.results-podium').boundingBox())!;
    const head = (await ann.locator('.results-head').boundingBox())!;
    expect(confetti).toEqual(podium);
    expect(confetti.y).toBeGreaterThanOrEqual(head.y + head.height);
    await screenshot(bob, 'results-podium');

    // Someone watching on a phone: the winner as the headline, nothing wider than the screen.
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await phone.goto(`${e2e.server.url}/r/${code}?watch=1`);
    await phone.getByTestId('results').waitFor();
    expect(await phone.getByTestId('results-headline').textContent()).toBe('Ann wins!');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The podium's blocks rise and its names fade in: the picture waits for them.
    await phone.waitForTimeout(1500);
    expect(
      await phone
        .locator('.spectate-card .race-player-name')
        .first()
        .evaluate((e) => e.scrollWidth <= e.clientWidth),
    ).toBe(true);
    // The standings fit the phone's width: every column, the outcome too, without scrolling.
    expect(
      await phone
        .locator('.results .table-scroll')
        .first()
        .evaluate((e) => e.scrollWidth <= e.clientWidth),
    ).toBe(true);
    await screenshot(phone, 'results-phone');

    // Play again, then the host's rematch: the lobby keeps the last race until the next start.
    await bob.getByTestId('play-again').click();
    await bob.getByTestId('play-again').getByText('Ready for the next race').waitFor();
    // Everyone sees who wants to play again — the host to know when to start the rematch.
    await expect
      .poll(() => ann.getByTestId('play-again-line').textContent())
      .toMatch(/^Play again: ✓ Bob · waiting for /);
    await ann.getByTestId('rematch').click();
    for (const page of [ann, bob, tv]) {
      const last = page.getByTestId('last-results');
      await last.waitFor();
      expect(await last.locator('[data-testid="podium-step"]').evaluateAll(names)).toEqual([
        'Ann',
        'Bob',
      ]);
    }
    expect(await scrolls(tv)).toBe(false);
    await tv.emulateMedia({ colorScheme: 'light' });
    await screenshot(tv, 'tv-lobby-last-race');
    await screenshot(ann, 'lobby-last-race');
    await ann.getByTestId('start').click();
    await bob.getByTestId('race').waitFor({ timeout: 15_000 });
    expect(await tv.getByTestId('last-results').count()).toBe(0);
  }, 240_000);

  it('fits a full room of eight lanes on a 720p TV, each readable', async () => {
    const names = ['Hana', 'Ivo', 'Jun', 'Kai', 'Lea', 'Max', 'Noa', 'Oskar'];
    const host = await e2e.newPage();
    const code = await createRoom(host, e2e.server.url, names[0]!);
    for (const name of names.slice(1)) {
      const page = await e2e.newPage();
      await joinRoom(page, e2e.server.url, code, name);
      await page.getByTestId('ready').click();
    }
    const tv = await e2e.newPage({ viewport: { width: 1280, height: 720 } });
    await tv.goto(`${e2e.server.url}/r/${code}?tv=1`);
    await expect.poll(() => tv.locator('.tv-chip[data-player]').count()).toBe(8);
    expect(await scrolls(tv)).toBe(false);
    await expect.poll(() => host.getByTestId('start').isEnabled()).toBe(true);
    await host.getByTestId('start').click();
    await tv.getByTestId('tv-lanes').waitFor({ timeout: 15_000 });
    expect(await tv.getByTestId('tv-lane').count()).toBe(8);
    expect(await scrolls(tv)).toBe(false);
    // Every lane inside the screen, none cut: 720 px tall, text at least 3vh (21.6 px).
    const last = await tv.getByTestId('tv-lane').last().boundingBox();
    expect((last?.y ?? 720) + (last?.height ?? 0)).toBeLessThanOrEqual(720);
    expect(
      await fontPx(tv, '[data-testid="tv-lane"] [data-testid="tv-status"]'),
    ).toBeGreaterThanOrEqual(21.6);
    await screenshot(tv, 'tv-race-eight-720p');
  }, 120_000);

  it('lets a host who sits out run the whole race from the TV', async () => {
    const tv = await e2e.newPage({ viewport: FULL_HD });
    await tv.goto(`${e2e.server.url}/`);
    await tv.locator('input[name="nickname"]').fill('Lounge');
    await tv.getByTestId('host-only').check();
    await tv.getByTestId('create-room').click();
    await tv.getByTestId('tv').waitFor();
    const code = (await tv.getByTestId('tv-code').textContent()) ?? '';
    expect(await tv.getByTestId('start').isDisabled()).toBe(true); // nobody plays yet
    expect(await tv.locator('.tv-chip[data-player]').count()).toBe(0);

    const pia = await e2e.newPage();
    await joinRoom(pia, e2e.server.url, code, 'Pia');
    await pia.getByTestId('ready').click();
    await expect.poll(() => tv.getByTestId('start').isEnabled()).toBe(true);
    await tv.getByText('Percent · Easy · 30 min').waitFor();
    await screenshot(tv, 'tv-host-lobby-big');
    await tv.getByTestId('start').click();
    await tv.getByTestId('tv-lanes').waitFor({ timeout: 15_000 });
    expect(await tv.locator('[data-testid="tv-lane"]').evaluateAll(names)).toEqual(['Pia']);

    await tv.getByTestId('tv-end-race').click();
    await tv.getByTestId('tv-end-race-confirmed').click();
    await tv.getByTestId('tv-results').waitFor();
    await tv.getByText('Nobody finished the board.').waitFor();
    await tv.getByTestId('play-again-line').getByText('Play again · waiting for Pia').waitFor();
    await tv.getByTestId('rematch').click();
    await tv.locator('[data-testid="tv"][data-phase="lobby"]').waitFor();
    expect(await scrolls(tv)).toBe(false);
  }, 60_000);

  it('speaks Chinese on the TV', async () => {
    const host = await e2e.newPage();
    const code = await createRoom(host, e2e.server.url, 'Mei');
    const tv = await e2e.newPage({ viewport: { width: 1280, height: 720 } });
    await tv.addInitScript(() => localStorage.setItem('percent.lang', 'zh'));
    await tv.goto(`${e2e.server.url}/r/${code}?tv=1`);
    await tv.getByText('扫码加入').waitFor();
    await tv.getByTestId('rules-card').getByText('玩法').waitFor();
    await tv.locator('.tv-qr-big svg').waitFor();
    expect(await scrolls(tv)).toBe(false);
    await screenshot(tv, 'tv-lobby-zh-720p');
  }, 60_000);
});

/** The `data-player` names of the matched elements, in document order. */
const names = (elements: Element[]): (string | null)[] =>
  elements.map((el) => el.getAttribute('data-player'));
