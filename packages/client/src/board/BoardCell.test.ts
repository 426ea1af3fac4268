import { describe, expect, it } from 'vitest';
import { createGame, reduce, setVerdict, type Action, type GameState } from '../state/game.ts';
import { sameCell, type BoardCellProps } from './BoardCell.tsx';

const start = createGame({ variant: 'percent', givens: new Uint8Array(81) });
const act = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, a) => reduce(s, a).state, state);
const props = (state: GameState, cell: number, extra: Partial<BoardCellProps> = {}) => ({
  id: `board-c${cell}`,
  state,
  cell,
  conflict: false,
  selected: false,
  lang: 'en' as const,
  ...extra,
});

describe('sameCell (a key press renders only the cells it changed)', () => {
  const typed = act(start, { type: 'select', cells: [10] }, { type: 'input', digit: 7 });

  it('skips a cell whose content stayed the same while another cell changed', () => {
    expect(sameCell(props(start, 11), props(typed, 11))).toBe(true);
  });

  it('renders the cell whose entry, marks, colours or verdict changed', () => {
    expect(sameCell(props(start, 10), props(typed, 10))).toBe(false);
    const corner = act(
      start,
      { type: 'select', cells: [10] },
      { type: 'input', digit: 3, mode: 'corner' },
    );
    expect(sameCell(props(start, 10), props(corner, 10))).toBe(false);
    const colour = act(
      start,
      { type: 'select', cells: [10] },
      { type: 'input', digit: 2, mode: 'colour' },
    );
    expect(sameCell(props(start, 10), props(colour, 10))).toBe(false);
    expect(sameCell(props(typed, 10), props(setVerdict(typed, 10, 'wrong'), 10))).toBe(false);
  });

  it('renders a cell again when its conflict, selection or the language changes', () => {
    expect(sameCell(props(start, 5), props(start, 5, { conflict: true }))).toBe(false);
    expect(sameCell(props(start, 5), props(start, 5, { selected: true }))).toBe(false);
    expect(sameCell(props(start, 5), props(start, 5, { lang: 'zh' }))).toBe(false);
  });
});
