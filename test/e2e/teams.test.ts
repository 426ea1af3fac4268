/**
 * A 2×2 team race in the browser: the host switches teams on, moves two players by hand, every
 * screen shows the teams in their colours (lobby boxes, the race's team bars, the TV's lanes),
 * both members of Team Red finish, the race ends there, and every page and the TV say Team
 * Red won, with each team's players — in English and in 中文.
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
const RED = 'rgb(213, 94, 0)';
const BLUE = 'rgb(0, 114, 178)';

/** [team, nicknames] per team box in the lobby. */
const lobbyTeams = (page: Page) =>
  page
    .getByTestId('team-box')
    .evaluateAll((boxes) =>
      boxes.map((box) => [
        box.getAttribute('data-team'),
        [...box.querySelectorAll('[data-testid="team-member"]')].map((m) =>
          m.getAttribute('data-player'),
        ),
      ]),
    );

describe.skipIf(!hasChromium)('a team race', () => {
  const e2e = useE2eSession();

  it('races two teams of two to the end, in team colours on every screen', async () => {
    const names = ['Ann', 'Bob', 'Cat', 'Dan'] as const;
    const pages: Page[] = [];
    while (pages.length < names.length) pages.push(await e2e.newPage());
    const [ann, bob, cat, dan] = pages as [Page, Page, Page, Page];
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    for (const [i, page] of pages.slice(1).entries())
      await joinRoom(page, e2e.server.url, code, names[i + 1]!);

    await ann.locator('select[name="teams"]').selectOption('2');
    // Dealt by rating (all new: by arrival): Ann and Cat, Bob and Dan. The host swaps Cat and Dan.
    await expect
      .poll(() => lobbyTeams(bob))
      .toEqual([
        ['0', ['Ann', 'Cat']],
        ['1', ['Bob', 'Dan']],
      ]);
    expect(await bob.getByTestId('balance-teams').count()).toBe(0); // the host's only
    await ann.getByTestId('team-of-Dan').selectOption('0');
    await ann.getByTestId('team-of-Cat').selectOption('1');
    for (const page of pages)
      await expect
        .poll(() => lobbyTeams(page))
        .toEqual([
          ['0', ['Ann', 'Dan']],
          ['1', ['Bob', 'Cat']],
        ]);
    expect(
      await cat
        .locator('[data-testid="team-box"][data-team="1"]')
        .evaluate((el) => getComputedStyle(el).borderTopColor),
    ).toBe(BLUE);
    await screenshot(cat, 'teams-lobby');
    // The TV's lobby shows the teams too, and each name chip carries its team's colour.
    const tv = await e2e.newPage({ viewport: FULL_HD });
    await tv.goto(`${e2e.server.url}/r/${code}?tv=1`);
    await tv.getByTestId('tv').waitFor();
    await expect
      .poll(() => lobbyTeams(tv))
      .toEqual([
        ['0', ['Ann', 'Dan']],
        ['1', ['Bob', 'Cat']],
      ]);
    expect(await tv.locator('.tv-chip[data-player="Cat"]').getAttribute('data-team')).toBe('1');

    for (const page of pages.slice(1)) await page.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    for (const page of pages) await page.getByTestId('race').waitFor({ timeout: 15_000 });
    await tv.getByTestId('tv-lanes').waitFor();
    const danLane = tv.locator('[data-testid="tv-lane"][data-player="Dan"]');
    expect(await danLane.getAttribute('data-team')).toBe('0');
    expect(await danLane.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe(RED);
    expect(
      await tv
        .locator('[data-testid="tv-lane"][data-player="Cat"]')
        .evaluate((el) => getComputedStyle(el).borderLeftColor),
    ).toBe(BLUE);

    // Team Red fills both boards; Bob a few cells. Team bars follow on every screen.
    const { solution, blanks } = await readPuzzle(ann);
    for (const cell of blanks.slice(0, 3)) await typeDigit(bob, cell, Number(solution[cell]));
    await Promise.all(
      [ann, dan].map(async (page) => {
        for (const cell of blanks.slice(0, -1)) await typeDigit(page, cell, Number(solution[cell]));
      }),
    );
    const redBar = tv.locator('[data-testid="team-bar"][data-team="0"]');
    await expect
      .poll(() => redBar.getAttribute('data-percent'))
      .toBe(String(Math.round((100 * (blanks.length - 1)) / blanks.length)));
    await screenshot(tv, 'teams-tv-race');
    const last = blanks.at(-1)!;
    await typeDigit(ann, last, Number(solution[last]));
    await typeDigit(dan, last, Number(solution[last]));

    // Team Red is complete: the race ends for everyone, Bob and Cat included.
    for (const page of [...pages, tv])
      await expect
        .poll(() => page.getByTestId('team-winner').first().textContent(), { timeout: 15_000 })
        .toBe('Team Red wins!');
    const rows = await bob
      .getByTestId('team-row')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('data-team'), el.getAttribute('data-place')]),
      );
    expect(rows).toEqual([
      ['0', '1'],
      ['1', '2'],
    ]);
    expect(await bob.getByTestId('team-row').first().textContent()).toMatch(
      /^1stTeam RedAnn, Danall finished in /,
    );
    await tv.waitForTimeout(1500);
    await screenshot(tv, 'teams-tv-results');

    const zh = await e2e.newPage();
    await zh.addInitScript(() => localStorage.setItem('percent.lang', 'zh'));
    await zh.goto(`${e2e.server.url}/r/${code}?watch=1`);
    await expect.poll(() => zh.getByTestId('team-winner').textContent()).toBe('红队获胜！');
  }, 180_000);
});
