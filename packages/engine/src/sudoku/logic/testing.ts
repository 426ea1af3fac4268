import { cellAt, CELLS, type CellIndex, type Digit } from '../grid.ts';
import { getVariant, type VariantIdName } from '../variant.ts';
import { bit, createState, type LogicState } from './candidates.ts';

/** `R3C4` → cell index. */
export function cell(name: string): CellIndex {
  const match = /^R(\d)C(\d)$/.exec(name);
  if (!match) throw new Error(`not a cell name: ${name}`);
  return cellAt(Number(match[1]) - 1, Number(match[2]) - 1);
}

/** An empty board's state (every candidate open) in the variant. */
export function emptyState(variant: VariantIdName = 'classic'): LogicState {
  return createState(new Uint8Array(CELLS), getVariant(variant));
}

/** Leaves `cell` with exactly these candidates. */
export function restrict(state: LogicState, name: string, digits: readonly Digit[]): void {
  state.cands[cell(name)] = digits.reduce((mask, d) => mask | bit(d), 0);
}

/** Removes `digit` from every cell of `names`. */
export function remove(state: LogicState, digit: Digit, names: readonly string[]): void {
  for (const name of names) state.cands[cell(name)]! &= ~bit(digit);
}

/** Names of the cells in a row (1-based), except those listed. */
export const rowCells = (row: number, except: readonly number[] = []): string[] =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((c) => !except.includes(c)).map((c) => `R${row}C${c}`);

/** Names of the cells in a column (1-based), except those listed. */
export const colCells = (col: number, except: readonly number[] = []): string[] =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((r) => !except.includes(r)).map((r) => `R${r}C${col}`);
