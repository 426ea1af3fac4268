import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { createGame } from './game.ts';
import { dispatch } from './store.ts';

const fresh = () => signal(createGame({ variant: 'percent', givens: new Uint8Array(81) }));

describe('dispatch', () => {
  it('reports every changed entry, including those an undo brings back', () => {
    const game = fresh();
    const sent: [number, number][] = [];
    const onEnter = (cell: number, digit: number) => sent.push([cell, digit]);
    dispatch(game, { type: 'select', cells: [3, 4] }, onEnter);
    dispatch(game, { type: 'input', digit: 6 }, onEnter);
    dispatch(game, { type: 'undo' }, onEnter);
    expect(sent).toEqual([
      [3, 6],
      [4, 6],
      [3, 0],
      [4, 0],
    ]);
  });

  it('lets a read-only board select but not write', () => {
    const game = fresh();
    dispatch(game, { type: 'select', cells: [7] }, undefined, true);
    dispatch(game, { type: 'input', digit: 2 }, undefined, true);
    expect(game.value.selection).toEqual([7]);
    expect(game.value.marks.entries[7]).toBe(0);
  });
});
