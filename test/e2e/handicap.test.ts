/**
 * A handicapped race in the browser: Ann beats Bob in a rated race, so their ratings part; the
 * host turns on head starts and every screen shows, before the start, how far ahead Bob starts
 * and the rule behind it. In the race Bob's puzzle is there at once while Ann's page waits with
 * no board, counting down to hers; the race is unrated, and the results and the TV say why.
 */
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

describe.skipIf(!hasChromium)('head starts', () => {
  const e2e = useE2eSession();

  it('shows the head start and its rating rule, and holds the stronger player back', async () => {
    const [ann, bob] = [await e2e.newPage(), await e2e.newPage()];
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await joinRoom(bob, e2e.server.url, code, 'Bob');

    // A rated race first: Ann finishes, the host ends it for Bob. Their ratings part.
    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await ann.getByTestId('race').waitFor({ timeout: 15_000 });
    const first = await readPuzzle(ann);
    for (const cell of first.blanks) await typeDigit(ann, cell, Number(first.solution[cell]));
    await ann.getByTestId('end-race').click();
    await ann.getByTestId('end-race-confirmed').click();
    await bob.getByTestId('results').waitFor();
    await ann.getByTestId('rematch').click();
    await ann.getByTestId('lobby').waitFor();

    expect(await bob.getByTestId('rated-badge').textContent()).toBe('Rated');
    await ann.getByTestId('handicap-setting').check();
    // The server says the next race is unrated by its rules; the badge shows it.
    await expect.poll(() => bob.getByTestId('rated-badge').textContent()).toBe('Unrated');
    const bobRow = bob.locator('[data-testid="handicap"][data-player="Bob"]');
    await expect.poll(() => bobRow.count()).toBe(1);
    const ahead = Number(await bobRow.getAttribute('data-ms'));
    expect(ahead).toBeGreaterThan(60_000); // a provisional 1500 → ~1660 / ~1340 gap
    expect(ahead % 5_000).toBe(0);
    const minutes = `${Math.floor(ahead / 60_000)}:${String((ahead % 60_000) / 1000).padStart(2, '0')}`;
    expect(await bobRow.textContent()).toBe(`Bob starts ${minutes} ahead`);
    expect(await bob.locator('[data-testid="handicap"][data-player="Ann"]').textContent()).toBe(
      'Ann starts last',
    );
    expect(await bob.getByTestId('handicap-rule').textContent()).toBe(
      'From the ratings: every 400 points is taken as twice as fast (5:00 for a 1500 player on Easy); each head start is at most 10:00. Races with head starts are not rated.',
    );
    await screenshot(bob, 'handicap-lobby');

    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await bob.getByTestId('race').waitFor({ timeout: 15_000 });
    // Ann waits: no board on her page, the time until her puzzle appears.
    await ann.getByTestId('head-start-wait').waitFor();
    expect(await ann.locator('[data-cell]').count()).toBe(0);
    expect(await ann.getByTestId('head-start-wait').textContent()).toContain(
      'Your puzzle appears in',
    );
    expect(await ann.getByTestId('head-start-left').textContent()).toMatch(/^\d:\d\d$/);
    const tv = await e2e.newPage({ viewport: FULL_HD });
    await tv.goto(`${e2e.server.url}/r/${code}?tv=1`);
    await tv.getByTestId('tv-lanes').waitFor();
    expect(await tv.locator('[data-testid="handicap"][data-player="Bob"]').textContent()).toBe(
      `Bob starts ${minutes} ahead`,
    );
    await screenshot(ann, 'handicap-wait');

    const second = await readPuzzle(bob);
    for (const cell of second.blanks) await typeDigit(bob, cell, Number(second.solution[cell]));
    await ann.getByTestId('end-race').click();
    await ann.getByTestId('end-race-confirmed').click();
    await bob.getByTestId('results').waitFor();
    const unrated = bob.getByTestId('unrated-race');
    expect(await unrated.getAttribute('data-reason')).toBe('handicap');
    expect(await unrated.textContent()).toContain('Head starts are on: such races are not rated.');
    expect(await bob.locator('[data-testid="handicap"][data-player="Bob"]').textContent()).toBe(
      `Bob starts ${minutes} ahead`,
    );

    const zh = await e2e.newPage();
    await zh.addInitScript(() => localStorage.setItem('percent.lang', 'zh'));
    await zh.goto(`${e2e.server.url}/r/${code}?watch=1`);
    await expect
      .poll(() => zh.locator('[data-testid="handicap"][data-player="Bob"]').textContent())
      .toBe(`Bob 提前 ${minutes} 开始`);
  }, 180_000);
});
