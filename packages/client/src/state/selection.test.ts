import { describe, expect, it } from 'vitest';
import { moveCursor, selectCells } from './selection.ts';

const at = (selection: number[], cursor: number) => ({ selection, cursor });

describe('selection', () => {
  it('replaces or extends the selection without duplicates; the last cell is the cursor', () => {
    expect(selectCells(at([1, 2], 2), [5, 6], false)).toEqual(at([5, 6], 6));
    expect(selectCells(at([1, 2], 2), [2, 3], true)).toEqual(at([1, 2, 3], 3));
  });

  it('ignores cells off the board', () => {
    expect(selectCells(at([], 40), [-1, 81, 1.5], false)).toEqual(at([], 40));
  });

  it('moves by one cell and wraps at the edges', () => {
    expect(moveCursor(at([0], 0), 'left', false)).toEqual(at([8], 8));
    expect(moveCursor(at([0], 0), 'up', false)).toEqual(at([72], 72));
    expect(moveCursor(at([80], 80), 'right', false)).toEqual(at([72], 72));
    expect(moveCursor(at([10], 10), 'down', false)).toEqual(at([19], 19));
  });

  it('extends the selection while moving with a modifier', () => {
    expect(moveCursor(at([10], 10), 'right', true)).toEqual(at([10, 11], 11));
  });

  it('selects the cursor cell on the first arrow press when nothing is selected', () => {
    expect(moveCursor(at([], 40), 'up', false)).toEqual(at([40], 40));
  });
});
