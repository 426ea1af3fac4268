import { describe, expect, it } from 'vitest';
import { solveCnf } from '../../sat/solve-cnf.ts';
import { createRng } from '../../rng.ts';
import { cellVar } from '../encode.ts';
import { CELLS, DIGITS, type CellIndex, type Grid } from '../grid.ts';
import { bit, createState, eliminate, place } from '../logic/candidates.ts';
import { cell, emptyState, remove, rowCells } from '../logic/testing.ts';
import { debrief, MAX_CHAIN_STEPS } from './debrief.ts';
import {
  EASY,
  EASY_SOLUTION,
  EXPERT,
  EXPERT_SOLUTION,
  easyRace,
  grid,
  timed,
  variant,
  wrong,
} from './fixtures.ts';
import { simulatePlayer } from './simulate.ts';
import { allSingles } from './singles.ts';
import { stepNote } from './notes.ts';
import { findHiddenSingle } from '../logic/singles.ts';
import { popcount } from '../../bits.ts';
import { houseOf, stepProblem } from './testing.ts';
import type { DebriefInput, DebriefMove, HouseRef, StepNote } from './types.ts';

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
      expect(['logic', 'contradiction', 'sat']).toContain(why.kind);
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
    // The rest need more than MAX_CHAIN_STEPS steps this early: a contradiction or the SAT argument.
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

  it('of two chains as short, takes the easier', () => {
    // One step either way: a hidden quad in column 6, or the naked single 1 in R8C6.
    const why = debrief(easyRace(timed([wrong('R9C6', 1)]))).mistakes[0]!.why;
    expect(why.kind === 'logic' && why.steps.map((s) => [s.technique, s.placements])).toEqual([
      ['naked-single', [{ cell: cell('R8C6'), digit: 1 }]],
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
  /** Whether `digit` in `at` has a solution on `board` with only these houses' rules. */
  function fits(board: Grid, at: CellIndex, digit: number, houses: readonly HouseRef[]): boolean {
    const clauses: Int32Array[] = [];
    const exactlyOne = (vars: number[]): void => {
      clauses.push(Int32Array.from(vars));
      for (let i = 0; i < vars.length; i++)
        for (let j = i + 1; j < vars.length; j++) clauses.push(Int32Array.of(-vars[i]!, -vars[j]!));
    };
    for (let c = 0; c < CELLS; c++) exactlyOne(DIGITS.map((d) => cellVar(c, d)));
    for (const ref of houses)
      for (const d of DIGITS) exactlyOne(houseOf(variant, ref).cells.map((c) => cellVar(c, d)));
    for (let c = 0; c < CELLS; c++)
      if (board[c] !== 0) clauses.push(Int32Array.of(cellVar(c, board[c]!)));
    clauses.push(Int32Array.of(cellVar(at, digit)));
    return solveCnf({ numVars: 729, clauses }).status === 'sat';
  }

  /** The last move is wrong and needs the SAT argument: its houses refute it, minimally. */
  function expectMinimalRefutation(moves: readonly DebriefMove[]): void {
    const input: DebriefInput = {
      variant: 'percent',
      puzzle: EXPERT,
      solution: EXPERT_SOLUTION,
      moves,
      endMs: moves.at(-1)!.at,
    };
    const result = debrief(input);
    const why = result.mistakes.at(-1)!.why;
    expect(why.kind).toBe('sat');
    if (why.kind !== 'sat') return;
    expect(result.complete).toBe(true);
    expect(why.houses.length).toBeGreaterThan(1);
    const board = grid(EXPERT);
    for (const move of moves.slice(0, -1)) board[move.cell] = move.digit;
    const { cell: at, digit } = moves.at(-1)!;
    expect(fits(board, at, digit, why.houses)).toBe(false);
    for (const dropped of why.houses)
      expect(
        fits(
          board,
          at,
          digit,
          why.houses.filter((h) => h !== dropped),
        ),
        `${dropped.kind} ${dropped.index}`,
      ).toBe(true);
  }

  it('names houses that refute the digit, none of which can be dropped', () => {
    // At the start of this expert puzzle logic and singles are stuck: R1C3 = 3 needs the SAT argument.
    expectMinimalRefutation([{ at: 1000, cell: cell('R1C3'), digit: 3, verdict: 'wrong' }]);
  });

  it("reasons from the board at that moment: the givens and the player's right digits", () => {
    const blanks = [...EXPERT].flatMap((ch, i) => (ch === '0' ? [i] : []));
    const rights = blanks
      .filter((_, i) => i % 3 === 0)
      .slice(0, 12)
      .map((c, i): DebriefMove => {
        return {
          at: 1000 * (i + 1),
          cell: c,
          digit: Number(EXPERT_SOLUTION[c]),
          verdict: 'correct',
        };
      });
    expectMinimalRefutation([
      ...rights,
      { at: 20_000, cell: cell('R6C7'), digit: 5, verdict: 'wrong' },
    ]);
  });
});

describe('allSingles', () => {
  it("finds every single on the board, each valid, one per cell, the grader's among them", () => {
    const state = createState(grid(EASY), variant);
    const singles = allSingles(state);
    const cells = singles.map((s) => s.placements[0]!.cell);
    expect(new Set(cells).size).toBe(cells.length);
    for (const step of singles) expect(stepProblem(state, stepNote(variant, step))).toBeNull();
    // Every cell with one candidate, and every digit with one place in a house, is there.
    for (let c = 0; c < CELLS; c++)
      if (state.board[c] === 0 && popcount(state.cands[c]!) === 1) expect(cells).toContain(c);
    for (const house of variant.houses)
      for (const d of DIGITS) {
        const places = house.cells.filter((c) => state.cands[c]! & bit(d));
        if (places.length === 1) expect(cells).toContain(places[0]);
      }
    const first = findHiddenSingle(state)!;
    expect(singles.map((s) => s.explanation)).toContain(first.explanation);
  });
});

describe('allSingles on pencil marks', () => {
  it('finds two hidden singles of one house', () => {
    const state = emptyState('classic');
    remove(state, 1, rowCells(1, [1]));
    remove(state, 2, rowCells(1, [2]));
    expect(allSingles(state).map((s) => [s.technique, s.houses, s.placements])).toEqual([
      ['hidden-single', [0], [{ cell: cell('R1C1'), digit: 1 }]],
      ['hidden-single', [0], [{ cell: cell('R1C2'), digit: 2 }]],
    ]);
  });
});
