/**
 * Racing the host's own puzzle in the browser: the host pastes a string, the guest's lobby says
 * the next race is on the host's puzzle (its grade, not its cells) and unrated; both race it to
 * the end and the results say why it was not rated. Then the host brings an f-puzzles link and
 * it is raced and solved too; a puzzle with two solutions is refused in the lobby with where
 * two solutions differ, and a guest is offered no form.
 */
import { createRng, formatGrid, fpuzzlesLinkOf, generate, getVariant } from '@percent/engine';
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

function percentPuzzle(seed: string): string {
  const made = generate({
    variant: getVariant('percent'),
    rng: createRng(seed),
    difficulty: 'easy',
  });
  if (made.status !== 'ok') throw new Error(`no puzzle for ${seed}`);
  return formatGrid(made.puzzle, '0');
}

async function bring(host: Page, text: string): Promise<void> {
  const form = host.locator('details.own-puzzle-form');
  if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
  await host.getByTestId('own-puzzle-text').fill(text);
  await host.getByTestId('own-puzzle-use').click();
}

/** Both fill the board from the solution; resolves once both see the results. */
async function raceToTheEnd(pages: readonly Page[], expected: string): Promise<void> {
  for (const page of pages) await page.getByTestId('race').waitFor({ timeout: 15_000 });
  const { givens, solution, blanks } = await readPuzzle(pages[0]!);
  expect(givens).toBe(expected);
  for (const page of pages)
    for (const cell of blanks) await typeDigit(page, cell, Number(solution[cell]));
  for (const page of pages) await page.getByTestId('results').waitFor();
}

describe.skipIf(!hasChromium)("racing the host's own puzzle", () => {
  const e2e = useE2eSession();

  it('races a pasted string and an f-puzzles link to the end, unrated, and refuses a bad one', async () => {
    const ann = await e2e.newPage();
    const bob = await e2e.newPage();
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await joinRoom(bob, e2e.server.url, code, 'Bob');
    expect(await bob.locator('details.own-puzzle-form').count()).toBe(0); // the host's only

    // Two solutions: refused in the host's lobby, with where they differ; nothing sent.
    await bring(ann, `1${'0'.repeat(80)}`);
    await expect
      .poll(() => ann.getByTestId('own-puzzle-refusal').textContent())
      .toMatch(/^This puzzle has more than one solution under the Percent rules: for example R1C2/);
    expect(await bob.getByTestId('own-puzzle').count()).toBe(0);

    const first = percentPuzzle('room-own-1');
    await bring(ann, first.replace(/0/g, '.'));
    const next = bob.getByTestId('own-puzzle-next');
    await expect
      .poll(() => next.textContent(), { timeout: 15_000 })
      .toMatch(
        /^Next race: the host’s own puzzle \(Percent, \w+, \d+ clues\)\. The host brought this puzzle: races on it are not rated\./,
      );
    expect(await bob.content()).not.toContain(first);
    await screenshot(bob, 'own-puzzle-lobby');
    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await raceToTheEnd([ann, bob], first);
    const unrated = bob.getByTestId('unrated-race');
    expect(await unrated.getAttribute('data-reason')).toBe('importedPuzzle');

    // Back in the lobby the import is gone (used once); the host brings a link this time.
    await ann.getByTestId('rematch').click();
    await ann.getByTestId('lobby').waitFor();
    await bob.getByTestId('lobby').waitFor();
    expect(await bob.getByTestId('own-puzzle-next').count()).toBe(0);
    const second = percentPuzzle('room-own-2');
    await bring(ann, fpuzzlesLinkOf(Uint8Array.from(second, Number)));
    await expect.poll(() => next.count(), { timeout: 15_000 }).toBe(1);
    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await raceToTheEnd([ann, bob], second);
    await screenshot(ann, 'own-puzzle-results');
    await ann.context().close();
    await bob.context().close();
  }, 180_000);
});
