/**
 * Two players and a spectator race a whole game through the UI, each in their own browser
 * context: create, join by link, ready, start, countdown, moves judged by the server (one
 * wrong on purpose), live progress for the spectator, standings everywhere.
 */
import { describe, expect, it } from 'vitest';
import {
  createRoom,
  hasChromium,
  joinRoom,
  readGivens,
  readPuzzle,
  screenshot,
  typeDigit,
  useE2eSession,
} from './harness.ts';

describe.skipIf(!hasChromium)('a race in the browser', () => {
  const e2e = useE2eSession();

  it('two players and a spectator go from the lobby to the standings', async () => {
    const [ann, bob, tv] = [await e2e.newPage(), await e2e.newPage(), await e2e.newPage()];
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    expect(ann.url()).toBe(`${e2e.server.url}/r/${code}`);
    await joinRoom(bob, e2e.server.url, code, 'Bob');
    await tv.goto(`${e2e.server.url}/r/${code}?watch=1`);
    await tv.getByText('You are watching.').waitFor();

    // The host lets spectators see boards live (a TV at a party), makes a mistake cost 30 s
    // instead of a life, and waits for Bob.
    await ann.locator('select[name="spectatorDigits"]').selectOption('live');
    await ann.locator('select[name="mistakes"]').selectOption('penalty');
    await expect.poll(() => ann.getByTestId('start').isDisabled()).toBe(true);
    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.locator('.lobby-qr svg').waitFor();
    await screenshot(ann, 'lobby');

    await ann.getByTestId('start').click();
    await bob.getByTestId('countdown').waitFor();
    await Promise.all([ann, bob].map((p) => p.getByTestId('race').waitFor({ timeout: 15_000 })));
    const { givens, solution, blanks } = await readPuzzle(ann);
    expect(await readGivens(bob)).toBe(givens);

    // A link opened mid-race watches: the late visitor gets the spectator's view.
    const late = await e2e.newPage();
    await late.goto(`${e2e.server.url}/r/${code}`);
    await late.locator('input[name="nickname"]').fill('Gus');
    await late.getByTestId('join-room').click();
    await late.getByTestId('spectate').waitFor();
    expect(await late.getByTestId('race').count()).toBe(0);

    // Bob's wrong digit shows at once and is then marked wrong by the server.
    const first = blanks[0]!;
    const wrong = (Number(solution[first]) % 9) + 1;
    await typeDigit(bob, first, wrong);
    await bob.locator(`[data-cell="${first}"] text.verdict-wrong`).waitFor();

    const half = Math.floor(blanks.length / 2);
    for (const cell of blanks.slice(0, half)) await typeDigit(bob, cell, Number(solution[cell]));
    await bob.locator(`[data-cell="${blanks[half - 1]}"] text.verdict-confirmed`).waitFor();
    await tv
      .locator(`[data-player="Bob"] [aria-valuenow="${Math.round((100 * half) / blanks.length)}"]`)
      .waitFor();
    await tv.locator('.spectate-card .board').first().waitFor();
    await screenshot(tv, 'spectate');
    await screenshot(bob, 'race');

    for (const cell of blanks) await typeDigit(ann, cell, Number(solution[cell]));
    await ann.getByTestId('race-outcome').waitFor();
    expect(await ann.getByTestId('race').getAttribute('data-status')).toBe('finished');
    await bob.locator('[data-player="Ann"]').getByText('finished').waitFor();

    for (const cell of blanks.slice(half)) await typeDigit(bob, cell, Number(solution[cell]));
    for (const page of [ann, bob, tv, late]) {
      await page.getByTestId('results').waitFor();
      const rows = await page.getByTestId('standing').allTextContents();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(/^1Ann/);
      expect(rows[1]).toMatch(/^2Bob.*1finished$/);
      // Bob's one wrong digit cost 30 s, shown in a penalty column; Ann's row has none.
      expect(await page.locator('.standings th').allTextContents()).toContain('Penalty');
      const bobCells = await page.getByTestId('standing').nth(1).locator('td').allTextContents();
      expect(bobCells[3]).toBe('+0:30.0');
      const annCells = await page.getByTestId('standing').nth(0).locator('td').allTextContents();
      expect(annCells[3]).toBe('–');
    }
    const board = ann.getByTestId('leaderboard');
    expect(await board.locator('tbody tr').first().textContent()).toMatch(/^Ann11/);
    await screenshot(tv, 'results');
    await ann.getByTestId('rematch').click();
    await bob.getByTestId('lobby').waitFor();
  }, 180_000);
});
