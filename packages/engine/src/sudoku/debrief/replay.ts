import { CELLS, parseGrid, type CellIndex, type Digit, type Grid } from '../grid.ts';
import { getVariant, isVariantId, type Variant } from '../variant.ts';
import type { DebriefInput } from './types.ts';

/** A wrong entry, with the board the player had just before it. */
export interface WrongEntry {
  /** Index in the input's moves. */
  readonly move: number;
  readonly at: number;
  readonly cell: CellIndex;
  readonly digit: Digit;
  readonly correct: Digit;
  /** Givens plus the player's right digits at that moment; `cell` is blank. */
  readonly board: Grid;
}

/** The board at one moment of the race: after every move made at or before `at`. */
export interface Moment {
  readonly at: number;
  readonly board: Grid;
}

/** One player's race replayed: the wrong entries and the board after each move. */
export interface Replayed {
  readonly variant: Variant;
  readonly puzzle: Grid;
  readonly solution: Grid;
  readonly wrong: readonly WrongEntry[];
  /** The start (the puzzle alone), then one moment per move, in move order. */
  readonly moments: readonly Moment[];
}

/**
 * Replays one player's moves. The board holds the givens and the player's right digits only:
 * the server never places a wrong digit, and a clear takes a digit off. A move is judged
 * against the solution (its recorded verdict is not trusted). Bad input throws an Error that
 * names the field and, for a move, its index.
 */
export function replay(input: DebriefInput): Replayed {
  if (!isVariantId(input.variant)) throw new Error(`debrief: unknown variant "${input.variant}"`);
  const variant = getVariant(input.variant);
  const puzzle = gridOf(input.puzzle, 'puzzle');
  const solution = gridOf(input.solution, 'solution');
  for (let cell = 0; cell < CELLS; cell++) {
    if (solution[cell] === 0) throw new Error(`debrief: solution: cell ${cell} is blank`);
    if (puzzle[cell] !== 0 && puzzle[cell] !== solution[cell])
      throw new Error(`debrief: puzzle and solution disagree at cell ${cell}`);
  }
  const board = Uint8Array.from(puzzle);
  const wrong: WrongEntry[] = [];
  const moments: Moment[] = [{ at: 0, board: Uint8Array.from(board) }];
  input.moves.forEach((move, index) => {
    checkMove(move, index, puzzle);
    const correct = solution[move.cell]!;
    if (move.digit !== 0 && move.digit !== correct) {
      const before = Uint8Array.from(board);
      before[move.cell] = 0;
      wrong.push({
        move: index,
        at: move.at,
        cell: move.cell,
        digit: move.digit,
        correct,
        board: before,
      });
    } else {
      board[move.cell] = move.digit;
    }
    moments.push({ at: move.at, board: Uint8Array.from(board) });
  });
  return { variant, puzzle, solution, wrong, moments };
}

function gridOf(text: string, field: string): Grid {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(`debrief: ${field}: ${parsed.error.message}`);
  return parsed.grid;
}

function checkMove(move: DebriefInput['moves'][number], index: number, puzzle: Grid): void {
  const where = `debrief: moves[${index}]`;
  if (!Number.isInteger(move.cell) || move.cell < 0 || move.cell >= CELLS)
    throw new Error(`${where}.cell: expected 0..80, got ${move.cell}`);
  if (!Number.isInteger(move.digit) || move.digit < 0 || move.digit > 9)
    throw new Error(`${where}.digit: expected 0..9, got ${move.digit}`);
  if (!Number.isFinite(move.at) || move.at < 0)
    throw new Error(`${where}.at: expected ms since the start, got ${move.at}`);
  if (puzzle[move.cell] !== 0) throw new Error(`${where}.cell: ${move.cell} is a given`);
}
