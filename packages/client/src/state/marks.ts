import { CELLS, type CellIndex, type Digit, type Grid } from '@percent/engine';

/**
 * What the player has written on the board, apart from the givens: entered digits, the two
 * kinds of pencil mark and cell colours. Marks and colours are bit sets over 1..9 (bit d set =
 * digit d marked, colour d painted; see colours.ts for the palette). Colours stay on the
 * device: they are never sent to a server. Values are treated as immutable: every change copies.
 */
export interface Marks {
  readonly entries: Grid;
  readonly corner: Uint16Array;
  readonly centre: Uint16Array;
  readonly colours: Uint16Array;
}

/** The bit-set layers of Marks (everything but the entries). */
export const MARK_LAYERS = ['corner', 'centre', 'colours'] as const;

export const emptyMarks = (): Marks => ({
  entries: new Uint8Array(CELLS),
  corner: new Uint16Array(CELLS),
  centre: new Uint16Array(CELLS),
  colours: new Uint16Array(CELLS),
});

export const copyMarks = (m: Marks): Marks => ({
  entries: m.entries.slice(),
  corner: m.corner.slice(),
  centre: m.centre.slice(),
  colours: m.colours.slice(),
});

const sameArray = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

export const sameMarks = (a: Marks, b: Marks): boolean =>
  sameArray(a.entries, b.entries) && MARK_LAYERS.every((layer) => sameArray(a[layer], b[layer]));

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
