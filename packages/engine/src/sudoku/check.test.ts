/** Judging a board: which duplicates are found, where, how they are told, and what is solved. */
import { describe, expect, it } from 'vitest';
import { conflictsAt, describeConflict, findConflicts, isSolved, type Conflict } from './check.ts';
import { cellAt, CELLS, type Grid } from './grid.ts';
import {
  CLASSIC_PUZZLE,
  CLASSIC_SOLUTION,
  grid,
  PERCENT_SOLUTION,
  swapCells,
} from './testing/fixtures.ts';
import { getVariant } from './variant.ts';

const classic = getVariant('classic');
const percent = getVariant('percent');

/** An otherwise empty board with `digit` at each 1-based (row, column). */
function board(digit: number, ...at: (readonly [number, number])[]): Grid {
  const g = new Uint8Array(CELLS);
  for (const [r, c] of at) g[cellAt(r - 1, c - 1)] = digit;
  return g;
}

/** The parts of a conflict a player sees: house kind and name, digit, cells. */
const shape = (c: Conflict) => ({
  kind: c.house.kind,
  name: c.house.name,
  digit: c.digit,
  cells: c.cells,
});

describe('findConflicts', () => {
  it('finds nothing on an empty board, a valid puzzle or a solution', () => {
    for (const variant of [classic, percent]) {
      expect(findConflicts(variant, new Uint8Array(CELLS))).toEqual([]);
      expect(findConflicts(variant, grid(PERCENT_SOLUTION))).toEqual([]);
    }
    expect(findConflicts(classic, grid(CLASSIC_PUZZLE))).toEqual([]);
  });

  it.each([
    ['row', 'row 1', [1, 1], [1, 5]],
    ['column', 'column 1', [1, 1], [5, 1]],
    ['box', 'box 1', [1, 1], [2, 2]],
    ['anti-diagonal', 'anti-diagonal', [1, 9], [9, 1]],
    ['window', 'upper window', [2, 2], [4, 4]],
    ['window', 'lower window', [6, 6], [8, 8]],
  ] as const)('reports a %s duplicate (%s) with its cells', (kind, name, a, b) => {
    const g = board(7, a, b);
    const cells = [cellAt(a[0] - 1, a[1] - 1), cellAt(b[0] - 1, b[1] - 1)];
    expect(findConflicts(percent, g).map(shape)).toEqual([{ kind, name, digit: 7, cells }]);
  });

  it('ignores the percent houses in classic sudoku', () => {
    expect(findConflicts(classic, board(7, [1, 9], [9, 1]))).toEqual([]);
    expect(findConflicts(classic, board(7, [2, 2], [4, 4]))).toEqual([]);
    expect(findConflicts(classic, board(7, [6, 6], [8, 8]))).toEqual([]);
  });

  it('reports one duplicate in every house it breaks, in house order', () => {
    // R2C2 and R3C3 share box 1 and the upper window, nothing else.
    const conflicts = findConflicts(percent, board(4, [2, 2], [3, 3]));
    expect(conflicts.map((c) => c.house.name)).toEqual(['box 1', 'upper window']);
    // R1C1, R1C4 and R1C7 hold 5: one row conflict with all three cells.
    const row = findConflicts(classic, board(5, [1, 1], [1, 4], [1, 7]));
    expect(row.map(shape)).toEqual([{ kind: 'row', name: 'row 1', digit: 5, cells: [0, 3, 6] }]);
  });

  it('finds the conflicts of a swapped pair in a solution', () => {
    // Swapping R1C1 (5) with R1C2 (3) breaks column 1 and column 2 for 3 and 5.
    const conflicts = findConflicts(classic, swapCells(grid(CLASSIC_SOLUTION), 0, 1));
    expect(conflicts.map((c) => `${c.house.name}:${c.digit}`).sort()).toEqual([
      'column 1:3',
      'column 2:5',
    ]);
  });
});

describe('describeConflict', () => {
  it('names the digit, how often, the house and the cells', () => {
    const [window] = findConflicts(percent, board(7, [2, 2], [4, 3]));
    expect(describeConflict(window!)).toBe('7 appears twice in the upper window: R2C2, R4C3');
    const [diagonal] = findConflicts(percent, board(2, [1, 9], [5, 5], [9, 1]));
    expect(describeConflict(diagonal!)).toBe(
      '2 appears 3 times in the anti-diagonal: R1C9, R5C5, R9C1',
    );
    const [row] = findConflicts(classic, board(5, [1, 1], [1, 5]));
    expect(describeConflict(row!)).toMatch(/^5 appears twice in (the )?row 1: R1C1, R1C5$/);
    const [box] = findConflicts(classic, board(9, [7, 7], [9, 9]));
    expect(describeConflict(box!)).toMatch(/^9 appears twice in (the )?box 9: R7C7, R9C9$/);
  });
});

describe('conflictsAt', () => {
  it('lists the houses a new digit would break, the new cell first', () => {
    const g = board(7, [2, 2]);
    const conflicts = conflictsAt(percent, g, cellAt(3, 3), 7);
    expect(conflicts.map(shape)).toEqual([
      { kind: 'window', name: 'upper window', digit: 7, cells: [cellAt(3, 3), cellAt(1, 1)] },
    ]);
    expect(conflictsAt(classic, g, cellAt(3, 3), 7)).toEqual([]);
    expect(conflictsAt(percent, g, cellAt(3, 3), 6)).toEqual([]);
  });

  it('agrees with findConflicts on the board with the digit placed', () => {
    const g = grid(CLASSIC_PUZZLE);
    const cell = 2; // R1C3, blank; 5 and 3 are in its row
    const after = Uint8Array.from(g);
    after[cell] = 5;
    expect(conflictsAt(classic, g, cell, 5).map((c) => c.house.name)).toEqual(
      findConflicts(classic, after).map((c) => c.house.name),
    );
  });
});

describe('isSolved', () => {
  it('accepts a full valid grid and rejects blanks or duplicates', () => {
    expect(isSolved(classic, grid(CLASSIC_SOLUTION))).toBe(true);
    expect(isSolved(classic, grid(CLASSIC_PUZZLE))).toBe(false);
    expect(isSolved(classic, swapCells(grid(CLASSIC_SOLUTION), 0, 1))).toBe(false);
    const oneBlank = grid(CLASSIC_SOLUTION);
    oneBlank[40] = 0;
    expect(isSolved(classic, oneBlank)).toBe(false);
  });

  it('holds a percent solution to the percent houses', () => {
    expect(isSolved(percent, grid(PERCENT_SOLUTION))).toBe(true);
    expect(isSolved(classic, grid(PERCENT_SOLUTION))).toBe(true);
    // The classic example's solution repeats a digit on the anti-diagonal or in a window.
    expect(isSolved(percent, grid(CLASSIC_SOLUTION))).toBe(false);
    expect(findConflicts(percent, grid(CLASSIC_SOLUTION)).length).toBeGreaterThan(0);
  });
});
