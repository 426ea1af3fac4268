import { cellAt, colOf, rowOf, SIZE, type CellIndex } from '@percent/engine';

export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

interface Selectable {
  readonly selection: readonly CellIndex[];
  readonly cursor: CellIndex;
}

const DELTA: Record<Direction, readonly [number, number]> = {
  up: [-1, 0],
  down: [1, 0],
  left: [0, -1],
  right: [0, 1],
};

/** Replaces the selection with `cells`, or adds them; the last cell becomes the cursor. */
export function selectCells<S extends Selectable>(
  state: S,
  cells: readonly CellIndex[],
  add: boolean,
): S {
  const valid = cells.filter((c) => Number.isInteger(c) && c >= 0 && c < SIZE * SIZE);
  const last = valid[valid.length - 1];
  if (last === undefined) return add ? state : { ...state, selection: [] };
  const base = add ? state.selection : [];
  const seen = new Set(base);
  const selection = [...base];
  for (const c of valid) {
    if (seen.has(c)) continue;
    seen.add(c);
    selection.push(c);
  }
  return { ...state, selection, cursor: last };
}

/**
 * Moves the cursor one cell, wrapping at the edges as SudokuPad does. Without `extend` the
 * selection becomes the new cell; with it the new cell is added.
 */
export function moveCursor<S extends Selectable>(
  state: S,
  direction: Direction,
  extend: boolean,
): S {
  const [dr, dc] = DELTA[direction];
  // With nothing selected the first arrow press selects the cursor where it is.
  if (state.selection.length === 0) return selectCells(state, [state.cursor], false);
  const row = (rowOf(state.cursor) + dr + SIZE) % SIZE;
  const col = (colOf(state.cursor) + dc + SIZE) % SIZE;
  return selectCells(state, [cellAt(row, col)], extend);
}
