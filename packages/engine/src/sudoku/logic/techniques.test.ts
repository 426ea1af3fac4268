import { describe, expect, it } from 'vitest';
import { cellName, type CellIndex } from '../grid.ts';
import { findFish } from './fish.ts';
import { findLockedCandidates } from './intersections.ts';
import { findFullHouse, findHiddenSingle, findNakedSingle } from './singles.ts';
import { findHiddenSubset, findNakedSubset } from './subsets.ts';
import { cell, colCells, emptyState, remove, restrict, rowCells } from './testing.ts';
import type { CellDigit, Step } from './types.ts';
import { findXyWing } from './wings.ts';
import { createState } from './candidates.ts';
import { getVariant } from '../variant.ts';
import { parseGrid } from '../grid.ts';

const names = (cells: readonly CellIndex[]): string[] => cells.map(cellName);
const removed = (step: Step | undefined): string[] =>
  (step?.eliminations ?? [])
    .map(({ cell: c, digit }: CellDigit) => `${cellName(c)}-${digit}`)
    .sort();

describe('singles', () => {
  it('full house: the last blank of a row takes the missing digit', () => {
    const board = parseGrid('12345678.' + '.'.repeat(72));
    if (!board.ok) throw new Error(board.error.message);
    const step = findFullHouse(createState(board.grid, getVariant('classic')));
    expect(step?.placements).toEqual([{ cell: cell('R1C9'), digit: 9 }]);
    expect(step?.explanation).toBe('Full house: R1C9 is the last blank cell in row 1, so it is 9.');
  });

  it('hidden single in the upper window names the window', () => {
    const state = emptyState('percent');
    const window = ['R2C2', 'R2C3', 'R2C4', 'R3C2', 'R3C3', 'R4C2', 'R4C3', 'R4C4'];
    remove(state, 7, window);
    const step = findHiddenSingle(state);
    expect(step?.placements).toEqual([{ cell: cell('R3C4'), digit: 7 }]);
    expect(step?.explanation).toBe('Hidden single: 7 can go only in R3C4 within the upper window.');
  });

  it('hidden single prefers boxes, then rows', () => {
    const state = emptyState();
    remove(state, 4, rowCells(5, [9]));
    expect(findHiddenSingle(state)?.houses).toEqual([4]); // row 5 (index 4)
    remove(state, 2, ['R7C1', 'R7C2', 'R7C3', 'R8C1', 'R8C2', 'R8C3', 'R9C1', 'R9C2']);
    const step = findHiddenSingle(state);
    expect(step?.placements).toEqual([{ cell: cell('R9C3'), digit: 2 }]);
    expect(step?.explanation).toContain('within box 7');
  });

  it('naked single: a cell left with one candidate', () => {
    const state = emptyState();
    restrict(state, 'R5C5', [6]);
    const step = findNakedSingle(state);
    expect(step?.placements).toEqual([{ cell: cell('R5C5'), digit: 6 }]);
    expect(step?.explanation).toBe('Naked single: R5C5 sees every digit but 6, so it is 6.');
  });

  it('finds nothing on an open board', () => {
    const state = emptyState('percent');
    expect(findFullHouse(state)).toBeUndefined();
    expect(findHiddenSingle(state)).toBeUndefined();
    expect(findNakedSingle(state)).toBeUndefined();
    expect(findLockedCandidates(state)).toBeUndefined();
    for (const k of [2, 3, 4]) {
      expect(findNakedSubset(state, k)).toBeUndefined();
      expect(findHiddenSubset(state, k)).toBeUndefined();
    }
    expect(findFish(state, 2)).toBeUndefined();
    expect(findXyWing(state)).toBeUndefined();
  });
});

