import { CELLS, type CellIndex, type Digit, type Grid } from '@percent/engine';

/**
 * What the player has written on the board, apart from the givens: entered digits and the
 * two kinds of pencil mark. Marks are bit sets over the digits (bit d set = digit d marked).
 * Values are treated as immutable: every change copies.
 */
export interface Marks {
  readonly entries: Grid;
  readonly corner: Uint16Array;
  readonly centre: Uint16Array;
}

export const emptyMarks = (): Marks => ({
  entries: new Uint8Array(CELLS),
  corner: new Uint16Array(CELLS),
  centre: new Uint16Array(CELLS),
});

export const copyMarks = (m: Marks): Marks => ({
  entries: m.entries.slice(),
  corner: m.corner.slice(),
  centre: m.centre.slice(),
});

const sameArray = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

export const sameMarks = (a: Marks, b: Marks): boolean =>
  sameArray(a.entries, b.entries) && sameArray(a.corner, b.corner) && sameArray(a.centre, b.centre);

export const hasMark = (bits: number, digit: Digit): boolean => (bits & (1 << digit)) !== 0;

/** The digits of a mark bit set, ascending. */
export function markDigits(bits: number): Digit[] {
  const out: Digit[] = [];
  for (let d = 1; d <= 9; d++) if (hasMark(bits, d)) out.push(d);
  return out;
}

/** Givens with the player's entries on top: the grid the rules are checked on. */
export function combine(givens: Grid, entries: Grid): Grid {
  const grid = givens.slice();
  for (let i = 0; i < CELLS; i++) if (grid[i] === 0) grid[i] = entries[i]!;
  return grid;
}

/** Cells whose entry differs between two boards. */
export function changedEntries(before: Grid, after: Grid): CellIndex[] {
  const out: CellIndex[] = [];
  for (let i = 0; i < CELLS; i++) if (before[i] !== after[i]) out.push(i);
  return out;
}
