import { parseGrid } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { createGame, reduce } from './game.ts';
import { loadGame, saveGame } from './persist.ts';

describe('saved games', () => {
  it('round-trips entries and marks through JSON', () => {
    const parsed = parseGrid('5' + '.'.repeat(80));
    if (!parsed.ok) throw new Error('bad grid');
    let game = createGame({ variant: 'classic', givens: parsed.grid });
    game = reduce(game, { type: 'select', cells: [1, 2] }).state;
    game = reduce(game, { type: 'input', digit: 3, mode: 'corner' }).state;
    game = reduce(game, { type: 'select', cells: [4] }).state;
    game = reduce(game, { type: 'input', digit: 9 }).state;
    const back = loadGame(JSON.parse(JSON.stringify(saveGame(game))));
    expect(back?.variant).toBe('classic');
    expect(back?.givens[0]).toBe(5);
    expect(back?.marks.entries[4]).toBe(9);
    expect(back?.marks.corner[2]).toBe(game.marks.corner[2]);
  });

  it('refuses data that is not a saved game', () => {
    expect(loadGame(null)).toBeUndefined();
    expect(loadGame({ variant: 'hexagonal' })).toBeUndefined();
    expect(
      loadGame({
        variant: 'classic',
        givens: '.'.repeat(81),
        entries: 'x',
        corner: [],
        centre: [],
      }),
    ).toBeUndefined();
  });
});
