import { describe, expect, it } from 'vitest';
import { createGame, reduce, setVerdict, type Action, type GameState } from '../state/game.ts';
import { cellLabel } from './CellContent.tsx';

const givens = new Uint8Array(81);
givens[0] = 5;
const run = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, a) => reduce(s, a).state, state);

describe('cellLabel', () => {
  it('reads a cell’s content, its verdict and then its colours, givens included', () => {
    let game = run(
      createGame({ variant: 'percent', givens }),
      { type: 'select', cells: [0, 1, 2] },
      { type: 'input', digit: 3, mode: 'colour' },
      { type: 'input', digit: 7, mode: 'colour' },
      { type: 'select', cells: [1] },
      { type: 'input', digit: 4 },
      { type: 'select', cells: [2] },
      { type: 'input', digit: 9, mode: 'corner' },
    );
    game = setVerdict(game, 1, 'wrong');
    expect(cellLabel(game, 0, false)).toBe('Row 1, column 1, given 5, coloured orange blue');
    expect(cellLabel(game, 1, true)).toBe(
      'Row 1, column 2, 4, wrong, coloured orange blue, conflict',
    );
    expect(cellLabel(game, 2, false)).toBe('Row 1, column 3, corner marks 9, coloured orange blue');
    expect(cellLabel(game, 3, false)).toBe('Row 1, column 4, empty');
  });
});
