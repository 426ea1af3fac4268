import { describeConflict, findConflicts } from '../../sudoku/check.ts';
import { parseGrid, type Grid } from '../../sudoku/grid.ts';
import type { Variant } from '../../sudoku/variant.ts';

/** A puzzle line checked: a grid whose givens agree with the rules, or why not. */
export type CheckedPuzzle =
  | { readonly ok: true; readonly grid: Grid }
  | {
      readonly ok: false;
      readonly reason: string;
      /** 1-based column in the line of the offending character or cell, when there is one. */
      readonly column: number | undefined;
    };

/**
 * Parses one line (`parseGrid`'s message on failure) and rejects givens that already break a
 * rule of the variant, naming the house (`describeConflict`) and pointing at the later of
 * the clashing cells.
 */
export function checkPuzzle(text: string, variant: Variant): CheckedPuzzle {
  const parsed = parseGrid(text);
  if (!parsed.ok) {
    const { position, message } = parsed.error;
    return {
      ok: false,
      reason: message,
      // `position` counts from the start of `text`, leading whitespace included.
      column: position >= 0 ? position + 1 : undefined,
    };
  }
  if (!hasDuplicate(variant, parsed.grid)) return parsed;
  const conflict = findConflicts(variant, parsed.grid)[0]!;
  const indent = text.length - text.trimStart().length;
  return {
    ok: false,
    reason: `givens conflict: ${describeConflict(conflict)}`,
    column: indent + Math.max(...conflict.cells) + 1,
  };
}

/**
 * Whether any house holds a digit twice: a bit mask per house, no allocation. Solving a
 * million puzzles calls this a million times; `findConflicts` then describes the rare hit.
 */
function hasDuplicate(variant: Variant, grid: Grid): boolean {
  for (const house of variant.houses) {
    let seen = 0;
    for (const cell of house.cells) {
      const bit = (1 << grid[cell]!) & ~1;
      if ((seen & bit) !== 0) return true;
      seen |= bit;
    }
  }
  return false;
}

/** `where:column` when the column is known. */
export function located(where: string, column: number | undefined): string {
  return column === undefined ? where : `${where}:${column}`;
}
