import { describe, expect, it } from 'vitest';
import { setVerdict } from '../../state/game.ts';
import { raceGame, reconcile } from './race-board.ts';

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
