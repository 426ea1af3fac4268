import { CELLS, parseGrid, type CellIndex, type Digit, type Grid } from '../grid.ts';
import { getVariant, isVariantId, type Variant } from '../variant.ts';
import type { DebriefInput, DebriefMove } from './types.ts';

/** A wrong entry, with the board the player had just before it. */
export interface WrongEntry {
  /** Index in the input's moves. */
  readonly move: number;
  readonly at: number;
  readonly cell: CellIndex;
  readonly digit: Digit;
  readonly correct: Digit;
  /**
   * The facts at that moment: the givens and the player's right digits still shown; `cell` is
   * blank, and so is every cell showing a wrong digit. Explanations reason from this board.
   */
  readonly board: Grid;
  /** What the player saw: `board` plus the wrong digits still shown; `cell` is blank. */
  readonly shown: Grid;
}

/** The board at one moment of the race: after every move made at or before `at`. */
export interface Moment {
  readonly at: number;
  /** The facts: givens and right digits shown (a cell showing a wrong digit is blank). */
  readonly board: Grid;
  /** What the player saw: `board` plus the wrong digits still shown (`wrongDigitsStay`). */
  readonly shown: Grid;
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
 * Replays one player's moves. In a race the board holds the givens and the player's right
 * digits only: the server never places a wrong digit, and a clear takes a digit off. With
 * `wrongDigitsStay` (a solo solve) a wrong digit stays shown in its cell until the next entry
 * there, replacing what the cell held; it never counts as a fact (`board`), only as what the
 * player saw (`shown`). A move is judged against the solution (its recorded verdict is not
 * trusted); a wrong digit made again in the same cell is the same mistake. Bad input throws an Error that names the field and, for a move, its index.
 */
export function replay(input: DebriefInput): Replayed {
  if (!isVariantId(input.variant)) throw new Error(`debrief: unknown variant "${input.variant}"`);
  const variant = getVariant(input.variant);
  const puzzle = gridOf(input.puzzle, 'puzzle');
  const solution = gridOf(input.solution, 'solution');
  checkInput(input, puzzle, solution);
  const stay = input.wrongDigitsStay === true;
  const board = Uint8Array.from(puzzle);
  const shown = Uint8Array.from(puzzle);
  const wrong: WrongEntry[] = [];
  const slips = new Set<number>();
  const moments: Moment[] = [
    { at: 0, board: Uint8Array.from(board), shown: Uint8Array.from(shown) },
  ];
  input.moves.forEach((move, index) => {
    const { cell, digit, at } = move;
    const correct = solution[cell]!;
    const isWrong = digit !== 0 && digit !== correct;
    // One slip is one mistake (the protocol's rule): the same wrong digit in the same cell
    // again — an undo and a redo in a solo solve — is explained once.
    const slip = cell * 10 + digit;
    if (isWrong && !slips.has(slip)) {
      slips.add(slip);
      const before = { board: Uint8Array.from(board), shown: Uint8Array.from(shown) };
      before.board[cell] = 0;
      before.shown[cell] = 0;
      wrong.push({ move: index, at, cell, digit, correct, ...before });
    }
    if (!isWrong || stay) {
      board[cell] = isWrong ? 0 : digit;
      shown[cell] = digit;
    }
    moments.push({ at, board: Uint8Array.from(board), shown: Uint8Array.from(shown) });
  });
  return { variant, puzzle, solution, wrong, moments };
}

function gridOf(text: string, field: string): Grid {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(`debrief: ${field}: ${parsed.error.message}`);
  return parsed.grid;
}

/** Every field other than the grids: throws an Error naming the first one that is wrong. */
function checkInput(input: DebriefInput, puzzle: Grid, solution: Grid): void {
  for (let cell = 0; cell < CELLS; cell++) {
    if (solution[cell] === 0) throw new Error(`debrief: solution: cell ${cell} is blank`);
    if (puzzle[cell] !== 0 && puzzle[cell] !== solution[cell])
      throw new Error(`debrief: puzzle and solution disagree at cell ${cell}`);
  }
  const { endMs, pauseMs, wrongDigitsStay } = input;
  if (!Number.isFinite(endMs) || endMs < 0)
    throw new Error(`debrief: endMs: expected ms since the start, got ${endMs}`);
  if (pauseMs !== undefined && !(pauseMs > 0))
    throw new Error(`debrief: pauseMs: expected a number of ms above 0, got ${pauseMs}`);
  if (wrongDigitsStay !== undefined && typeof wrongDigitsStay !== 'boolean')
    throw new Error(
      `debrief: wrongDigitsStay: expected true or false, got ${String(wrongDigitsStay)}`,
    );
  input.moves.forEach((move, index) => checkMove(move, index, puzzle, input.moves[index - 1]));
}

function checkMove(
  move: DebriefMove,
  index: number,
  puzzle: Grid,
  previous: DebriefMove | undefined,
): void {
  const where = `debrief: moves[${index}]`;
  if (!Number.isInteger(move.cell) || move.cell < 0 || move.cell >= CELLS)
    throw new Error(`${where}.cell: expected 0..80, got ${move.cell}`);
  if (!Number.isInteger(move.digit) || move.digit < 0 || move.digit > 9)
    throw new Error(`${where}.digit: expected 0..9, got ${move.digit}`);
  if (!Number.isFinite(move.at) || move.at < 0)
    throw new Error(`${where}.at: expected ms since the start, got ${move.at}`);
  if (previous !== undefined && move.at < previous.at)
    throw new Error(
      `${where}.at: ${move.at} is before moves[${index - 1}].at (${previous.at}): moves must be in time order`,
    );
  if (puzzle[move.cell] !== 0) throw new Error(`${where}.cell: ${move.cell} is a given`);
}
