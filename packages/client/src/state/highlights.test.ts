import { cellAt, getVariant } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { createGame, reduce, type GameState } from './game.ts';
import { highlightsOf } from './highlights.ts';

const blank = (variant: 'percent' | 'classic'): GameState =>
  createGame({ variant, givens: new Uint8Array(81) });

const select = (state: GameState, cell: number): GameState =>
  reduce(state, { type: 'select', cells: [cell] }).state;

describe('highlightsOf', () => {
  it('shades the anti-diagonal and the window of the selected cell in percent, not in classic', () => {
    const r2c2 = cellAt(1, 1);
    const percent = highlightsOf(select(blank('percent'), r2c2), getVariant('percent'));
    expect(percent.peers.has(cellAt(3, 3))).toBe(true); // R4C4: same upper window
    const onDiagonal = highlightsOf(select(blank('percent'), cellAt(0, 8)), getVariant('percent'));
    expect(onDiagonal.peers.has(cellAt(8, 0))).toBe(true); // R9C1: same anti-diagonal
    const classic = highlightsOf(select(blank('classic'), r2c2), getVariant('classic'));
    expect(classic.peers.has(cellAt(3, 3))).toBe(false);
  });

  it('marks every cell holding the selected cell’s digit', () => {
    let game = blank('classic');
    game = reduce(game, { type: 'select', cells: [0, 40] }).state;
    game = reduce(game, { type: 'input', digit: 6 }).state;
    const h = highlightsOf(select(game, 0), getVariant('classic'));
    expect([...h.sameDigit].sort((a, b) => a - b)).toEqual([0, 40]);
  });

  it('names the house of each conflict, windows included', () => {
    let game = blank('percent');
    game = reduce(game, { type: 'select', cells: [cellAt(1, 1), cellAt(3, 3)] }).state;
    game = reduce(game, { type: 'input', digit: 8 }).state;
    const h = highlightsOf(game, getVariant('percent'));
    expect(h.conflicts.map((c) => c.house.kind)).toEqual(['window']);
    expect(h.conflicting).toEqual(new Set([cellAt(1, 1), cellAt(3, 3)]));
  });

  it('highlights no peers when nothing is selected', () => {
    expect(highlightsOf(blank('percent'), getVariant('percent')).peers.size).toBe(0);
  });
});
