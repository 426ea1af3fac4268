/**
 * Your own puzzle in solo, in the browser: an 81-digit string and an f-puzzles link are checked
 * in the engine worker, played and solved; the share address opens the same puzzle in a fresh
 * page; a clashing string, a puzzle with two solutions and a short link are refused with the
 * reason — in English and in 中文.
 */
import {
  fpuzzlesLinkOf,
  generate,
  createRng,
  getVariant,
  formatGrid,
  type VariantIdName,
} from '@percent/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blanksOf, hasChromium, readGivens, screenshot, solve, useE2eSession } from './harness.ts';

const BOARD = '.solo';

/** A fresh unique puzzle of the variant (seeded: the same every run). */
function puzzleOf(variant: VariantIdName, seed: string): string {
  const made = generate({ variant: getVariant(variant), rng: createRng(seed), difficulty: 'easy' });
  if (made.status !== 'ok') throw new Error(`no ${variant} puzzle for seed ${seed}`);
  return formatGrid(made.puzzle, '0');
}

async function importText(page: Page, text: string): Promise<void> {
  const panel = page.locator('details.solo-import');
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click();
  await page.getByTestId('import-text').fill(text);
  await page.getByTestId('import-play').click();
}

/** Types the solution into every blank of the solo board. */
async function solveOnPage(page: Page, givens: string, variant: VariantIdName): Promise<void> {
  const solution = solve(givens, variant);
  for (const cell of blanksOf(givens)) {
    await page.locator(`${BOARD} [data-cell="${cell}"]`).click();
    await page.keyboard.press(solution[cell]!);
  }
}

describe.skipIf(!hasChromium)('your own puzzle in solo', () => {
  const e2e = useE2eSession();

  it('plays an imported string and an f-puzzles link to the end, and shares the puzzle', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await page.locator('.solo-bar select').first().selectOption('classic');

    // A string, dots for blanks, laid out as people paste grids.
    const first = puzzleOf('classic', 'import-1');
    const pasted = first.replace(/0/g, '.').replace(/(.{9})/g, '$1\n');
    await importText(page, pasted);
    await expect.poll(() => readGivens(page, BOARD)).toBe(first);
    expect(new URL(page.url()).search).toBe(`?puzzle=${first}&variant=classic`);
    await solveOnPage(page, first, 'classic');
    await page.getByText('Solved in').waitFor();
    await screenshot(page, 'import-solved');

    // An f-puzzles link of another puzzle.
    const second = puzzleOf('classic', 'import-2');
    await importText(page, fpuzzlesLinkOf(Uint8Array.from(second, Number)));
    await expect.poll(() => readGivens(page, BOARD)).toBe(second);
    await solveOnPage(page, second, 'classic');
    await page.getByText('Solved in').waitFor();

    // Its share address opens the same puzzle on another device (a fresh context).
    const shared = new URL(page.url());
    expect(shared.pathname + shared.search).toBe(`/solo?puzzle=${second}&variant=classic`);
    const friend = await e2e.newPage();
    await friend.goto(shared.href);
    await expect.poll(() => readGivens(friend, BOARD), { timeout: 30_000 }).toBe(second);
    expect(await friend.locator('.solo-bar select').first().inputValue()).toBe('classic');
    await friend.context().close();
    await page.context().close();
  }, 180_000);

  it('refuses a bad import with its reason, in English and in 中文', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await page.locator('.solo-bar select').first().selectOption('classic');
    const before = await readGivens(page, BOARD);
    const notice = page.getByTestId('import-refusal');

    // Two 5s in row 1 (R1C1 and R1C2).
    const clash = `55${'0'.repeat(79)}`;
    await importText(page, clash);
    await expect
      .poll(() => notice.textContent())
      .toBe('Two givens clash: 5 appears twice in row 1 (R1C1 and R1C2).');
    expect(await readGivens(page, BOARD)).toBe(before); // the game in progress goes on

    // Far too few givens: two solutions, and where they differ.
    await importText(page, `1${'0'.repeat(80)}`);
    await expect
      .poll(() => notice.textContent())
      .toMatch(
        /^This puzzle has more than one solution under the Classic rules: for example R1C2 = \d \/ \d and R\dC\d = \d \/ \d\.$/,
      );
    await importText(page, 'https://sudokupad.app/abc123');
    await expect.poll(() => notice.textContent()).toMatch(/^That is a short SudokuPad link/);

    await page.evaluate(() => localStorage.setItem('percent.lang', 'zh'));
    await page.reload();
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await importText(page, clash);
    await expect
      .poll(() => notice.textContent())
      .toBe('两个已知数冲突：第 1 行中 5 出现了两次（R1C1和R1C2）。');
    await importText(page, '12345');
    await expect
      .poll(() => notice.textContent())
      .toBe('这里有 5 格；一道题应有 81 格（空格用 0 或 . 表示）。');
    await screenshot(page, 'import-refused-zh');
    await page.context().close();
  }, 180_000);
});
