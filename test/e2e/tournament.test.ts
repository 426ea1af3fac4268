/**
 * A tournament in the browser: the host plans an evening of 3 rounds; four players race each
 * round while a TV shows the room; after every round the evening's standings (10/7/5/3/1 and a
 * point per finish) are on every screen and on the TV; between rounds 1 and 2 the server is
 * killed with SIGKILL and started again on the same data, and the evening goes on from where
 * it was; after round 3 the evening's podium is on the TV and the players' screens, and the
 * evening's page (`/tournament/ID`) shows what was stored — in English and in 中文.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServerChild, type ServerChild } from '../faults/server-child.ts';
import { buildClientIfStale, launchChromium } from './chromium.ts';
import { createRoom, hasChromium, joinRoom, readPuzzle, screenshot, typeDigit } from './harness.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FULL_HD = { width: 1920, height: 1080 };

/** The evening's standings on a page: [place, name, points] per row, best first. */
async function standingsOn(page: Page): Promise<(string | null)[][]> {
  const rows = page.locator('[data-testid="evening-row"]');
  return rows.evaluateAll((els) =>
    els.map((el) => [
      el.getAttribute('data-place'),
      el.getAttribute('data-player'),
      el.getAttribute('data-points'),
    ]),
  );
}

/**
 * One round: every page readies if it must, the host starts; `order` fills all but its last
 * blank together, then solves in that order; the host ends the race for the rest.
 */
async function playRound(host: Page, pages: Page[], order: Page[]): Promise<void> {
  for (const page of pages.slice(1)) {
    const ready = page.getByTestId('ready');
    if ((await ready.getAttribute('aria-pressed')) !== 'true') await ready.click();
  }
  await expect.poll(() => host.getByTestId('start').isEnabled(), { timeout: 15_000 }).toBe(true);
  await host.getByTestId('start').click();
  for (const page of pages) await page.getByTestId('race').waitFor({ timeout: 15_000 });
  const { solution, blanks } = await readPuzzle(host);
  const last = blanks.at(-1)!;
  await Promise.all(
    order.map(async (page) => {
      for (const cell of blanks.slice(0, -1)) await typeDigit(page, cell, Number(solution[cell]));
    }),
  );
  for (const page of order) {
    await typeDigit(page, last, Number(solution[last]));
    // Judged before the next one types (their sockets are not ordered with each other).
    await expect.poll(() => page.getByTestId('race').getAttribute('data-status')).toBe('finished');
  }
  await host.getByTestId('end-race').click();
  await host.getByTestId('end-race-confirmed').click();
  for (const page of pages) await page.getByTestId('results').waitFor({ timeout: 15_000 });
}

