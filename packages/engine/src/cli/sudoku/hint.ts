import { cellName, CELLS, formatGrid, type CellIndex, type Grid } from '../../sudoku/grid.ts';
import { hint, type Hint } from '../../sudoku/logic/index.ts';
import { SudokuSolver } from '../../sudoku/solver.ts';
import { getVariant, type VariantIdName } from '../../sudoku/variant.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { Mark, renderBoard, type MarkName } from './board.ts';
import { loadOneParsed, loadOnePuzzle, type LoadedPuzzle } from './load.ts';
import { uniqueSolution } from './unique.ts';

/** `percent hint` after option parsing; see commands/hint.ts. */
export interface HintRequest {
  readonly puzzle: string;
  readonly board: string | undefined;
  readonly variant: VariantIdName;
  readonly json: boolean;
}

/** The `--json` object. `look` names the marked cells, `target` first. */
export interface HintJson {
  readonly puzzle: string;
  readonly board: string;
  readonly variant: VariantIdName;
  readonly hint: Hint;
  readonly look: readonly string[];
}

/**
 * A hint for a player's board (the puzzle itself by default): wrong entries first, then the
 * next logical step, or a revealed digit when no technique applies.
 */
export async function runHint(request: HintRequest): Promise<number> {
  const variant = getVariant(request.variant);
  const puzzle = await loadOnePuzzle(request.puzzle, variant);
  const solution = uniqueSolution(new SudokuSolver(variant), variant, puzzle);
  const board =
    request.board === undefined
      ? puzzle.grid
      : keepsGivens(puzzle, await loadOneParsed(request.board));
  const answer = hint(puzzle.grid, board, variant, solution);
  const marks = marksOf(answer);
  if (request.json) {
    const json: HintJson = {
      puzzle: formatGrid(puzzle.grid, '0'),
      board: formatGrid(board, '0'),
      variant: variant.id,
      hint: answer,
      look: [...marks.keys()].map(cellName),
    };
    process.stdout.write(JSON.stringify(json) + '\n');
  } else {
    process.stdout.write(hintText(answer, board, marks) + '\n');
  }
  return ExitCode.ok;
}

/**
 * The board with every given of the puzzle in place (a blank there is filled in); a board
 * that changes a given is the user's error, named by cell.
 */
function keepsGivens(puzzle: LoadedPuzzle, board: LoadedPuzzle): Grid {
  const grid = Uint8Array.from(board.grid);
  for (let cell = 0; cell < CELLS; cell++) {
    const given = puzzle.grid[cell]!;
    if (given === 0 || grid[cell] === given) continue;
    if (grid[cell] !== 0) {
      throw new CliError(
        `${board.where}: error: the board has ${grid[cell]} in ${cellName(cell)}, ` +
          `where the puzzle gives ${given}`,
      );
    }
    grid[cell] = given;
  }
  return grid;
}

/** The cells to draw in brackets: what the hint is about (`<>`), and its reasons (`[]`). */
function marksOf(answer: Hint): Map<CellIndex, MarkName> {
  const marks = new Map<CellIndex, MarkName>();
  if (answer.kind === 'wrong') for (const cell of answer.cells) marks.set(cell, Mark.target);
  if (answer.kind === 'reveal') marks.set(answer.cell, Mark.target);
  if (answer.kind === 'step') {
    const { step } = answer;
    for (const { cell } of [...step.placements, ...step.eliminations]) marks.set(cell, Mark.target);
    for (const cell of step.cells) if (!marks.has(cell)) marks.set(cell, Mark.look);
  }
  return marks;
}

function hintText(answer: Hint, board: Grid, marks: ReadonlyMap<CellIndex, MarkName>): string {
  const lines: string[] = [];
  if (answer.kind === 'step') {
    for (const step of answer.via) lines.push(`first: ${step.explanation}`);
    lines.push(answer.step.explanation);
  } else {
    lines.push(answer.explanation);
  }
  if (answer.kind === 'solved') return lines.join('\n');
  const targets = [...marks].filter(([, m]) => m === Mark.target).map(([c]) => cellName(c));
  const looks = [...marks].filter(([, m]) => m === Mark.look).map(([c]) => cellName(c));
  lines.push(`${answer.kind === 'wrong' ? 'wrong' : 'look at'}: ${targets.join(', ')}`);
  if (looks.length > 0) lines.push(`because of: ${looks.join(', ')}`);
  lines.push('', renderBoard(board, marks), legend(answer, looks.length > 0));
  return lines.join('\n');
}

function legend(answer: Hint, withReasons: boolean): string {
  if (answer.kind === 'wrong') return '<d> wrong entry';
  if (answer.kind === 'reveal') return '<.> the revealed cell';
  return withReasons ? '<.> changed by the step   [d] its reasons' : '<.> changed by the step';
}
