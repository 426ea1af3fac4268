import { describe, expect, it } from 'vitest';
import { solveCnf } from '../../sat/solve-cnf.ts';
import { createRng } from '../../rng.ts';
import { cellVar } from '../encode.ts';
import { CELLS, DIGITS, formatGrid, parseGrid, type CellIndex, type Grid } from '../grid.ts';
import { getVariant } from '../variant.ts';
import { createState, eliminate, place, bit } from '../logic/candidates.ts';
import { nextStep } from '../logic/solve.ts';
import { debrief, MAX_CHAIN_STEPS } from './debrief.ts';
import { cell } from '../logic/testing.ts';
import { simulatePlayer } from './simulate.ts';
import { houseOf, stepProblem } from './testing.ts';
import type { DebriefInput, DebriefMove, HouseRef, StepNote } from './types.ts';

const variant = getVariant('percent');
// Seeded percent puzzles (generate, rng 'debrief-test-easy' / '-expert'), fixed here.
const EASY = '010640000490018000000009500080000020002000000000005730001006480640000200000000000';
const EASY_SOLUTION =
  '513642879497518362826379541384167925752934618169825734931256487645781293278493156';
const EXPERT = '020060000001000000000007640000009000200000000040000000900000000057004003300000900';
const EXPERT_SOLUTION =
  '428961357671435289539287641186579432295348716743126895962813574857694123314752968';

const grid = (text: string): Grid => {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.grid;
};
const right = (name: string): DebriefMove => {
  const c = cell(name);
  return { at: 0, cell: c, digit: Number(EASY_SOLUTION[c]), verdict: 'correct' };
};
const wrong = (name: string, digit: number): DebriefMove => ({
  at: 0,
  cell: cell(name),
  digit,
  verdict: 'wrong',
});
/** The moves 1 s apart, starting at 1 s. */
const timed = (moves: readonly DebriefMove[]): DebriefMove[] =>
  moves.map((move, i) => ({ ...move, at: 1000 * (i + 1) }));
const easyRace = (moves: readonly DebriefMove[], extra: Partial<DebriefInput> = {}) => ({
  variant: 'percent' as const,
  puzzle: EASY,
  solution: EASY_SOLUTION,
  moves,
  endMs: moves.at(-1)?.at ?? 0,
  ...extra,
});

/**
 * Plays the steps on the board's pencil marks, checking each holds before it is applied;
 * answers the state after the last one.
 */
function replaySteps(board: Grid, steps: readonly StepNote[]) {
  const state = createState(board, variant);
  for (const [i, step] of steps.entries()) {
    expect(stepProblem(state, step), `step ${i} (${step.technique})`).toBeNull();
    for (const { cell: c, digit } of step.placements) place(state, c, digit);
    for (const { cell: c, digit } of step.eliminations) eliminate(state, c, digit);
  }
  return state;
}

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
      wrong('R1C1', 8),
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

describe('debrief: logic chains', () => {
  /** Every wrong digit that repeats nothing on the board, one debrief each. */
  function quietMistakes(board: Grid) {
    const state = createState(board, variant);
    const solution = grid(EASY_SOLUTION);
    const out: { cell: CellIndex; digit: number }[] = [];
    for (let c = 0; c < CELLS; c++)
      for (const d of DIGITS)
        if (d !== solution[c] && state.board[c] === 0 && state.cands[c]! & bit(d))
          out.push({ cell: c, digit: d });
    return out;
  }

  it('every quiet mistake at the start gets a valid chain whose last step removes the digit', () => {
    const board = grid(EASY);
    const cases = quietMistakes(board);
    expect(cases.length).toBeGreaterThan(50);
    let chains = 0;
    for (const { cell: c, digit } of cases) {
      const result = debrief(easyRace([{ at: 5, cell: c, digit, verdict: 'wrong' }]));
      const why = result.mistakes[0]!.why;
      expect(['logic', 'sat']).toContain(why.kind);
      if (why.kind !== 'logic') continue;
      chains++;
      expect(why.steps.length).toBeGreaterThan(0);
      expect(why.steps.length).toBeLessThanOrEqual(MAX_CHAIN_STEPS);
      const state = replaySteps(board, why.steps);
      expect(state.cands[c]! & bit(digit), `digit ${digit} still in ${c}`).toBe(0);
      // Only the last step takes it out.
      const before = replaySteps(board, why.steps.slice(0, -1));
      expect(before.cands[c]! & bit(digit)).not.toBe(0);
    }
    // The rest need more than MAX_CHAIN_STEPS steps this early: the SAT argument.
    expect(chains).toBeGreaterThan(cases.length / 2);
  });

  it("prefers a step within the cell's own houses", () => {
    // 9 can go only in R8C8 within the lower window: column 8 then has its 9 there.
    const why = debrief(easyRace(timed([wrong('R1C8', 9)]))).mistakes[0]!.why;
    expect(why).toEqual({
      kind: 'logic',
      steps: [
        {
          technique: 'hidden-single',
          houses: [{ kind: 'window', index: 1 }],
          cells: [cell('R8C8')],
          digits: [9],
          placements: [{ cell: cell('R8C8'), digit: 9 }],
          eliminations: [],
        },
      ],
    });
    // A naked single found there names every house of its cell.
    const naked = debrief(easyRace(timed([wrong('R6C9', 6)]))).mistakes[0]!.why;
    expect(naked.kind === 'logic' && naked.steps.map((s) => [s.technique, s.houses])).toEqual([
      [
        'naked-single',
        [
          { kind: 'row', index: 5 },
          { kind: 'column', index: 1 },
          { kind: 'box', index: 3 },
        ],
      ],
    ]);
  });

  it('no step of a chain can be left out', () => {
    const board = grid(EASY);
    for (const { cell: c, digit } of quietMistakes(board).slice(0, 40)) {
      const why = debrief(easyRace([{ at: 5, cell: c, digit, verdict: 'wrong' }])).mistakes[0]!.why;
      if (why.kind !== 'logic') continue;
      for (let skip = 0; skip < why.steps.length - 1; skip++) {
        const rest = why.steps.filter((_, i) => i !== skip);
        const state = createState(board, variant);
        let broken = false;
        for (const step of rest) {
          if (stepProblem(state, step) !== null) broken = true;
          for (const p of step.placements) place(state, p.cell, p.digit);
          for (const e of step.eliminations) eliminate(state, e.cell, e.digit);
        }
        broken ||= (state.cands[c]! & bit(digit)) !== 0;
        expect(broken, `step ${skip} of the chain for ${digit} in ${c} is not needed`).toBe(true);
      }
    }
  });

  it('mid-race mistakes of simulated players get valid chains too', () => {
    const puzzle = grid(EASY);
    const solution = grid(EASY_SOLUTION);
    const rng = createRng('debrief-mid-race');
    for (let p = 0; p < 6; p++) {
      const player = simulatePlayer(puzzle, solution, variant, rng, {
        clashes: 2,
        quiet: 3,
        pauses: 0,
      });
      const result = debrief({ ...easyRace(player.moves), endMs: player.endMs });
      expect(result.complete).toBe(true);
      for (const mistake of result.mistakes) {
        if (mistake.why.kind !== 'logic') continue;
        const board = Uint8Array.from(puzzle);
        for (const move of player.moves.slice(0, mistake.move))
          if (move.digit === solution[move.cell]) board[move.cell] = move.digit;
        const state = replaySteps(board, mistake.why.steps);
        expect(state.cands[mistake.cell]! & bit(mistake.digit)).toBe(0);
      }
    }
  });
});

