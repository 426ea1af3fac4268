/**
 * The daily puzzle and ghost races in the browser: two devices (two contexts, two device ids)
 * get the same daily puzzle, played against the server (digits judged as typed, the solution
 * never sent); one solves it and is ranked; once solved, its leader's ghost races beside the
 * board and the end says who won; a reload resumes an attempt; a slow recorded solve of this
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
import { solveGivens } from '../server/harness.ts';

const BOARD = '.solo';
const PLAY = '[data-testid="daily-play"]';
let annPage: Page | undefined;

/** Waits for the solo board, then reads its givens. */
async function soloGivens(page: Page): Promise<string> {
  await page.locator(`${BOARD} svg.board [data-cell="0"]`).waitFor({ timeout: 60_000 });
  await expect.poll(() => readGivens(page, BOARD)).toMatch(/[1-9]/);
  return readGivens(page, BOARD);
}

async function fillBoard(page: Page, givens: string, solution: string, scope = BOARD) {
  for (const cell of blanksOf(givens)) await typeDigit(page, cell, Number(solution[cell]), scope);
}

/** Waits for the daily's board (after Start), then reads its givens. */
async function playGivens(page: Page): Promise<string> {
  await page.locator(`${PLAY} svg.board [data-cell="0"]`).waitFor({ timeout: 60_000 });
  await expect.poll(() => readGivens(page, PLAY)).toMatch(/[1-9]/);
  return readGivens(page, PLAY);
}

/** The ghost race's countdown has ended: the stopwatch runs and the board takes digits. */
const ghostStarts = (page: Page) =>
  page.getByTestId('ghost-countdown').waitFor({ state: 'detached', timeout: 10_000 });

const ghostPercent = async (page: Page): Promise<number> =>
  Number((await page.getByTestId('ghost-percent').textContent())?.replace('%', ''));

