import { SudokuSolver } from '../../sudoku/solver.ts';
import type { Grid } from '../../sudoku/grid.ts';
import type { Variant } from '../../sudoku/variant.ts';
import { CliError } from '../errors.ts';
import type { LoadedPuzzle } from './load.ts';

/**
 * The puzzle's one solution. Grading and hints reason towards a unique solution, so no
 * solution or several is the user's error: `where: error: …`, exit 1.
 */
export function uniqueSolution(solver: SudokuSolver, variant: Variant, puzzle: LoadedPuzzle): Grid {
  const answer = solver.count(puzzle.grid);
  if (answer.status === 'counted' && answer.count === 1) return answer.solution!;
  const problem =
    answer.status === 'unknown'
      ? `could not be solved (${answer.reason})`
      : answer.count === 0
        ? `has no solution under the ${variant.id} rules`
        : `has more than one solution under the ${variant.id} rules`;
  throw new CliError(
    `${puzzle.where}: error: the puzzle ${problem}; a proper puzzle has exactly one`,
  );
}
