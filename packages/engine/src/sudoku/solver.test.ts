/**
 * The puzzle solver: counts on crafted puzzles with none, one and several solutions, the
 * random full grids it makes, and its budgets. Its agreement with the independent CDCL
 * checker on random puzzles is in solver-cross-check.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { isSolved } from './check.ts';
import { encodeRules } from './encode.ts';
import { CELLS, formatGrid, type Grid } from './grid.ts';
import { SudokuSat } from './sat-sudoku.ts';
import { exactlyOneGroups, randomSolvedGrid, SudokuSolver, type CountAnswer } from './solver.ts';
import {
  agreesWithGivens,
  CLASSIC_PUZZLE,
  CLASSIC_SOLUTION,
  differingCells,
  grid,
  PERCENT_PUZZLE,
  PERCENT_SOLUTION,
  plantWrongGiven,
  swapCells,
} from './testing/fixtures.ts';
import { getVariant, VARIANT_IDS } from './variant.ts';

const classic = getVariant('classic');
const percent = getVariant('percent');
const classicSolver = new SudokuSolver(classic);
const percentSolver = new SudokuSolver(percent);

const countOf = (answer: CountAnswer): number | string =>
  answer.status === 'counted' ? answer.count : `unknown/${answer.reason}`;

/**
 * The solution with the four corners of a rectangle blanked, where those corners hold a, b /
 * b, a and lie in two boxes: a "deadly pattern" with exactly two classic solutions.
 */
function deadlyRectangle(solution: Grid): Grid {
  for (let r1 = 0; r1 < 9; r1++) {
    for (let r2 = r1 + 1; r2 < 9 && Math.floor(r2 / 3) === Math.floor(r1 / 3); r2++) {
      for (let c1 = 0; c1 < 9; c1++) {
        for (let c2 = c1 + 1; c2 < 9; c2++) {
          const corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1];
          const [a, b, c, d] = corners.map((cell) => solution[cell]!);
          if (a !== c || b !== d || Math.floor(c1 / 3) === Math.floor(c2 / 3)) continue;
          const puzzle = Uint8Array.from(solution);
          for (const cell of corners) puzzle[cell] = 0;
          return puzzle;
        }
      }
    }
  }
  throw new Error('no deadly rectangle in this solution');
}

describe('SudokuSolver.count', () => {
  it('counts one solution of a classic puzzle and finds it', () => {
    const answer = classicSolver.count(grid(CLASSIC_PUZZLE));
    expect(answer).toMatchObject({ status: 'counted', count: 1 });
    expect(answer.status === 'counted' && formatGrid(answer.solution!)).toBe(CLASSIC_SOLUTION);
    expect(countOf(classicSolver.count(grid(CLASSIC_SOLUTION)))).toBe(1);
  });

  it('counts one solution of a percent puzzle and finds it', () => {
    const answer = percentSolver.count(grid(PERCENT_PUZZLE));
    expect(answer).toMatchObject({ status: 'counted', count: 1 });
    expect(answer.status === 'counted' && formatGrid(answer.solution!)).toBe(PERCENT_SOLUTION);
  });

  it('counts no solution when a wrong digit is planted or the givens clash', () => {
    const rng = createRng('planted');
    for (const [solver, puzzle, solution] of [
      [classicSolver, CLASSIC_PUZZLE, CLASSIC_SOLUTION],
      [percentSolver, PERCENT_PUZZLE, PERCENT_SOLUTION],
    ] as const) {
      for (let k = 0; k < 5; k++) {
        const planted = plantWrongGiven(solver.variant, grid(puzzle), grid(solution), rng)!;
        expect(countOf(solver.count(planted)), formatGrid(planted)).toBe(0);
        expect(solver.solve(planted)).toEqual({ status: 'unsolvable' });
      }
      const clash = swapCells(grid(solution), 0, 1);
      expect(countOf(solver.count(clash))).toBe(0);
    }
  });

  it('counts two or more on an empty grid, with a valid solution', () => {
    for (const solver of [classicSolver, percentSolver]) {
      const answer = solver.count(new Uint8Array(CELLS));
      expect(answer).toMatchObject({ status: 'counted', count: 2 });
      expect(answer.status === 'counted' && isSolved(solver.variant, answer.solution!)).toBe(true);
    }
  });

  it('counts two for a deadly rectangle in a classic solution', () => {
    const puzzle = deadlyRectangle(grid(CLASSIC_SOLUTION));
    const answer = classicSolver.count(puzzle);
    expect(answer).toMatchObject({ status: 'counted', count: 2 });
    expect(answer.status === 'counted' && agreesWithGivens(puzzle, answer.solution!)).toBe(true);
  });

  it('needs every given of the minimal percent puzzle', () => {
    const puzzle = grid(PERCENT_PUZZLE);
    for (let cell = 0; cell < CELLS; cell++) {
      if (puzzle[cell] === 0) continue;
      const fewer = Uint8Array.from(puzzle);
      fewer[cell] = 0;
      expect(countOf(percentSolver.count(fewer)), `without cell ${cell}`).toBe(2);
    }
  });

  it('holds each variant to its own houses', () => {
    // The classic example has no percent solution; the percent puzzle is not unique as classic.
    expect(countOf(percentSolver.count(grid(CLASSIC_PUZZLE)))).toBe(0);
    expect(countOf(classicSolver.count(grid(PERCENT_PUZZLE)))).toBe(2);
  });
});

