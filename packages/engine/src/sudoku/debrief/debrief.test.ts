import { describe, expect, it } from 'vitest';
import { createState } from '../logic/candidates.ts';
import { TECHNIQUES, techniqueSpec } from '../logic/techniques.ts';
import { cell } from '../logic/testing.ts';
import type { Grid } from '../grid.ts';
import { debrief, debriefRace } from './debrief.ts';
import {
  EASY,
  EASY_SOLUTION,
  EXPERT_SOLUTION,
  easyRace,
  grid,
  right,
  timed,
  variant,
  wrong,
} from './fixtures.ts';
import { stepProblem } from './testing.ts';
import type { DebriefMove } from './types.ts';

describe('debrief: clashes', () => {
  it('names the first house of the cell holding the digit, and the cell holding it', () => {
    // R1C1 = 6 repeats the given 6 of R1C4 (row 1) and of R8C1 (column 1): rows come first.
    const result = debrief(easyRace(timed([wrong('R1C1', 6)])));
    expect(result.mistakes).toEqual([
      {
        move: 0,
        at: 1000,
        cell: cell('R1C1'),
        digit: 6,
        correct: 5,
        why: { kind: 'clash', house: { kind: 'row', index: 0 }, cell: cell('R1C4') },
      },
    ]);
    expect(result.complete).toBe(true);
  });

  it("counts the player's right digits, not the wrong ones, and forgets a cleared digit", () => {
    // 8 is nowhere near R1C1 among the givens; the player's right 8 in R1C7 makes it a clash.
    const moves = timed([
      right('R1C7'),
      wrong('R1C1', 8),
      { ...wrong('R1C7', 0), verdict: 'cleared' },
      // Row 1 no longer holds an 8: no clash now (R1C1 = 8 again would be the same slip).
      wrong('R1C3', 8),
      wrong('R2C3', 3),
      wrong('R2C4', 3),
    ]);
    const { mistakes } = debrief(easyRace(moves));
    expect(mistakes.map((m) => [m.move, m.why.kind])).toEqual([
      [1, 'clash'],
      [3, 'logic'],
      [4, 'logic'],
      [5, 'logic'],
    ]);
    expect(mistakes[0]!.why).toEqual({
      kind: 'clash',
      house: { kind: 'row', index: 0 },
      cell: cell('R1C7'),
    });
  });
});

describe('debrief: long pauses', () => {
  const moves = [
    { ...right('R1C1'), at: 30_000 },
    { ...right('R1C3'), at: 32_000 },
    { ...right('R1C6'), at: 51_999 },
    { ...wrong('R1C7', 9), at: 71_999 },
    { ...right('R1C7'), at: 72_999 },
  ];

  it('finds every gap of 20 s or more, with the easiest step available when it began', () => {
    const result = debrief(easyRace(moves, { endMs: 130_000 }));
    expect(result.pauses.map(({ from, to, ms }) => [from, to, ms])).toEqual([
      [0, 30_000, 30_000],
      [51_999, 71_999, 20_000],
      [72_999, 130_000, 57_001],
    ]);
    const boards = [grid(EASY), boardAfter(moves.slice(0, 3)), boardAfter(moves.slice(0, 5))];
    result.pauses.forEach((pause, i) => {
      const state = createState(boards[i]!, variant);
      expect(pause.step).not.toBeNull();
      expect(stepProblem(state, pause.step!)).toBeNull();
      // Nothing easier was there: no finder of a lighter technique finds a step.
      const weight = techniqueSpec(pause.step!.technique).weight;
      for (const easier of TECHNIQUES.filter((t) => t.weight < weight))
        expect(easier.find(state), `${easier.id} at ${pause.from}`).toBeUndefined();
    });
  });

  it('follows the threshold given, and a full board ends the race without a pause', () => {
    const result = debrief(easyRace(moves, { endMs: 72_999, pauseMs: 2_000 }));
    expect(result.pauses.map((p) => p.from)).toEqual([0, 30_000, 32_000, 51_999]);
    const solved = debrief({
      ...easyRace(moves),
      puzzle: EASY_SOLUTION.slice(0, 80) + '0',
      moves: [{ at: 1000, cell: 80, digit: 6, verdict: 'correct' }],
      endMs: 90_000,
    });
    expect(solved.pauses).toEqual([]);
  });

  function boardAfter(done: readonly DebriefMove[]): Grid {
    const board = grid(EASY);
    for (const move of done) if (move.verdict === 'correct') board[move.cell] = move.digit;
    return board;
  }
});

