/**
 * Replays and debriefs in the browser, against a real server: a race between Ann (the browser)
 * and Bob (a socket bot) replays to exactly the boards the results showed, and to the bare
 * givens at 0:00; a race with two deliberate mistakes — one that clashes with a given, one that
 * clashes with nothing yet — gets a debrief naming the clash's house and cell, and a logic chain,
 * a contradiction or a SAT reason for the other, in English and in Chinese; and a recorded solve
 * whose one mistake no short chain rules out is explained by the contradiction it leads to, its
 * forced cell and conflict house highlighted.
 */
import { getVariant, type House } from '@percent/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connect, expectOk, newDeviceId, solveGivens, blanksOf } from '../server/harness.ts';
import {
  createRoom,
  hasChromium,
  readPuzzle,
  screenshot,
  typeDigit,
  useE2eSession,
} from './harness.ts';
import { axeViolations } from './axe.ts';
import { deviceHeaders } from '../support/device.ts';

const VARIANT = getVariant('percent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const name = (cell: number) => `R${Math.floor(cell / 9) + 1}C${(cell % 9) + 1}`;

/** Every board under `cards`, by player name: 81 characters of drawn digits, `0` for none. */
function readBoards(page: Page, cards: string): Promise<Record<string, string>> {
  return page.evaluate((selector) => {
    const boards: Record<string, string> = {};
    for (const card of document.querySelectorAll(selector)) {
      const player =
        card.getAttribute('data-player') ??
        card.querySelector('[data-player]')?.getAttribute('data-player') ??
        '?';
      const digits = new Array<string>(81).fill('0');
      for (const cell of card.querySelectorAll('[data-cell]')) {
        const text = cell.querySelector('text.digit')?.textContent?.trim();
        if (text) digits[Number(cell.getAttribute('data-cell'))] = text;
      }
      boards[player] = digits.join('');
    }
    return boards;
  }, cards);
}

const RESULT_CARDS = '.results-boards .spectate-card:not(.solution)';
const REPLAY_CARDS = '[data-testid="replay-card"]';

/** The race id of the last race of the page's device (its history, newest first). */
async function lastRaceOf(page: Page, baseUrl: string): Promise<string> {
  const device = await page.evaluate(() => [
    localStorage.getItem('percent.device'),
    localStorage.getItem('percent.deviceSecret'),
  ]);
  const headers = deviceHeaders(device[0]!, device[1] ?? undefined);
  const reply = await fetch(`${baseUrl}/api/history`, { headers });
  const body = (await reply.json()) as { entries: { raceId: string }[] };
  return body.entries[0]!.raceId;
}

/** A wrong digit for `cell` that is on the board in exactly one peer, sharing one house. */
function clashingMistake(givens: string, solution: string) {
  for (const cell of blanksOf(givens)) {
    for (let digit = 1; digit <= 9; digit++) {
      if (String(digit) === solution[cell]) continue;
      const houses = VARIANT.housesOf[cell]!.map((h) => VARIANT.houses[h]!);
      const holders = houses.flatMap((house) =>
        house.cells.filter((c) => givens[c] === String(digit)).map((c) => ({ house, c })),
      );
      if (holders.length === 1)
        return { cell, digit, house: holders[0]!.house, other: holders[0]!.c };
    }
  }
  throw new Error('no cell with a single clashing given');
}

/** A wrong digit for `cell` that appears in none of its houses yet. */
function quietMistake(givens: string, solution: string, not: number) {
  for (const cell of blanksOf(givens)) {
    if (cell === not) continue;
    const seen = new Set(VARIANT.peers[cell]!.map((c) => givens[c]));
    for (let digit = 1; digit <= 9; digit++)
      if (String(digit) !== solution[cell] && !seen.has(String(digit))) return { cell, digit };
  }
  throw new Error('no cell with a wrong digit that clashes with nothing');
}

function houseText(house: House): string {
  if (house.kind === 'window') return house.index === 0 ? 'the upper window' : 'the lower window';
  if (house.kind === 'anti-diagonal') return 'the anti-diagonal';
  return `${house.kind} ${house.index + 1}`;
}

describe.skipIf(!hasChromium)('replays and debriefs in the browser', () => {
  const e2e = useE2eSession();

  it('replays a race to the boards of the results, and to the givens at 0:00', async () => {
    const url = e2e.server.url;
    const ann = await e2e.newPage();
    const code = await createRoom(ann, url, 'Ann');
    await ann.locator('select[name="mistakes"]').selectOption('penalty');
    const bob = await connect(url);
    expectOk(await bob.call('room:join', { code, nickname: 'Bob', deviceId: newDeviceId() }));
    expectOk(await bob.call('room:ready', { ready: true }));
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    const racing = bob.state((v) => v.phase === 'racing', 15_000);
    await ann.getByTestId('start').click();
    const { race } = await racing;
    const puzzle = race!.puzzle!;
    const solution = solveGivens(puzzle);
    const blanks = blanksOf(puzzle);
    await ann.getByTestId('race').waitFor();

    // Bob: six right digits, one wrong, then he takes one of his digits back and gives up.
    let moveId = 0;
    const bobMove = async (cell: number, digit: number) => {
      expectOk(await bob.call('race:move', { moveId: `b${moveId++}`, cell, digit }));
      await sleep(150);
    };
    for (const cell of blanks.slice(0, 6)) await bobMove(cell, Number(solution[cell]));
    await bobMove(blanks[6]!, (Number(solution[blanks[6]!]) % 9) + 1);
    await bobMove(blanks[1]!, 0);
    for (const cell of blanks) await typeDigit(ann, cell, Number(solution[cell]));
    await ann.getByTestId('race-outcome').waitFor();
    expectOk(await bob.call('race:forfeit', {}));
    await ann.getByTestId('results').waitFor();
    await ann.locator(`${RESULT_CARDS} [data-cell]`).first().waitFor();

    const results = await readBoards(ann, RESULT_CARDS);
    const bobFinal = [...puzzle]
      .map((ch, cell) =>
        blanks.slice(0, 6).includes(cell) && cell !== blanks[1] ? solution[cell] : ch,
      )
      .join('');
    expect(results).toEqual({ Ann: solution, Bob: bobFinal });

    await ann.goto(`${url}/race/${race!.id}`);
    await ann.locator(`${REPLAY_CARDS} [data-cell]`).first().waitFor();
    expect(await ann.locator(REPLAY_CARDS).count()).toBe(2);
    // The replay opens at the end of the timeline: the final boards, exactly as the results.
    expect(await readBoards(ann, REPLAY_CARDS)).toEqual(results);
    expect(await ann.locator(`${REPLAY_CARDS} [data-mistake]`).count()).toBe(1);
    // The commitment sent before the start matches the revealed puzzle and secret.
    const fair = ann.getByTestId('fairness-verdict');
    expect([await fair.getAttribute('data-ok'), await fair.textContent()]).toEqual([
      'true',
      'Puzzle fixed before the start ✓',
    ]);
    await screenshot(ann, 'replay-end');
    await ann.getByTestId('debrief').locator('[data-testid="debrief-clean"]').waitFor();
    expect(await axeViolations(ann)).toEqual([]);

    // Home on the keyboard scrubs back to 0:00: the givens alone, on both boards.
    await ann.getByTestId('replay-scrubber').focus();
    await ann.keyboard.press('Home');
    await expect.poll(() => ann.getByTestId('replay-clock').textContent()).toMatch(/^0:00 \//);
    expect(await readBoards(ann, REPLAY_CARDS)).toEqual({ Ann: puzzle, Bob: puzzle });
    expect(await ann.locator(`${REPLAY_CARDS} [data-mistake]`).count()).toBe(0);

    // "." steps to the first move: Bob's first digit, and nothing of Ann's yet.
    await ann.keyboard.press('.');
    await expect
      .poll(async () => (await readBoards(ann, REPLAY_CARDS)).Bob)
      .toBe(puzzle.slice(0, blanks[0]) + solution[blanks[0]!] + puzzle.slice(blanks[0]! + 1));
    expect((await readBoards(ann, REPLAY_CARDS)).Ann).toBe(puzzle);

    // Playing at 16× runs the clock to the end, where the final boards are back.
    await ann.locator('[data-speed="16"]').click();
    await ann.getByTestId('replay-play').click();
    await expect.poll(() => readBoards(ann, REPLAY_CARDS), { timeout: 30_000 }).toEqual(results);
    bob.close();
  }, 180_000);

  it('explains a mistake that clashes and one that clashes with nothing yet', async () => {
    const url = e2e.server.url;
    const ann = await e2e.newPage({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await createRoom(ann, url, 'Ann');
    await ann.locator('select[name="mistakes"]').selectOption('penalty');
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await ann.getByTestId('race').waitFor({ timeout: 15_000 });
    const { givens, solution, blanks } = await readPuzzle(ann);

    const clash = clashingMistake(givens, solution);
    const quiet = quietMistake(givens, solution, clash.cell);
    await typeDigit(ann, clash.cell, clash.digit);
    await ann.locator(`[data-cell="${clash.cell}"] text.verdict-wrong`).waitFor();
    await typeDigit(ann, quiet.cell, quiet.digit);
    await ann.locator(`[data-cell="${quiet.cell}"] text.verdict-wrong`).waitFor();
    for (const cell of blanks) await typeDigit(ann, cell, Number(solution[cell]));
    await ann.getByTestId('results').waitFor();

    const raceId = await lastRaceOf(ann, url);
    await ann.goto(`${url}/race/${raceId}`);
    await ann.getByTestId('replay-copy').click();
    await ann.getByTestId('replay-copy').getByText('Link copied').waitFor();
    expect(await ann.evaluate(() => navigator.clipboard.readText())).toBe(`${url}/race/${raceId}`);
    const items = ann.locator('[data-testid="debrief-item"][data-kind="mistake"]');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    const [first, second] = await items.locator('.debrief-pick').allTextContents();
    expect(first).toBe(
      `${name(clash.cell)}: ${clash.digit} clashes with the ${clash.digit} in ` +
        `${houseText(clash.house)} (${name(clash.other)}).`,
    );
    const cell = name(quiet.cell);
    const correct = solution[quiet.cell];
    expect(second).toMatch(
      new RegExp(
        `^${cell}: ${quiet.digit} clashes with nothing yet, but (` +
          `.+: that rules ${quiet.digit} out of ${cell} \\(it is ${correct}\\)|` +
          `if ${quiet.digit} were in ${cell}(: .+, and|,) .+ would have no (digit left|place left for \\d) \\(it is ${correct}\\)|` +
          `with the digits on the board at that moment, the rules of .+ alone rule ${quiet.digit} out of ${cell} \\(SAT; it is ${correct}\\))\\.$`,
      ),
    );

    // Picking an item pauses the replay at that moment: the wrong digit flashes in its cell.
    await items.nth(1).locator('.debrief-pick').click();
    await ann
      .locator(`${REPLAY_CARDS} [data-cell="${quiet.cell}"] text.verdict-wrong`)
      .filter({ hasText: String(quiet.digit) })
      .waitFor();
    expect(await ann.getByTestId('replay-play').textContent()).toContain('Play');
    expect(await ann.locator(`${REPLAY_CARDS} .board rect.hl-area`).count()).toBeGreaterThan(0);
    await screenshot(ann, 'replay-debrief');
    expect(await axeViolations(ann)).toEqual([]);

    await ann.locator('.lang-switch button[lang="zh"]').click();
    await expect
      .poll(() => items.first().locator('.debrief-pick').textContent())
      .toContain(`${name(clash.cell)}：${clash.digit} 与`);
    await screenshot(ann, 'replay-debrief-zh');
  }, 180_000);

  it('explains a mistake that no short chain rules out by the contradiction it leads to', async () => {
    const url = e2e.server.url;
    // A seeded percent puzzle (the engine's debrief fixture EASY): 2 in R9C2 repeats nothing,
    // no chain of 8 steps rules it out, and singles reach a contradiction in one placement.
    const puzzle =
      '010640000490018000000009500080000020002000000000005730001006480640000200000000000';
    const solution =
      '513642879497518362826379541384167925752934618169825734931256487645781293278493156';
    const R9C2 = 73;
    const rights = blanksOf(puzzle).map((cell, i) => ({
      at: 2000 + 100 * i,
      cell,
      digit: Number(solution[cell]),
      verdict: 'correct',
    }));
    const moves = [{ at: 1000, cell: R9C2, digit: 2, verdict: 'wrong' }, ...rights];
    const record = {
      id: 's2',
      source: 'solo',
      variant: 'percent',
      difficulty: 'easy',
      puzzle,
      solution,
      nickname: 'Me',
      startedAt: Date.now() - 60_000,
      timeMs: moves.at(-1)!.at,
      mistakes: 1,
      moves,
    };
    const me = await e2e.newPage();
    await me.goto(`${url}/`);
    await me.evaluate(
      (text) => localStorage.setItem('percent.solves', text),
      JSON.stringify([record]),
    );
    await me.goto(`${url}/replay/s2`);
    const item = me.locator('[data-testid="debrief-item"][data-kind="mistake"] .debrief-pick');
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toBe(
      'R9C2: 2 clashes with nothing yet, but if 2 were in R9C2: R1C6 would have to be 2 ' +
        '(hidden single in column 6), and the upper window would have no place left for 2 (it is 7).',
    );
    // Picking it tints the upper window.
    await item.click();
    const board = me.locator(`${REPLAY_CARDS} .board`);
    await expect.poll(() => board.locator('rect.hl-area').count()).toBe(9);
    // The forced cell R1C6 (the top row, sixth column) is marked; the wrong 2 flashes in R9C2.
    const hints = board.locator('rect.hl-hint');
    expect(
      await hints.evaluateAll((rs) => rs.map((r) => [r.getAttribute('x'), r.getAttribute('y')])),
    ).toEqual([['500', '0']]);
    await me
      .locator(`${REPLAY_CARDS} [data-cell="${R9C2}"] text.verdict-wrong`)
      .filter({ hasText: '2' })
      .waitFor();

    await me.locator('.lang-switch button[lang="zh"]').click();
    await expect
      .poll(() => item.textContent())
      .toBe(
        'R9C2：2 暂时没有冲突，但假如 R9C2 是 2：R1C6 只能是 2（第 6 列中的排除法），' +
          '最后上窗口中将没有位置可放 2（应为 7）。',
      );
  }, 60_000);

  it('replays a solve of this device on one board, with its debrief and ghost link', async () => {
    const url = e2e.server.url;
    const solution =
      '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
    const puzzle = `000${solution.slice(3, 80)}0`;
    const move = (at: number, cell: number, digit: number, verdict: string) => ({
      at,
      cell,
      digit,
      verdict,
    });
    const record = {
      id: 's1',
      source: 'solo',
      variant: 'classic',
      difficulty: 'easy',
      puzzle,
      solution,
      nickname: 'Me',
      startedAt: Date.now() - 60_000,
      timeMs: 7000,
      mistakes: 1,
      moves: [
        move(1000, 0, 7, 'wrong'),
        move(4000, 0, 5, 'correct'),
        move(5000, 1, 3, 'correct'),
        move(6000, 2, 4, 'correct'),
        move(7000, 80, 9, 'correct'),
      ],
    };
    const me = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await me.goto(`${url}/`);
    await me.evaluate(
      (text) => localStorage.setItem('percent.solves', text),
      JSON.stringify([record]),
    );
    await me.goto(`${url}/replay/s1`);
    await me.locator(`${REPLAY_CARDS} [data-cell]`).first().waitFor();
    expect(await me.locator('h1').textContent()).toBe('Replay of your solve');
    expect(await readBoards(me, REPLAY_CARDS)).toEqual({ Me: solution });
    expect(await me.locator('.replay-ghost').getAttribute('href')).toBe('/solo?ghost=solve%3As1');
    const item = me.locator('[data-testid="debrief-item"][data-kind="mistake"] .debrief-pick');
    await item.waitFor();
    expect(await item.textContent()).toMatch(
      /^R1C1: 7 clashes with the 7 in (row 1 \(R1C5\)|column 1 \(R6C1\)|box 1 \(R2C2\))\.$/,
    );
    // The debrief sits below the board on a small phone: picking an item brings the board into
    // view (a click that does not scroll, from the top of the page, where the board is cut off).
    await me.setViewportSize({ width: 390, height: 600 });
    await me.evaluate(() => window.scrollTo(0, 0));
    const board = me.locator(`${REPLAY_CARDS} .replay-board`);
    const boardInView = () =>
      board.evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= -1 && bottom <= window.innerHeight + 1;
      });
    expect(await boardInView()).toBe(false);
    // At 1.0 s the wrong 7 flashes in R1C1; in a solve it stays there, no longer flashing,
    // until the right 5 replaces it at 4.0 s.
    await item.dispatchEvent('click');
    const wrong7 = me
      .locator(`${REPLAY_CARDS} [data-cell="0"] text.verdict-wrong`)
      .filter({ hasText: '7' });
    await wrong7.waitFor();
    await expect.poll(boardInView).toBe(true);
    await me.setViewportSize({ width: 390, height: 844 });
    const flashing = me.locator(`${REPLAY_CARDS} rect.hl-conflict`);
    expect(await flashing.count()).toBe(1);
    await me.getByTestId('replay-scrubber').focus();
    await me.keyboard.press('ArrowRight');
    await me.keyboard.press('ArrowRight');
    await expect.poll(() => me.getByTestId('replay-clock').textContent()).toMatch(/^0:03 \//);
    expect(await wrong7.count()).toBe(1);
    expect(await flashing.count()).toBe(0);
    await me.keyboard.press('ArrowRight');
    await expect
      .poll(async () => (await readBoards(me, REPLAY_CARDS)).Me)
      .toBe(`5${puzzle.slice(1)}`);
    expect(await wrong7.count()).toBe(0);

    await screenshot(me, 'replay-solve-phone');
    await me.goto(`${url}/replay/nosuchsolve`);
    await me.getByTestId('replay-not-found').waitFor();
    await me
      .getByTestId('recent-replays')
      .getByRole('link', { name: /Classic solve · 0:07\.0/ })
      .waitFor();
  }, 60_000);
});