describe('debrief: the SAT argument', () => {
  // At the start of this expert puzzle logic is stuck: R1C6 = 3 needs the SAT argument.
  const at = cell('R1C6');
  const input: DebriefInput = {
    variant: 'percent',
    puzzle: EXPERT,
    solution: EXPERT_SOLUTION,
    moves: [{ at: 1000, cell: at, digit: 3, verdict: 'wrong' }],
    endMs: 1000,
  };

  /** Whether 3 in R1C6 has a solution under the givens with only these houses' rules. */
  function fits(houses: readonly HouseRef[]): boolean {
    const clauses: Int32Array[] = [];
    const exactlyOne = (vars: number[]): void => {
      clauses.push(Int32Array.from(vars));
      for (let i = 0; i < vars.length; i++)
        for (let j = i + 1; j < vars.length; j++) clauses.push(Int32Array.of(-vars[i]!, -vars[j]!));
    };
    for (let c = 0; c < CELLS; c++) exactlyOne(DIGITS.map((d) => cellVar(c, d)));
    for (const ref of houses)
      for (const d of DIGITS) exactlyOne(houseOf(variant, ref).cells.map((c) => cellVar(c, d)));
    const puzzle = grid(EXPERT);
    for (let c = 0; c < CELLS; c++)
      if (puzzle[c] !== 0) clauses.push(Int32Array.of(cellVar(c, puzzle[c]!)));
    clauses.push(Int32Array.of(cellVar(at, 3)));
    return solveCnf({ numVars: 729, clauses }).status === 'sat';
  }

  it('names houses that refute the digit, none of which can be dropped', () => {
    const result = debrief(input);
    const why = result.mistakes[0]!.why;
    expect(why.kind).toBe('sat');
    if (why.kind !== 'sat') return;
    expect(result.complete).toBe(true);
    expect(why.houses.length).toBeGreaterThan(1);
    expect(fits(why.houses)).toBe(false);
    for (const dropped of why.houses)
      expect(
        fits(why.houses.filter((h) => h !== dropped)),
        `${dropped.kind} ${dropped.index}`,
      ).toBe(true);
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
      expect(pause.step!.technique).toBe(nextStep(boards[i]!, variant)!.technique);
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

describe('debrief: budget, abort and bad input', () => {
  const moves = timed([wrong('R1C1', 6), wrong('R2C3', 3)]);

  it('an aborted signal answers at once: clashes only, the rest unknown, incomplete', () => {
    const controller = new AbortController();
    controller.abort();
    const result = debrief(easyRace(moves, { endMs: 60_000 }), { signal: controller.signal });
    expect(result.complete).toBe(false);
    expect(result.mistakes.map((m) => m.why.kind)).toEqual(['clash', 'unknown']);
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

  it('is plain JSON', () => {
    const result = debrief(easyRace(moves, { endMs: 60_000 }));
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(formatGrid(grid(EASY), '0')).toBe(EASY);
  });
});
