/**
 * The exactly-one DPLL (`SudokuSolver`) against the independent CDCL checker (`SudokuSat`) on
 * seeded random puzzles: random full grids with random cells blanked, some with a wrong digit
 * planted. Both must count alike, and every solution must be valid and keep the givens.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { isSolved } from './check.ts';
import { formatGrid, type Grid } from './grid.ts';
import { SudokuSat } from './sat-sudoku.ts';
import { randomSolvedGrid, SudokuSolver } from './solver.ts';
import { agreesWithGivens, blankRandomCells, plantWrongGiven } from './testing/fixtures.ts';
import { getVariant, type Variant, type VariantIdName } from './variant.ts';

const PUZZLES_PER_VARIANT = 200;
/** Puzzles dug from each random full grid. */
const PER_GRID = 5;
/**
 * Blanks per puzzle: 25..70. Nearly empty grids are left out for speed: the DPLL has no
 * restarts, and counting a percent grid with 2 givens can take 0.4 s (heavy-tailed search).
 */
const MIN_BLANKS = 25;
const MAX_BLANKS = 70;

interface Tally {
  readonly counts: [number, number, number];
  readonly errors: string[];
}

/** Why the two answers for `puzzle` disagree or are wrong, or null. */
function disagreement(
  variant: Variant,
  puzzle: Grid,
  fast: SudokuSolver,
  sat: SudokuSat,
): string | null {
  const a = fast.count(puzzle);
  const b = sat.count(puzzle);
  if (a.status !== 'counted' || b.status !== 'counted') return 'unknown without a budget';
  if (a.count !== b.count) return `SudokuSolver counts ${a.count}, SudokuSat ${b.count}`;
  if (a.count === 0)
    return fast.solve(puzzle).status === 'unsolvable' ? null : 'solve finds a solution';
  for (const solution of [a.solution!, b.solution!]) {
    if (!isSolved(variant, solution)) return `invalid solution ${formatGrid(solution)}`;
    if (!agreesWithGivens(puzzle, solution))
      return `solution ignores a given: ${formatGrid(solution)}`;
  }
  if (a.count === 1 && formatGrid(a.solution!) !== formatGrid(b.solution!))
    return 'different unique solutions';
  return null;
}

function crossCheck(id: VariantIdName): Tally {
  const variant = getVariant(id);
  const fast = new SudokuSolver(variant);
  const sat = new SudokuSat(variant);
  const rng = createRng(`cross-check-${id}`);
  const tally: Tally = { counts: [0, 0, 0], errors: [] };
  let solution = randomSolvedGrid(fast, rng);
  for (let i = 0; i < PUZZLES_PER_VARIANT; i++) {
    if (i % PER_GRID === 0) solution = randomSolvedGrid(fast, rng);
    let puzzle = blankRandomCells(solution, MIN_BLANKS + rng.int(MAX_BLANKS - MIN_BLANKS + 1), rng);
    if (i % 3 === 2) puzzle = plantWrongGiven(variant, puzzle, solution, rng) ?? puzzle;
    const error = disagreement(variant, puzzle, fast, sat);
    if (error !== null) tally.errors.push(`${formatGrid(puzzle)}: ${error}`);
    const answer = fast.count(puzzle);
    if (answer.status === 'counted') tally.counts[answer.count]++;
  }
  return tally;
}

describe.each(['classic', 'percent'] as const)('SudokuSolver and SudokuSat on %s puzzles', (id) => {
  it(`agree on ${PUZZLES_PER_VARIANT} seeded random puzzles`, () => {
    const { counts, errors } = crossCheck(id);
    expect(errors.slice(0, 5)).toEqual([]);
    // The corpus must hold unsolvable, unique and open puzzles alike.
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(15);
  });
});
