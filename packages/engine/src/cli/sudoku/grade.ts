import { formatGrid } from '../../sudoku/grid.ts';
import { gradePuzzle, solveLogically, type Grade, type Step } from '../../sudoku/logic/index.ts';
import { SudokuSolver } from '../../sudoku/solver.ts';
import { getVariant, type Variant, type VariantIdName } from '../../sudoku/variant.ts';
import { ExitCode } from '../exit-codes.ts';
import { alignedTable, formatCount } from '../io/output.ts';
import { loadPuzzles, type LoadedPuzzle } from './load.ts';
import { uniqueSolution } from './unique.ts';

/** `percent grade` after option parsing; see commands/grade.ts. */
export interface GradeRequest {
  readonly puzzle: string;
  readonly variant: VariantIdName;
  readonly json: boolean;
  readonly steps: boolean;
}

/** One puzzle's `--json` line. `steps` only with `--steps`. */
export interface GradeJson {
  readonly where: string;
  readonly puzzle: string;
  readonly variant: VariantIdName;
  readonly grade: Grade;
  readonly steps?: readonly Step[];
}

/**
 * Grades every puzzle of `FILE|PUZZLE` (each must have exactly one solution): a block of text
 * per puzzle, or one JSON object per line with `--json`.
 */
export async function runGrade(request: GradeRequest): Promise<number> {
  const variant = getVariant(request.variant);
  const puzzles = await loadPuzzles(request.puzzle, variant);
  const solver = new SudokuSolver(variant);
  for (const [i, puzzle] of puzzles.entries()) {
    const solution = uniqueSolution(solver, variant, puzzle);
    const grade = gradePuzzle(puzzle.grid, variant, solution);
    const steps = request.steps ? solveLogically(puzzle.grid, variant).steps : undefined;
    if (request.json) {
      const json: GradeJson = {
        where: puzzle.where,
        puzzle: formatGrid(puzzle.grid, '0'),
        variant: variant.id,
        grade,
        ...(steps && { steps }),
      };
      process.stdout.write(JSON.stringify(json) + '\n');
    } else {
      process.stdout.write(`${i > 0 ? '\n' : ''}${gradeText(puzzle, variant, grade, steps)}\n`);
    }
  }
  return ExitCode.ok;
}

/** The human-readable block of one puzzle. */
export function gradeText(
  puzzle: LoadedPuzzle,
  variant: Variant,
  grade: Grade,
  steps: readonly Step[] | undefined,
): string {
  const techniques = Object.entries(grade.counts)
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => `${name} ${formatCount(n)}`)
    .join(', ');
  const table = alignedTable([
    ['puzzle', `${formatGrid(puzzle.grid, '0')} (${puzzle.where})`],
    ['variant', variant.id],
    ['difficulty', grade.difficulty],
    ['score', formatCount(grade.score)],
    ['hardest', grade.hardest],
    ['by logic', grade.solvedByLogic ? 'yes' : 'no: the techniques get stuck, search is needed'],
    ['steps', formatCount(grade.steps)],
    ['techniques', techniques === '' ? 'none' : techniques],
  ]);
  return steps === undefined ? table : `${table}\n\n${stepsText(steps, grade.solvedByLogic)}`;
}

/** The numbered explanations of the logical solve, and where it got stuck. */
function stepsText(steps: readonly Step[], solved: boolean): string {
  const width = String(steps.length).length;
  const lines = steps.map((step, i) => `${String(i + 1).padStart(width)}. ${step.explanation}`);
  if (!solved) lines.push(`stuck after ${formatCount(steps.length)} steps: no technique applies`);
  return lines.join('\n');
}