describe('debrief: a digit that fits', () => {
  it('says a mistake is unexplained because the digit fits, not for want of time', () => {
    // The easy solution with a rectangle left blank that takes its two digits either way round:
    // R1C5 = 7 fits the board as well as the 4 of the solution given.
    const blank = [cell('R1C5'), cell('R1C8'), cell('R3C5'), cell('R3C8')];
    const puzzle = [...EASY_SOLUTION].map((d, c) => (blank.includes(c) ? '0' : d)).join('');
    const result = debrief({
      ...easyRace([{ at: 1000, cell: cell('R1C5'), digit: 7, verdict: 'wrong' }]),
      puzzle,
    });
    expect(result.mistakes[0]!.why).toEqual({ kind: 'unknown', reason: 'fits' });
    expect(result.complete).toBe(true);
  });
});

describe('debrief: budget, abort and bad input', () => {
  const moves = timed([wrong('R1C1', 6), wrong('R2C3', 3)]);

  it('an aborted signal answers at once: clashes only, the rest unknown, incomplete', () => {
    const controller = new AbortController();
    controller.abort();
    const result = debrief(easyRace(moves, { endMs: 60_000 }), { signal: controller.signal });
    expect(result.complete).toBe(false);
    expect(result.mistakes.map((m) => m.why.kind)).toEqual(['clash', 'unknown']);
    expect(result.mistakes[1]!.why).toEqual({ kind: 'unknown', reason: 'time' });
    expect(result.pauses).toEqual([]);
  });

  it('a spent budget keeps the clashes and pauses and marks the rest unknown', () => {
    const result = debrief(easyRace(moves, { endMs: 60_000 }), { budgetMs: 0 });
    expect(result.complete).toBe(false);
    expect(result.mistakes.map((m) => m.why.kind)).toEqual(['clash', 'unknown']);
    expect(result.pauses.map((p) => p.from)).toEqual([2000]);
  });

  it('says which field is wrong', () => {
    expect(() => debrief({ ...easyRace(moves), puzzle: EASY.slice(1) })).toThrow(/puzzle/);
    expect(() => debrief({ ...easyRace(moves), solution: EXPERT_SOLUTION })).toThrow(
      /disagree at cell 1/,
    );
    expect(() => debrief(easyRace([{ ...moves[0]!, cell: 81 }]))).toThrow(/moves\[0\]\.cell/);
    expect(() => debrief(easyRace([{ ...moves[0]!, cell: 1 }]))).toThrow(/1 is a given/);
    expect(() => debrief(easyRace([{ ...moves[0]!, digit: 10 }]))).toThrow(/moves\[0\]\.digit/);
  });

  it('refuses a pause threshold that is not above 0, a bad end, and moves out of time order', () => {
    const input = easyRace(moves, { endMs: 60_000 });
    for (const pauseMs of [0, -5, Number.NaN])
      expect(() => debrief({ ...input, pauseMs }), `${pauseMs}`).toThrow(
        /^debrief: pauseMs: expected a number of ms above 0/,
      );
    expect(debrief({ ...input, pauseMs: Number.POSITIVE_INFINITY }).pauses).toEqual([]);
    for (const endMs of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => debrief({ ...input, endMs }), `${endMs}`).toThrow(/^debrief: endMs/);
    const backwards = [moves[0]!, { ...moves[1]!, at: moves[0]!.at - 1 }];
    expect(() => debriefRace([input, easyRace(backwards)])).toThrow(
      /^debrief: moves\[1\]\.at: 999 is before moves\[0\]\.at \(1000\)/,
    );
    // Moves at the same moment are in order.
    expect(() => debrief(easyRace([moves[0]!, { ...moves[1]!, at: moves[0]!.at }]))).not.toThrow();
  });

  it('is plain JSON', () => {
    const result = debrief(easyRace(moves, { endMs: 60_000 }));
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});
