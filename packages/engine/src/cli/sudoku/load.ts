import { parseGrid, type Grid } from '../../sudoku/grid.ts';
import type { Variant } from '../../sudoku/variant.ts';
import { CliError } from '../errors.ts';
import { readPuzzleArgument, type PuzzleInput } from './puzzle-source.ts';
import { checkPuzzle, located } from './validate.ts';

/** A puzzle from the command line or a file, with where it came from (`file:line`). */
export interface LoadedPuzzle {
  readonly where: string;
  readonly grid: Grid;
}

/**
 * Every puzzle of `FILE|PUZZLE`, each checked against the variant's rules; the first bad one
 * stops the command with `file:line:column: error: …` (exit 1).
 */
export async function loadPuzzles(arg: string, variant: Variant): Promise<LoadedPuzzle[]> {
  const inputs = await readPuzzleArgument(arg);
  return inputs.map((input) => ({ where: input.where, grid: checked(input, variant) }));
}

/** The one puzzle of `FILE|PUZZLE`, checked against the variant's rules. */
export async function loadOnePuzzle(arg: string, variant: Variant): Promise<LoadedPuzzle> {
  const input = onlyOne(await readPuzzleArgument(arg));
  return { where: input.where, grid: checked(input, variant) };
}

/**
 * The one puzzle of `FILE|PUZZLE`, parsed but not checked against any rules: `encode` writes
 * the CNF of clashing givens on purpose (it is simply unsatisfiable).
 */
export async function loadOneParsed(arg: string): Promise<LoadedPuzzle> {
  const input = onlyOne(await readPuzzleArgument(arg));
  const parsed = parseGrid(input.text);
  if (parsed.ok) return { where: input.where, grid: parsed.grid };
  const { position, message } = parsed.error;
  const column = position >= 0 ? position + 1 : undefined;
  throw new CliError(`${located(input.where, column)}: error: ${message}`);
}

/** A file holding several puzzles where one is expected: an error naming the second. */
function onlyOne(inputs: readonly PuzzleInput[]): PuzzleInput {
  const [first, second] = inputs;
  if (second !== undefined) {
    throw new CliError(
      `${second.where}: error: expected one puzzle, found ${inputs.length} (the first at ${first!.where})`,
    );
  }
  return first!;
}

function checked(input: PuzzleInput, variant: Variant): Grid {
  const result = checkPuzzle(input.text, variant);
  if (result.ok) return result.grid;
  throw new CliError(`${located(input.where, result.column)}: error: ${result.reason}`);
}
