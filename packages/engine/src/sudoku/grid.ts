/**
 * The 9×9 board. Cells are numbered 0..80 row by row; digits are 1..9 and 0 is a blank.
 * Text form: 81 characters, `1`–`9` for givens, `0` or `.` for blanks.
 */

/** A cell's index, 0..80, row-major. */
export type CellIndex = number;
/** A digit 1..9 (0 where a blank is allowed). */
export type Digit = number;
/** 81 cells, 0 for blank. */
export type Grid = Uint8Array;

export const SIZE = 9;
export const CELLS = 81;
export const DIGITS: readonly Digit[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** 0-based row of a cell. */
export const rowOf = (cell: CellIndex): number => Math.floor(cell / SIZE);
/** 0-based column of a cell. */
export const colOf = (cell: CellIndex): number => cell % SIZE;
/** 0-based box (3×3 block) of a cell, row-major. */
export const boxOf = (cell: CellIndex): number =>
  Math.floor(rowOf(cell) / 3) * 3 + Math.floor(colOf(cell) / 3);
/** The cell at 0-based row and column. */
export const cellAt = (row: number, col: number): CellIndex => row * SIZE + col;
/** The usual human name, 1-based: `R3C4`. */
export const cellName = (cell: CellIndex): string => `R${rowOf(cell) + 1}C${colOf(cell) + 1}`;

export interface GridError {
  /** 0-based position in the text, or −1 when the length is wrong. */
  readonly position: number;
  readonly message: string;
}

export type GridParse =
  { readonly ok: true; readonly grid: Grid } | { readonly ok: false; readonly error: GridError };

/** Parses 81 characters; surrounding whitespace is ignored. */
export function parseGrid(text: string): GridParse {
  const body = text.trim();
  const start = text.length - text.trimStart().length;
  if (body.length !== CELLS) {
    return {
      ok: false,
      error: { position: -1, message: `expected 81 cells, found ${body.length} characters` },
    };
  }
  const grid = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const ch = body.charCodeAt(i);
    if (ch >= 49 && ch <= 57) grid[i] = ch - 48;
    else if (ch !== 48 && ch !== 46) {
      const message = `unexpected character "${body[i]}" at position ${start + i + 1} (${cellName(i)}): expected 1-9, 0 or .`;
      return { ok: false, error: { position: start + i, message } };
    }
  }
  return { ok: true, grid };
}

/** 81 characters, blanks as `blank` (default `.`). */
export function formatGrid(grid: Grid, blank = '.'): string {
  let out = '';
  for (let i = 0; i < CELLS; i++) out += grid[i] === 0 ? blank : String(grid[i]);
  return out;
}

/** Number of filled cells. */
export function countGivens(grid: Grid): number {
  let n = 0;
  for (let i = 0; i < CELLS; i++) if (grid[i] !== 0) n++;
  return n;
}