describe('locked candidates', () => {
  it('pointing: a box whose 5s lie in one row clears the rest of the row', () => {
    const state = emptyState();
    remove(state, 5, ['R2C1', 'R2C2', 'R2C3', 'R3C1', 'R3C2', 'R3C3']);
    const step = findLockedCandidates(state);
    expect(step?.technique).toBe('locked-candidates');
    expect(names(step!.cells)).toEqual(['R1C1', 'R1C2', 'R1C3']);
    expect(removed(step)).toEqual(
      rowCells(1, [1, 2, 3])
        .map((c) => `${c}-5`)
        .sort(),
    );
    expect(step?.explanation).toContain('in box 1, 5 can go only in R1C1, R1C2 and R1C3');
  });

  it('claiming: a row whose 5s lie in one box clears the rest of the box', () => {
    const state = emptyState();
    remove(state, 5, rowCells(1, [1, 2, 3]));
    const step = findLockedCandidates(state);
    expect(removed(step)).toEqual(
      ['R2C1', 'R2C2', 'R2C3', 'R3C1', 'R3C2', 'R3C3'].map((c) => `${c}-5`).sort(),
    );
  });

  it('works with the percent houses: window cells on the anti-diagonal', () => {
    const state = emptyState('percent');
    // The upper window's 3s confined to its bottom row, which is also part of row 4.
    remove(state, 3, ['R2C2', 'R2C3', 'R2C4', 'R3C2', 'R3C3', 'R3C4']);
    const step = findLockedCandidates(state);
    expect(step?.explanation).toContain(
      'in the upper window, 3 can go only in R4C2, R4C3 and R4C4',
    );
    expect(removed(step)).toContain('R4C9-3');
  });
});

describe('subsets', () => {
  it('naked pair in a row', () => {
    const state = emptyState();
    restrict(state, 'R1C1', [1, 2]);
    restrict(state, 'R1C5', [1, 2]);
    const step = findNakedSubset(state, 2);
    expect(step?.technique).toBe('naked-pair');
    expect(names(step!.cells)).toEqual(['R1C1', 'R1C5']);
    expect(removed(step)).toHaveLength(14); // 7 other cells × 2 digits
  });

  it('naked triple with cells missing one digit each', () => {
    const state = emptyState();
    restrict(state, 'R1C1', [1, 2]);
    restrict(state, 'R4C1', [2, 3]);
    restrict(state, 'R9C1', [1, 3]);
    const step = findNakedSubset(state, 3);
    expect(step?.technique).toBe('naked-triple');
    expect(step?.digits).toEqual([1, 2, 3]);
    expect(removed(step)).toContain('R5C1-3');
  });

  it("hidden pair: two digits confined to two cells lose the cells' other candidates", () => {
    const state = emptyState();
    remove(state, 3, rowCells(9, [2, 8]));
    remove(state, 4, rowCells(9, [2, 8]));
    const step = findHiddenSubset(state, 2);
    expect(step?.technique).toBe('hidden-pair');
    expect(names(step!.cells)).toEqual(['R9C2', 'R9C8']);
    expect(removed(step)).toHaveLength(14);
    expect(step?.explanation).toContain('in row 9, 3 and 4 can go only in R9C2 and R9C8');
  });
});

describe('fish and wings', () => {
  it('X-wing on rows clears the columns', () => {
    const state = emptyState();
    remove(state, 6, rowCells(1, [2, 7]));
    remove(state, 6, rowCells(5, [2, 7]));
    const step = findFish(state, 2);
    expect(step?.technique).toBe('x-wing');
    expect(names(step!.cells)).toEqual(['R1C2', 'R1C7', 'R5C2', 'R5C7']);
    const expected = [...colCells(2, [1, 5]), ...colCells(7, [1, 5])].map((c) => `${c}-6`);
    expect(removed(step)).toEqual(expected.sort());
  });

  it('swordfish on columns clears the rows', () => {
    const state = emptyState();
    remove(state, 8, colCells(1, [1, 4]));
    remove(state, 8, colCells(4, [4, 7]));
    remove(state, 8, colCells(7, [1, 7]));
    const step = findFish(state, 3);
    expect(step?.technique).toBe('swordfish');
    expect(removed(step)).toContain('R4C9-8');
    expect(removed(step)).not.toContain('R4C1-8');
  });

  it('XY-wing removes the shared digit from cells seeing both pincers', () => {
    const state = emptyState();
    restrict(state, 'R1C1', [1, 2]);
    restrict(state, 'R1C5', [1, 3]);
    restrict(state, 'R5C1', [2, 3]);
    const step = findXyWing(state);
    expect(step?.technique).toBe('xy-wing');
    expect(removed(step)).toEqual(['R5C5-3']);
    expect(step?.explanation).toContain('R1C1 is 1 or 2');
  });
});
