/**
 * Whether a brought puzzle is a proper one under a variant's rules — exactly one solution —
 * and how hard it is. A refusal says why in terms a player can check on the grid: two givens
 * clashing in a house, no solution at all, or two solutions and two cells where they differ.
 */
import type { Budget, UnknownReasonName } from '../sat/types.ts';
import { findConflicts, type Conflict } from './check.ts';
import { cellVar, decodeModel, givenLiterals } from './encode.ts';
import { CELLS, type CellIndex, type Grid } from './grid.ts';
import { gradePuzzle } from './logic/grade.ts';
import type { Grade } from './logic/types.ts';
import { SudokuSolver } from './solver.ts';
import type { Variant } from './variant.ts';

export type ImportCheck =
  | {
      readonly ok: true;
      readonly puzzle: Grid;
      readonly solution: Grid;
      readonly grade: Grade;
      readonly clues: number;
    }
  /** Two givens of one digit in one house. */
  | { readonly ok: false; readonly reason: 'clash'; readonly conflict: Conflict }
  | { readonly ok: false; readonly reason: 'noSolution' }
  /** Two solutions, and cells where they differ (the first two in reading order). */
  | {
      readonly ok: false;
      readonly reason: 'severalSolutions';
      readonly solutions: readonly [Grid, Grid];
      readonly cells: readonly [CellIndex, CellIndex];
    }
  | { readonly ok: false; readonly reason: 'unknown'; readonly why: UnknownReasonName };

export interface ImportCheckOptions {
  readonly budget?: Budget;
  readonly signal?: AbortSignal;
}

/** Checks `puzzle` under `variant`: its one solution and grade, or why it is refused. */
export function checkImported(
  puzzle: Grid,
  variant: Variant,
  options: ImportCheckOptions = {},
): ImportCheck {
  const conflict = findConflicts(variant, puzzle)[0];
  if (conflict) return { ok: false, reason: 'clash', conflict };
  const solver = new SudokuSolver(variant);
  const counted = solver.count(puzzle, options);
  if (counted.status === 'unknown') return { ok: false, reason: 'unknown', why: counted.reason };
  if (counted.count === 0) return { ok: false, reason: 'noSolution' };
  const first = counted.solution!;
  if (counted.count === 2) return several(solver, puzzle, first, options);
  return {
    ok: true,
    puzzle,
    solution: first,
    grade: gradePuzzle(puzzle, variant, first),
    clues: puzzle.filter((d) => d !== 0).length,
  };
}

/**
 * A second solution: the first blank cell (in reading order) that can hold another digit than
 * the first solution's gives one; the answer names the first two cells where they differ (a
 * second solution differs in at least two: a house short of one digit is short of another).
 */
function several(
  solver: SudokuSolver,
  puzzle: Grid,
  first: Grid,
  options: ImportCheckOptions,
): ImportCheck {
  const givens = givenLiterals(puzzle);
  for (let cell = 0; cell < CELLS; cell++) {
    if (puzzle[cell] !== 0) continue;
    const other = solver.countAssuming([...givens, -cellVar(cell, first[cell]!)], 1, options);
    if (other.status === 'unknown') return { ok: false, reason: 'unknown', why: other.reason };
    if (other.count === 0) continue;
    const second = decodeModel(other.model!);
    const differ: CellIndex[] = [];
    for (let c = 0; c < CELLS && differ.length < 2; c++) if (first[c] !== second[c]) differ.push(c);
    return {
      ok: false,
      reason: 'severalSolutions',
      solutions: [first, second],
      cells: [differ[0]!, differ[1]!],
    };
  }
  // Unreachable when the count said two: every second solution differs in some blank cell.
  return { ok: false, reason: 'unknown', why: 'conflicts' };
}
