/**
 * The solve's move log: every change of a cell's entry with the stopwatch's time, found by
 * comparing the entries before and after each change (typing, the pad, undo, reset, a hint's
 * placement all count alike). Pure, so a test can replay a game.
 */
import { judgeMove, mistakesIn } from '@percent/protocol/rules';
import type { SolveMove, SolveRecord } from '../../state/solve-record.ts';

/** The entries of a board as 81 characters, `0` for an empty cell. */
export const entriesKey = (entries: ArrayLike<number>): string => Array.from(entries).join('');

/** The moves from `before` to `after` (entries strings), at `at` ms, in cell order. */
export function movesBetween(
  before: string,
  after: string,
  solution: string,
  at: number,
): SolveMove[] {
  const moves: SolveMove[] = [];
  for (let cell = 0; cell < 81; cell++) {
    if (before[cell] === after[cell]) continue;
    const digit = Number(after[cell] ?? 0);
    moves.push({ at: Math.round(at), cell, digit, verdict: judgeMove(solution, cell, digit) });
  }
  return moves;
}

/** Wrong digits entered (each counts, even when fixed later; the same one in the same cell once). */
export const mistakesOf = (moves: readonly SolveMove[]): number => mistakesIn(moves);

export type SolveSource = SolveRecord['source'];
