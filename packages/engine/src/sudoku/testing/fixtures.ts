/**
 * Shared fixtures for the sudoku tests: a few known puzzles inline (tests must not read
 * `../shared`) and seeded ways to derive more from solved grids. Used by tests only.
 */
import type { Rng } from '../../rng.ts';
import { findConflicts } from '../check.ts';
import { CELLS, DIGITS, parseGrid, type CellIndex, type Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';

/** The grid in `text`; throws with the parser's message, since a fixture must be valid. */
export function grid(text: string): Grid {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(`bad fixture: ${parsed.error.message}`);
  return parsed.grid;
}

/** Wikipedia's example classic puzzle (30 givens, one solution). */
export const CLASSIC_PUZZLE =
  '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
export const CLASSIC_SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';

/**
 * A minimal percent puzzle: 15 givens, one percent solution, and two or more classic ones.
 * Made with the engine (`randomSolvedGrid` seed "fixture-percent", dug out cell by cell while
 * `SudokuSat` counted one solution), so every given is needed.
 */
export const PERCENT_PUZZLE =
  '.5.....79.63.1........5..............................8921..8......2.5.........7..';
export const PERCENT_SOLUTION =
  '154823679263719854789456213812564397397182546546397128921678435478235961635941782';

/** A copy of `solution` with `blanks` distinct random cells blanked. */
export function blankRandomCells(solution: Grid, blanks: number, rng: Rng): Grid {
  const puzzle = Uint8Array.from(solution);
  const cells = Array.from({ length: CELLS }, (_, i) => i);
  for (let k = 0; k < blanks; k++) {
    const j = k + rng.int(CELLS - k);
    [cells[k], cells[j]] = [cells[j]!, cells[k]!];
    puzzle[cells[k]!] = 0;
  }
  return puzzle;
}

/**
 * A copy of `puzzle` with one blank filled by a digit other than the solution's there that
 * breaks no house directly, so only search can show the puzzle unsolvable. Undefined when
 * every blank's wrong digits all clash with a given.
 */
export function plantWrongGiven(
  variant: Variant,
  puzzle: Grid,
  solution: Grid,
  rng: Rng,
): Grid | undefined {
  const options: { cell: CellIndex; digit: number }[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    if (puzzle[cell] !== 0) continue;
    for (const digit of DIGITS) {
      if (digit === solution[cell]) continue;
      if (variant.peers[cell]!.every((peer) => puzzle[peer] !== digit))
        options.push({ cell, digit });
    }
  }
  if (options.length === 0) return undefined;
  const { cell, digit } = options[rng.int(options.length)]!;
  const planted = Uint8Array.from(puzzle);
  planted[cell] = digit;
  if (findConflicts(variant, planted).length > 0) throw new Error('internal: planted a clash');
  return planted;
}

/** A copy of `g` with the digits of cells `a` and `b` exchanged. */
export function swapCells(g: Grid, a: CellIndex, b: CellIndex): Grid {
  const out = Uint8Array.from(g);
  out[a] = g[b]!;
  out[b] = g[a]!;
  return out;
}

/** The cells where two grids differ. */
export function differingCells(a: Grid, b: Grid): CellIndex[] {
  const cells: CellIndex[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (a[cell] !== b[cell]) cells.push(cell);
  return cells;
}

/** True when `solution` holds every given of `puzzle`. */
export function agreesWithGivens(puzzle: Grid, solution: Grid): boolean {
  return puzzle.every((d, cell) => d === 0 || solution[cell] === d);
}
