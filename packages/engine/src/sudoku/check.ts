import { cellName, type CellIndex, type Digit, type Grid } from './grid.ts';
import { houseLabel, type House, type Variant } from './variant.ts';

/** A digit that appears more than once in one house. */
export interface Conflict {
  readonly house: House;
  readonly digit: Digit;
  /** The cells of that house holding the digit (two or more). */
  readonly cells: readonly CellIndex[];
}

/** Every duplicate in every house of the variant, in house order. */
export function findConflicts(variant: Variant, grid: Grid): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const house of variant.houses) {
    const cellsByDigit = new Map<Digit, CellIndex[]>();
    for (const cell of house.cells) {
      const d = grid[cell]!;
      if (d === 0) continue;
      const list = cellsByDigit.get(d);
      if (list) list.push(cell);
      else cellsByDigit.set(d, [cell]);
    }
    for (const [digit, cells] of cellsByDigit)
      if (cells.length > 1) conflicts.push({ house, digit, cells });
  }
  return conflicts;
}

/** "7 appears twice in the upper window: R2C2, R4C3". */
export function describeConflict(conflict: Conflict): string {
  const times = conflict.cells.length === 2 ? 'twice' : `${conflict.cells.length} times`;
  return `${conflict.digit} appears ${times} in ${houseLabel(conflict.house)}: ${conflict.cells.map(cellName).join(', ')}`;
}

/** Conflicts that a digit placed in `cell` would cause, for judging one entry. */
export function conflictsAt(
  variant: Variant,
  grid: Grid,
  cell: CellIndex,
  digit: Digit,
): Conflict[] {
  const out: Conflict[] = [];
  for (const h of variant.housesOf[cell]!) {
    const house = variant.houses[h]!;
    const cells = house.cells.filter((c) => c !== cell && grid[c] === digit);
    if (cells.length > 0) out.push({ house, digit, cells: [cell, ...cells] });
  }
  return out;
}

/** True when every cell is filled and no house has a duplicate. */
export function isSolved(variant: Variant, grid: Grid): boolean {
  return grid.every((d) => d !== 0) && findConflicts(variant, grid).length === 0;
}