describe.skipIf(!hasChromium)('the daily puzzle and ghost races', () => {
  const e2e = useE2eSession();
  const today = new Date().toISOString().slice(0, 10);
  let solution = '';
  let givens = '';

  it('gives two devices the same daily, played against the server: a solve is ranked and listed', async () => {
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
      expect(await page.evaluate(() => location.pathname)).toBe(`/daily/${today}/percent/play`);
    }
    // Before Start no clock runs and no puzzle is shown; Bob has no nickname yet.
    await bob.locator('.daily-start input[name="nickname"]').fill('Bob');
    for (const page of [ann, bob]) await page.getByTestId('daily-start').click();
    givens = await playGivens(ann);
    expect(await playGivens(bob)).toBe(givens);
    const devices = await Promise.all(
      [ann, bob].map((page) => page.evaluate(() => localStorage.getItem('percent.device'))),
    );
    expect(devices[0]).not.toBe(devices[1]);
    const day = (await fetch(`${e2e.server.url}/api/daily/${today}/percent`).then((r) =>
      r.json(),
    )) as { puzzle: string; solution?: string };
    expect(day.puzzle).toBe(givens);
    expect(day.solution).toBeUndefined(); // never before the solve
    solution = solveGivens(givens, 'percent');
    expect(await ann.getByTestId('daily-play').textContent()).toContain(
      'Ranked: this solve goes on the leaderboard.',
    );
    // A wrong digit is judged by the server and shown wrong, counted once.
    const first = blanksOf(givens)[0]!;
    await typeDigit(ann, first, (Number(solution[first]) % 9) + 1, PLAY);
    await ann.locator(`${PLAY} [data-cell="${first}"] text.verdict-wrong`).waitFor();
    expect(await ann.getByTestId('daily-mistakes').textContent()).toBe('Mistakes: 1');
    await fillBoard(ann, givens, solution, PLAY);
    const result = ann.getByTestId('daily-result');
    await expect
      .poll(() => result.textContent(), { timeout: 15_000 })
      .toMatch(/^Your solveDaily Percent: #1 of 1, in \d+:\d\d\.Daily streak: 1/);
    // The solve is recorded on the device, with a replay link and its debrief.
    const replay = ann.getByRole('link', { name: 'Replay' });
    await replay.waitFor();
    expect(await replay.getAttribute('href')).toMatch(/^\/replay\/[A-Za-z0-9_-]{24}$/);
    const kept = await ann.evaluate(
      () => JSON.parse(localStorage.getItem('percent.solves') ?? '[]') as { source: string }[],
    );
    expect(kept.map((solve) => solve.source)).toEqual(['daily']);
    await screenshot(ann, 'daily-solved');
    expect(await axeViolations(ann)).toEqual([]);
    // Shared from a desktop without a share sheet: the text goes to the clipboard.
    await ann.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await ann.getByTestId('share-daily').click();
    await ann.getByText('✓ Copied').waitFor();
    const copied = await ann.evaluate(() => navigator.clipboard.readText());
    const lines = copied.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      `Percent daily · Percent · ${today}`,
      expect.stringMatching(/^⏱ \d+:\d\d · 1 mistake · #1 of 1$/),
    ]);
    // The grid: one box yellow, where the wrong digit went; the rest green.
    expect(lines.slice(2, 5).join('').match(/🟨/gu)).toHaveLength(1);
    expect(lines.slice(2, 5).join('').match(/🟩/gu)).toHaveLength(8);
    expect(copied.endsWith(`${e2e.server.url}/daily/${today}/percent`)).toBe(true);

    await bob.goto(`${e2e.server.url}/daily/${today}/percent`);
    const board = bob.getByTestId('daily-leaderboard');
    await board.waitFor();
    await screenshot(bob, 'daily-day');
    expect(await axeViolations(bob)).toEqual([]);
    expect(await board.locator('tbody tr').allTextContents()).toEqual([
      expect.stringMatching(/^1Ann\d+:\d\d1$/),
    ]);
    expect(await bob.getByTestId('daily-you').textContent()).toBe(
      'You have not solved this one yet.',
    );
    // The leader's ghost shows the solution: not for Bob, who has not solved it.
    expect(await bob.getByRole('link', { name: 'Race the leader' }).count()).toBe(0);
    // Ann's home page: today's puzzles with her streak.
    await ann.goto(`${e2e.server.url}/`);
    const card = ann.getByTestId('daily-card');
    await card.getByTestId('streak').waitFor();
    expect(await card.getByTestId('streak').textContent()).toBe('Daily streak: 1 · longest 1');
    expect(await card.getByTestId('daily-percent').textContent()).toMatch(
      /^Percent · \w+ · 1 solved, best \d+:\d\d Play\s*$/,
    );
    await screenshot(ann, 'daily-card');
    await bob.context().close();
    annPage = ann;
  }, 180_000);

  it("races the daily leader's ghost once solved: its progress advances, the end says who won", async () => {
    const ann = annPage!;
    await ann.goto(`${e2e.server.url}/daily/${today}/percent`);
    await ann.getByRole('link', { name: 'Race the leader' }).click();
    expect(await soloGivens(ann)).toBe(givens);
    await ann.getByTestId('ghost').waitFor();
    expect(await ann.locator('.ghost-name').textContent()).toBe('Ghost: Ann');
    // A countdown first, as before a race: the board takes no digit until "go".
    await ann.getByTestId('ghost-countdown').waitFor();
    await ghostStarts(ann);
    const blanks = blanksOf(givens);
    const half = blanks.slice(0, Math.floor(blanks.length / 2));
    for (const cell of half) await typeDigit(ann, cell, Number(solution[cell]), BOARD);
    await expect.poll(() => ghostPercent(ann), { timeout: 30_000 }).toBeGreaterThan(0);
    await ann.getByLabel('Show the ghost’s digits').check();
    await expect.poll(() => ann.locator('.ghost-board .ghost-cell').count()).toBe(81);
    for (const cell of blanks.slice(half.length))
      await typeDigit(ann, cell, Number(solution[cell]), BOARD);
    const outcome = ann.getByTestId('ghost-outcome');
    await expect
      .poll(() => outcome.textContent(), { timeout: 15_000 })
      .toMatch(
        /^(You beat the ghost by [\d.:]+( s)?!|The ghost won by [\d.:]+( s)?\.|A dead heat with the ghost!)$/,
      );
    await screenshot(ann, 'daily-ghost-race');
    expect(await axeViolations(ann)).toEqual([]);
    // Practice: the leaderboard is unchanged.
    const board = await fetch(`${e2e.server.url}/api/daily/${today}/percent`).then((r) => r.json());
    expect((board as { solvers: number }).solvers).toBe(1);
    await ann.context().close();
  }, 180_000);

  it('resumes an attempt after a reload: its judged digits and the server’s clock', async () => {
    const cat = await e2e.newPage();
    await cat.addInitScript(() => localStorage.setItem('percent.nickname', 'Cat'));
    await cat.goto(`${e2e.server.url}/daily/${today}/percent/play`);
    await cat.getByTestId('daily-start').click();
    expect(await playGivens(cat)).toBe(givens);
    const [a, b] = blanksOf(givens);
    await typeDigit(cat, a!, Number(solution[a!]), PLAY);
    await typeDigit(cat, b!, (Number(solution[b!]) % 9) + 1, PLAY);
    await cat.locator(`${PLAY} [data-cell="${b}"] text.verdict-wrong`).waitFor();
    await cat.waitForTimeout(2100);
    await cat.reload();
    await playGivens(cat);
    const entry = (cell: number) => cat.locator(`${PLAY} [data-cell="${cell}"] text.entry`);
    expect(await entry(a!).textContent()).toBe(solution[a!]);
    expect(await entry(b!).textContent()).toBe(String((Number(solution[b!]) % 9) + 1));
    expect(await cat.locator(`${PLAY} [data-cell="${b}"] text.verdict-wrong`).count()).toBe(1);
    expect(await cat.getByTestId('daily-mistakes').textContent()).toBe('Mistakes: 1');
    // The clock is the server's: it did not start again at the reload.
    expect(await cat.getByTestId('daily-timer').textContent()).toMatch(/0:0[2-9]|0:[1-5]\d/);
    await cat.context().close();
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
    // During the countdown the ghost waits at 0% and a digit typed is not taken.
    await dan.getByTestId('ghost-countdown').waitFor();
    expect(await ghostPercent(dan)).toBe(0);
    await typeDigit(dan, blanks[0]!, Number(solution[blanks[0]!]), BOARD);
    expect(await dan.locator(`${BOARD} [data-cell="${blanks[0]}"] text.entry`).count()).toBe(0);
    await ghostStarts(dan);
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

  it('keeps the ghost race in view on a phone held upright: under the board, above the pad', async () => {
    const blanks = blanksOf(givens);
    const record = {
      id: 'phonesolve1',
      source: 'solo',
      variant: 'percent',
      difficulty: 'easy',
      puzzle: givens,
      solution,
      nickname: 'Eve',
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
    const eve = await e2e.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await eve.addInitScript(
      (solves) => localStorage.setItem('percent.solves', solves),
      JSON.stringify([record]),
    );
    await eve.goto(`${e2e.server.url}/solo?ghost=solve%3Aphonesolve1`);
    await eve.getByTestId('ghost').waitFor({ timeout: 30_000 });
    await ghostStarts(eve);
    const box = async (selector: string) => {
      const found = await eve.locator(selector).first().boundingBox();
      if (!found) throw new Error(`${selector} is not shown`);
      return found;
    };
    const board = await box(`${BOARD} svg.board`);
    const ghost = await box('[data-testid="ghost"]');
    const pad = await box('.pad');
    expect(ghost.y).toBeGreaterThanOrEqual(board.y + board.height);
    expect(ghost.y + ghost.height).toBeLessThanOrEqual(pad.y);
    expect(pad.y + pad.height).toBeLessThanOrEqual(844);
    expect(await eve.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
    await screenshot(eve, 'ghost-race-phone');
    await eve.context().close();
  }, 90_000);
});