describe.skipIf(!hasChromium)('a tournament of three rounds', () => {
  const child = useServerChild('tournament');
  let server: ServerChild;
  let browser: Browser;
  beforeAll(async () => {
    const failed = await buildClientIfStale(ROOT);
    if (failed !== undefined) throw new Error(`the client build failed:\n${failed}`);
    process.env.FAULT_RATE_LIMIT = '200,100,1000';
    process.env.FAULT_COUNTDOWN_MS = '1000';
    server = await child.start();
    browser = await launchChromium(['--disable-gpu']);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });
  const newPage = async (viewport = { width: 1280, height: 900 }) =>
    (await browser.newContext({ viewport })).newPage();

  it('scores every round, survives a kill -9 between rounds and crowns the evening', async () => {
    const names = ['Ann', 'Bob', 'Cat', 'Dan'] as const;
    const pages: Page[] = [];
    while (pages.length < names.length) pages.push(await newPage());
    const [ann, bob, cat, dan] = pages as [Page, Page, Page, Page];
    const code = await createRoom(ann, server.url, 'Ann');
    for (const [i, page] of pages.slice(1).entries())
      await joinRoom(page, server.url, code, names[i + 1]!);
    const tv = await newPage(FULL_HD);
    await tv.goto(`${server.url}/r/${code}?tv=1`);
    await tv.getByTestId('tv').waitFor();

    // Only the host is offered an evening; it plans three rounds.
    expect(await bob.getByTestId('evening-start').count()).toBe(0);
    await ann.getByTestId('evening-rounds').selectOption('3');
    await ann.getByTestId('evening-start').click();
    for (const page of [...pages, tv])
      await expect
        .poll(() => page.getByTestId('evening-state').first().textContent())
        .toBe('The next race is round 1');
    expect(await ann.getByTestId('evening-start').count()).toBe(0);

    // Round 1: Bob, then Ann; the host ends it for Cat and Dan.
    await playRound(ann, pages, [bob, ann]);
    const afterOne = [
      ['1', 'Bob', '11'],
      ['2', 'Ann', '8'],
      ['3', 'Cat', '0'],
      ['3', 'Dan', '0'],
    ];
    for (const page of [...pages, tv]) {
      await expect.poll(() => standingsOn(page)).toEqual(afterOne);
      expect(await page.getByTestId('evening-state').first().textContent()).toBe(
        'After round 1 of 3',
      );
    }
    expect(
      await cat.getByTestId('standing-points').evaluateAll((els) => els.map((e) => e.textContent)),
    ).toEqual(['+11', '+8', '+0', '+0']);
    await tv.waitForTimeout(1500); // the podium's rise, for the picture
    await screenshot(tv, 'tournament-tv-after-round-1');
    await ann.getByTestId('rematch').click();
    for (const page of pages) await page.getByTestId('lobby').waitFor();

    // A crash between rounds: every page comes back to the same evening.
    await server.kill9();
    await server.restart();
    for (const page of [...pages, tv]) {
      await expect.poll(() => standingsOn(page), { timeout: 30_000 }).toEqual(afterOne);
      await expect
        .poll(() => page.getByTestId('connection').first().getAttribute('data-state'), {
          timeout: 30_000,
        })
        .toBe('connected');
    }

    // Round 2: Cat, Dan, Bob. Round 3: Ann, Dan. The TV says which round is on.
    await playRound(ann, pages, [cat, dan, bob]);
    await expect
      .poll(() => standingsOn(tv))
      .toEqual([
        ['1', 'Bob', '17'],
        ['2', 'Cat', '11'],
        ['3', 'Ann', '8'],
        ['3', 'Dan', '8'],
      ]);
    await ann.getByTestId('rematch').click();
    for (const page of pages) await page.getByTestId('lobby').waitFor();
    await playRound(ann, pages, [ann, dan]);
    const final = [
      ['1', 'Ann', '19'],
      ['2', 'Bob', '17'],
      ['3', 'Dan', '16'],
      ['4', 'Cat', '11'],
    ];
    for (const page of [...pages, tv]) {
      await expect.poll(() => standingsOn(page)).toEqual(final);
      expect(await page.getByTestId('evening-state').first().textContent()).toBe('Final standings');
      expect(await page.getByTestId('evening-winner').first().textContent()).toBe(
        'Ann wins the evening!',
      );
      expect(
        await page
          .getByTestId('evening-podium-step')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-player'))),
      ).toEqual(['Ann', 'Bob', 'Dan']);
    }
    await tv.waitForTimeout(1500);
    await screenshot(tv, 'tournament-tv-podium');
    // The evening is over: the host may plan another.
    expect(await ann.getByTestId('evening-start').count()).toBe(1);

    // Its page: the same standings and the three rounds, each with its replay.
    await dan.getByTestId('evening-link').locator('a').click();
    await dan.getByTestId('evening-page').waitFor();
    await expect
      .poll(() => dan.getByTestId('evening-page').getAttribute('data-state'))
      .toBe('ready');
    expect(await standingsOn(dan)).toEqual(final);
    expect(await dan.getByTestId('evening-round').count()).toBe(3);
    expect(await dan.getByTestId('evening-winner').textContent()).toBe('Ann wins the evening!');
    await screenshot(dan, 'tournament-page');
    const url = dan.url();
    const zh = await newPage();
    await zh.addInitScript(() => localStorage.setItem('percent.lang', 'zh'));
    await zh.goto(url);
    await expect
      .poll(() => zh.getByTestId('evening-winner').textContent())
      .toBe('Ann 赢得了今晚！');
    expect(await zh.locator('h2').first().textContent()).toBe('最终排名');
  }, 300_000);
});