describe('sparse puzzles', () => {
  /**
   * Six givens (R1C3 3, R5C3 8, R6C7 6, R7C1 3, R8C5 2, R8C7 1): a valid percent puzzle with
   * many solutions, which SudokuSat counts in ~25 ms. The DPLL's first branches run into an
   * unsatisfiable subtree it cannot leave without restarts: 30 s were not enough. About 2 in
   * 1000 random percent puzzles with 1–9 givens take over 0.5 s; no classic ones did.
   */
  const SPARSE_PERCENT =
    '..3...................................8............6..3............2.1...........';

  it('solves and counts a sparse percent puzzle promptly', () => {
    const puzzle = grid(SPARSE_PERCENT);
    expect(new SudokuSat(percent).count(puzzle)).toMatchObject({ status: 'counted', count: 2 });
    const budget = { timeMs: 1000 };
    expect(percentSolver.solve(puzzle, { budget }).status).toBe('solved');
    expect(countOf(percentSolver.count(puzzle, { budget }))).toBe(2);
  });
});

describe('exactlyOneGroups', () => {
  it('are the long clauses of encodeRules: one per cell and one per house and digit', () => {
    for (const variant of [classic, percent]) {
      const groups = exactlyOneGroups(variant).map((g) => g.join(' '));
      const longClauses = encodeRules(variant)
        .clauses.filter((c) => c.length === 9)
        .map((c) => Array.from(c).join(' '));
      expect(groups).toEqual(longClauses);
      expect(groups).toHaveLength(CELLS + variant.houses.length * 9);
    }
  });
});

describe('randomSolvedGrid', () => {
  it.each(VARIANT_IDS)('makes a valid %s grid, the same one for the same seed', (id) => {
    const solver = new SudokuSolver(getVariant(id));
    const first = randomSolvedGrid(solver, createRng(`grid-${id}`));
    expect(isSolved(solver.variant, first)).toBe(true);
    expect(randomSolvedGrid(solver, createRng(`grid-${id}`))).toEqual(first);
    expect(randomSolvedGrid(new SudokuSolver(getVariant(id)), createRng(`grid-${id}`))).toEqual(
      first,
    );
    expect(randomSolvedGrid(solver, createRng(`other-${id}`))).not.toEqual(first);
  });

  it('varies with the seed', () => {
    const grids = new Set<string>();
    for (let seed = 0; seed < 20; seed++)
      grids.add(formatGrid(randomSolvedGrid(percentSolver, createRng(seed))));
    expect(grids.size).toBe(20);
  });
});

describe('budgets and cancellation', () => {
  it('answers unknown when the conflict budget runs out', () => {
    const puzzle = grid(PERCENT_PUZZLE);
    expect(percentSolver.solve(puzzle, { budget: { conflicts: 1 } })).toMatchObject({
      status: 'unknown',
      reason: 'conflicts',
    });
    expect(countOf(percentSolver.count(puzzle, { budget: { conflicts: 1 } }))).toBe(
      'unknown/conflicts',
    );
    // The same solver still answers in full afterwards.
    expect(countOf(percentSolver.count(puzzle))).toBe(1);
  });

  it('answers unknown on an aborted signal or when the time is up', () => {
    // The signal and the clock are read every 1024 backtracks, more than a puzzle here needs;
    // enumerating the solutions of the empty grid never ends within these limits.
    const controller = new AbortController();
    controller.abort();
    const aborted = classicSolver.countAssuming([], 1e9, { signal: controller.signal });
    expect(aborted).toMatchObject({ status: 'unknown', reason: 'aborted' });
    const start = performance.now();
    const timed = classicSolver.countAssuming([], 1e9, { budget: { timeMs: 20 } });
    expect(timed).toMatchObject({ status: 'unknown', reason: 'time' });
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('SudokuSat', () => {
  it('counts the crafted puzzles as SudokuSolver does', () => {
    const sat = new SudokuSat(percent);
    expect(sat.count(grid(PERCENT_PUZZLE))).toMatchObject({ status: 'counted', count: 1 });
    expect(sat.count(grid(CLASSIC_PUZZLE))).toMatchObject({ status: 'counted', count: 0 });
    expect(sat.count(new Uint8Array(CELLS))).toMatchObject({ status: 'counted', count: 2 });
    const classicSat = new SudokuSat(classic);
    const rectangle = deadlyRectangle(grid(CLASSIC_SOLUTION));
    const answer = classicSat.count(rectangle);
    expect(answer).toMatchObject({ status: 'counted', count: 2 });
    if (answer.status !== 'counted') return;
    const other = classicSat.findOtherSolution(rectangle, answer.solution!);
    if (other.status !== 'solved')
      throw new Error(`expected a second solution, got ${other.status}`);
    expect(isSolved(classic, other.solution)).toBe(true);
    expect(differingCells(other.solution, answer.solution!)).toHaveLength(4);
  });
});
