import { describe, expect, it } from 'vitest';
import { entriesKey, mistakesOf, movesBetween } from './recorder.ts';

const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const EMPTY = '0'.repeat(81);
const withCell = (base: string, cell: number, digit: string) =>
  base.slice(0, cell) + digit + base.slice(cell + 1);

describe('the solve recorder', () => {
  it('records a typed digit with its verdict and the stopwatch time', () => {
    const after = withCell(EMPTY, 4, '7');
    expect(movesBetween(EMPTY, after, SOLUTION, 1234.6)).toEqual([
      { at: 1235, cell: 4, digit: 7, verdict: 'correct' },
    ]);
    expect(movesBetween(EMPTY, withCell(EMPTY, 4, '2'), SOLUTION, 10)).toEqual([
      { at: 10, cell: 4, digit: 2, verdict: 'wrong' },
    ]);
  });

  it('records a clear, and several cells changed at once (a reset) in cell order', () => {
    const two = withCell(withCell(EMPTY, 9, '6'), 2, '4');
    expect(movesBetween(two, EMPTY, SOLUTION, 50)).toEqual([
      { at: 50, cell: 2, digit: 0, verdict: 'cleared' },
      { at: 50, cell: 9, digit: 0, verdict: 'cleared' },
    ]);
    expect(movesBetween(two, two, SOLUTION, 60)).toEqual([]);
  });

  it('keys entries as digits and counts mistakes', () => {
    expect(entriesKey(new Uint8Array([1, 0, 9]))).toBe('109');
    const moves = movesBetween(EMPTY, withCell(withCell(EMPTY, 0, '1'), 1, '3'), SOLUTION, 5);
    expect(mistakesOf(moves)).toBe(1);
  });
});
