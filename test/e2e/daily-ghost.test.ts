/**
 * The daily puzzle and ghost races in the browser: two devices (two contexts, two device ids)
 * get the same daily puzzle; one solves it and is ranked; the other races that solve as a ghost
 * whose progress advances while they play, and is told who won; a slow recorded solve of this
 * device, raced as a ghost, is beaten and the page says by how much.
 */
/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  hasChromium,
  readGivens,
  screenshot,
  typeDigit,
  useE2eSession,
} from './harness.ts';
import { axeViolations } from './axe.ts';

const BOARD = '.solo';

/** Waits for the solo board, then reads its givens. */
async function soloGivens(page: Page): Promise<string> {
  await page.locator(`${BOARD} svg.board [data-cell="0"]`).waitFor({ timeout: 60_000 });
  await expect.poll(() => readGivens(page, BOARD)).toMatch(/[1-9]/);
  return readGivens(page, BOARD);
}

async function fillBoard(page: Page, givens: string, solution: string): Promise<void> {
  for (const cell of blanksOf(givens)) await typeDigit(page, cell, Number(solution[cell]), BOARD);
}

const ghostPercent = async (page: Page): Promise<number> =>
  Number((await page.getByTestId('ghost-percent').textContent())?.replace('%', ''));

describe.skipIf(!hasChromium)('the daily puzzle and ghost races', () => {
  const e2e = useE2eSession();
  const today = new Date().toISOString().slice(0, 10);
  let solution = '';
  let givens = '';

  it('gives two devices the same daily puzzle; a solve is ranked and on the leaderboard', async () => {
    const ann = await e2e.newPage();
    const bob = await e2e.newPage();
    await ann.addInitScript(() => localStorage.setItem('percent.nickname', 'Ann'));
    for (const page of [ann, bob]) {
      await page.goto(`${e2e.server.url}/daily`);
      await page.getByTestId('daily-percent').waitFor();
      if (page === bob) {
        await screenshot(page, 'daily-overview');
        expect(await axeViolations(page)).toEqual([]);
      }
      await page.getByTestId('daily-percent').getByRole('link', { name: 'Play' }).click();
    }
    givens = await soloGivens(ann);
    expect(await soloGivens(bob)).toBe(givens);
    const devices = await Promise.all(
      [ann, bob].map((page) => page.evaluate(() => localStorage.getItem('percent.device'))),
    );
    expect(devices[0]).not.toBe(devices[1]);
    const day = (await fetch(`${e2e.server.url}/api/daily/${today}/percent`).then((r) =>
      r.json(),
    )) as { puzzle: string; solution: string };
    expect(day.puzzle).toBe(givens);
    solution = day.solution;
    expect(await ann.locator('.daily-banner').textContent()).toBe(
      `Daily puzzle: Percent, ${today}`,
    );

    await fillBoard(ann, givens, solution);
    const result = ann.getByTestId('daily-result');
    await expect
      .poll(() => result.textContent(), { timeout: 15_000 })
      .toMatch(/^Daily Percent: #1 of 1, in \d+:\d\d\.Daily streak: 1$/);
    // The solve is recorded on the device, with a replay link.
    const replay = ann.getByRole('link', { name: 'Replay' });
    expect(await replay.getAttribute('href')).toMatch(/^\/replay\/[A-Za-z0-9]+$/);
    await screenshot(ann, 'daily-solved');

    await bob.goto(`${e2e.server.url}/daily/${today}/percent`);
    const board = bob.getByTestId('daily-leaderboard');
    await board.waitFor();
    await screenshot(bob, 'daily-day');
    expect(await axeViolations(bob)).toEqual([]);
    expect(await board.locator('tbody tr').allTextContents()).toEqual([
      expect.stringMatching(/^1Ann\d+:\d\d0$/),
    ]);
    expect(await bob.getByTestId('daily-you').textContent()).toBe(
      'You have not solved this one yet.',
    );
    // Ann's home page: today's puzzles with her streak.
    await ann.goto(`${e2e.server.url}/`);
    const card = ann.getByTestId('daily-card');
    await card.getByTestId('streak').waitFor();
    expect(await card.getByTestId('streak').textContent()).toBe('Daily streak: 1 · longest 1');
    expect(await card.getByTestId('daily-percent').textContent()).toMatch(
      /^Percent · \w+ · 1 solved, best \d+:\d\d Play Race the leader\s*$/,
    );
    await screenshot(ann, 'daily-card');
    await bob.context().close();
    await ann.context().close();
  }, 180_000);

  it("races the daily leader's ghost: its progress advances while you play, the end says who won", async () => {
    const cat = await e2e.newPage();
    await cat.goto(`${e2e.server.url}/daily/${today}/percent`);
    await cat.getByRole('link', { name: 'Race the leader' }).click();
    expect(await soloGivens(cat)).toBe(givens);
    await cat.getByTestId('ghost').waitFor();
    expect(await cat.locator('.ghost-name').textContent()).toBe('Ghost: Ann');
    const blanks = blanksOf(givens);
    const half = blanks.slice(0, Math.floor(blanks.length / 2));
    for (const cell of half) await typeDigit(cat, cell, Number(solution[cell]), BOARD);
    // Ann's ghost finished within her typing time: by now it shows the full board.
    await expect.poll(() => ghostPercent(cat), { timeout: 30_000 }).toBe(100);
    // Its progress alone, not its digits: this daily stays rankable.
    expect(await cat.locator('.ghost-board').count()).toBe(0);
    for (const cell of blanks.slice(half.length))
      await typeDigit(cat, cell, Number(solution[cell]), BOARD);
    const outcome = cat.getByTestId('ghost-outcome');
    await expect
      .poll(() => outcome.textContent(), { timeout: 15_000 })
      .toMatch(
        /^(You beat the ghost by [\d.:]+( s)?!|The ghost won by [\d.:]+( s)?\.|A dead heat with the ghost!)$/,
      );
    // No nickname on this device: the daily asks for one before posting.
    await cat.locator('.daily-post input[name="nickname"]').fill('Cat');
    await cat.getByRole('button', { name: 'Post my time' }).click();
    await expect
      .poll(() => cat.getByTestId('daily-result').textContent(), { timeout: 15_000 })
      .toMatch(/ of 2, in /);
    // After the finish the ghost's digits may be shown: that changes nothing.
    await cat
      .getByLabel('Show the ghost’s digits (a daily solved with them is not posted)')
      .check();
    expect(await cat.locator('.ghost-board .ghost-entry').count()).toBe(blanks.length);
    await screenshot(cat, 'daily-ghost-race');
    expect(await axeViolations(cat)).toEqual([]);
    await cat.context().close();
  }, 180_000);

  it("does not post a daily solved with the ghost's digits on screen", async () => {
    const eve = await e2e.newPage();
    await eve.goto(`${e2e.server.url}/daily/${today}/percent`);
    await eve.getByRole('link', { name: 'Race the leader' }).click();
    expect(await soloGivens(eve)).toBe(givens);
    await eve
      .getByLabel('Show the ghost’s digits (a daily solved with them is not posted)')
      .check();
    await expect.poll(() => eve.locator('.ghost-board .ghost-cell').count()).toBe(81);
    await fillBoard(eve, givens, solution);
    await eve
      .getByText('You saw the ghost’s digits before you finished: not posted to the leaderboard.')
      .waitFor({ timeout: 15_000 });
    expect(await eve.getByTestId('daily-result').count()).toBe(0);
    expect(await eve.locator('.daily-post input[name="nickname"]').count()).toBe(0);
    const board = await fetch(`${e2e.server.url}/api/daily/${today}/percent`).then((r) => r.json());
    expect((board as { solvers: number }).solvers).toBe(2);
    await eve.context().close();
  }, 180_000);

  it("races this device's own slow solve: the ghost's percent rises on the stopwatch and is beaten", async () => {
    const dan = await e2e.newPage();
    const blanks = blanksOf(givens);
    // A recorded solve that places one digit a second, starting after a second.
    const record = {
      id: 'slowsolve1',
      source: 'solo',
      variant: 'percent',
      difficulty: 'easy',
      puzzle: givens,
      solution,
      nickname: 'Dan',
      startedAt: Date.now() - 86_400_000,
      timeMs: blanks.length * 1000,
      mistakes: 0,
      moves: blanks.map((cell, i) => ({
        at: (i + 1) * 1000,
        cell,
        digit: Number(solution[cell]),
        verdict: 'correct',
      })),
    };
    await dan.addInitScript(
      (solves) =>
        localStorage.getItem('percent.solves') ?? localStorage.setItem('percent.solves', solves),
      JSON.stringify([record]),
    );
    // From the solo page's picker (a random puzzle is on the board first).
    await dan.goto(`${e2e.server.url}/solo`);
    await dan.locator(`${BOARD} svg.board [data-cell="0"]`).waitFor({ timeout: 60_000 });
    await dan.getByText('Race a ghost').click();
    await dan.getByRole('button', { name: /^Percent, Easy: \d+:\d\d$/ }).click();
    await expect.poll(() => readGivens(dan, BOARD)).toBe(givens);
    expect(await dan.evaluate(() => location.search)).toBe('?ghost=solve%3Aslowsolve1');
    expect(await dan.locator('.ghost-name').textContent()).toBe('Ghost: You, earlier');
    const start = await ghostPercent(dan);
    expect(start).toBeLessThan(10);
    await expect.poll(() => ghostPercent(dan), { timeout: 10_000 }).toBeGreaterThan(start);
    expect(await dan.getByTestId('ghost-facts').textContent()).toMatch(/solving…$/);
    const half = Math.floor(blanks.length / 2);
    for (const cell of blanks.slice(0, half))
      await typeDigit(dan, cell, Number(solution[cell]), BOARD);
    // A reload keeps the game, its moves and the ghost (the address names this ghost).
    await dan.reload();
    await dan.getByTestId('ghost').waitFor({ timeout: 30_000 });
    const first = dan.locator(`${BOARD} [data-cell="${blanks[0]}"] text.entry`);
    expect(await first.textContent()).toBe(solution[blanks[0]!]);
    for (const cell of blanks.slice(half))
      await typeDigit(dan, cell, Number(solution[cell]), BOARD);
    await expect
      .poll(() => dan.getByTestId('ghost-outcome').textContent(), { timeout: 15_000 })
      .toMatch(/^You beat the ghost by (\d+ s|\d+:\d\d|\d+\.\d s)!$/);
    // Not a daily: nothing posted; the solve is recorded (as a ghost race) with its replay.
    expect(await dan.getByTestId('daily-result').count()).toBe(0);
    const solves = await dan.evaluate(
      () =>
        JSON.parse(localStorage.getItem('percent.solves') ?? '[]') as {
          source: string;
          moves: unknown[];
        }[],
    );
    expect(solves.map((s) => s.source)).toEqual(['ghost', 'solo']);
    expect(solves[0]?.moves.length).toBe(blanks.length);
    await screenshot(dan, 'ghost-own-solve');
    // "Race this solve again": a fresh board on the same puzzle against the solve just made.
    await dan.getByRole('link', { name: 'Race this solve again' }).click();
    await expect.poll(() => dan.locator(`${BOARD} text.entry`).count()).toBe(0);
    expect(await dan.evaluate(() => location.search)).toMatch(/^\?ghost=solve%3A[A-Za-z0-9]+$/);
    expect(await dan.getByTestId('ghost-outcome').count()).toBe(0);
    expect(await readGivens(dan, BOARD)).toBe(givens);
    await dan.context().close();
  }, 180_000);
});
