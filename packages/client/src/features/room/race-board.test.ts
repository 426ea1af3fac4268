import { describe, expect, it } from 'vitest';
import { reduce, setVerdict, type Action, type GameState, type Verdict } from '../../state/game.ts';
import { mergeSaved, raceGame, reconcile } from './race-board.ts';

const puzzle = '5' + '0'.repeat(80);
const withDigit = (board: string, cell: number, digit: number) =>
  board.slice(0, cell) + String(digit) + board.slice(cell + 1);

describe('race board', () => {
  it('reads givens and confirmed digits from the snapshot', () => {
    const game = raceGame('percent', puzzle, withDigit(puzzle, 10, 7))!;
    expect(game.givens[0]).toBe(5);
    expect(game.marks.entries[10]).toBe(7);
    expect(game.verdicts[10]).toBe('confirmed');
    expect(raceGame('percent', puzzle, null)?.marks.entries.every((d) => d === 0)).toBe(true);
  });

  it('reports a malformed board instead of reading it as blanks', () => {
    expect(raceGame('percent', 'x'.repeat(81), null)).toBeUndefined();
    expect(raceGame('percent', puzzle, puzzle.slice(1))).toBeUndefined();
    expect(reconcile(raceGame('percent', puzzle, puzzle)!, 'x'.repeat(81), () => false)).toBe(
      undefined,
    );
  });

  it('takes digits the server confirmed while we were away, leaving pending cells alone', () => {
    const game = raceGame('percent', puzzle, puzzle)!;
    const own = withDigit(withDigit(puzzle, 3, 4), 9, 2);
    const next = reconcile(game, own, (cell) => cell === 9)!;
    expect(next.marks.entries[3]).toBe(4);
    expect(next.verdicts[3]).toBe('confirmed');
    expect(next.marks.entries[9]).toBe(0);
  });

  it('keeps a refused entry shown as wrong and changes nothing when already in line', () => {
    let game = raceGame('percent', puzzle, puzzle)!;
    game = { ...game, marks: { ...game.marks, entries: withEntry(game.marks.entries, 20, 8) } };
    game = setVerdict(game, 20, 'wrong');
    expect(reconcile(game, puzzle, () => false)).toBe(game);
  });
});

function withEntry(entries: Uint8Array, cell: number, digit: number): Uint8Array {
  const copy = entries.slice();
  copy[cell] = digit;
  return copy;
}

describe('a saved race board merged with the server snapshot', () => {
  /** The saved board: marks, a colour, entries in cells 10..13 with their verdicts. */
  const savedBoard = () => {
    let game = raceGame('percent', puzzle, puzzle)!;
    game = run(game, { type: 'select', cells: [30] }, { type: 'input', digit: 4, mode: 'corner' });
    game = run(game, { type: 'input', digit: 6, mode: 'centre' });
    game = run(game, { type: 'input', digit: 2, mode: 'colour' });
    const entries: [number, number, Verdict][] = [
      [10, 7, 'wrong'],
      [11, 3, 'pending'],
      [12, 8, 'confirmed'],
      [13, 9, 'wrong'],
    ];
    for (const [cell, digit, verdict] of entries) {
      game = run(game, { type: 'select', cells: [cell] }, { type: 'input', digit });
      game = setVerdict(game, cell, verdict);
    }
    return game;
  };

  it('keeps marks, colours, history and wrong entries; the server’s digits win', () => {
    const saved = savedBoard();
    // The server holds 5 in cell 13 (the saved wrong 9 was corrected on another tab) and
    // never confirmed the 8 of cell 12.
    const fresh = raceGame('percent', puzzle, withDigit(puzzle, 13, 5))!;
    const merged = mergeSaved(saved, fresh, (cell) => cell === 11)!;
    expect([10, 11, 12, 13].map((c) => merged.marks.entries[c])).toEqual([7, 3, 0, 5]);
    expect([10, 11, 12, 13].map((c) => merged.verdicts[c])).toEqual([
      'wrong',
      'pending',
      'none',
      'confirmed',
    ]);
    expect(merged.marks.corner[30]).toBe(1 << 4);
    expect(merged.marks.centre[30]).toBe(1 << 6);
    expect(merged.marks.colours[30]).toBe(1 << 2);
    expect(merged.past).toHaveLength(saved.past.length);
  });

  it('drops an unanswered entry whose move was not saved with it', () => {
    const merged = mergeSaved(savedBoard(), raceGame('percent', puzzle, puzzle)!, () => false)!;
    expect(merged.marks.entries[11]).toBe(0);
  });

  it('ignores a save of another puzzle', () => {
    const other = raceGame('percent', '6' + '0'.repeat(80), null)!;
    expect(mergeSaved(savedBoard(), other, () => false)).toBeUndefined();
  });
});

const run = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, a) => reduce(s, a).state, state);
