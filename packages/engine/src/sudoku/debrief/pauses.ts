import { createState } from '../logic/candidates.ts';
import { isFull } from '../logic/solve.ts';
import { findStep } from '../logic/techniques.ts';
import type { CellIndex, Digit, Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { stepNote } from './notes.ts';
import type { Moment } from './replay.ts';
import type { PauseNote } from './types.ts';

/** A long gap: from the moment it opens (the board then) to the next entry or the end. */
export interface Gap {
  readonly from: Moment;
  readonly to: number;
}

/**
 * Every gap of at least `pauseMs`: from the start to the first entry, between consecutive
 * entries, and from the last entry to `endMs` while the board is not full (a player who
 * stalls until the time runs out paused too).
 */
export function longGaps(moments: readonly Moment[], endMs: number, pauseMs: number): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 0; i < moments.length; i++) {
    const from = moments[i]!;
    const next = moments[i + 1];
    if (next === undefined && isFull(from.board)) break;
    const to = next?.at ?? Math.max(endMs, from.at);
    if (to - from.at >= pauseMs) gaps.push({ from, to });
  }
  return gaps;
}

/**
 * The pause with the easiest step a person could take on the board it opened with, reasoning
 * from the facts (a wrong digit shown is not one), and the wrong digits shown then, if any.
 */
export function pauseNote(gap: Gap, variant: Variant): PauseNote {
  const { at, board, shown } = gap.from;
  const step = isFull(board) ? undefined : findStep(createState(board, variant));
  const note: PauseNote = {
    from: at,
    to: gap.to,
    ms: gap.to - at,
    step: step ? stepNote(variant, step) : null,
  };
  const wrongShown = wrongDigits(board, shown);
  return wrongShown.length === 0 ? note : { ...note, wrongShown };
}

/** The cells showing a digit that is not a fact, with that digit. */
function wrongDigits(board: Grid, shown: Grid): { cell: CellIndex; digit: Digit }[] {
  const out: { cell: CellIndex; digit: Digit }[] = [];
  for (let cell = 0; cell < board.length; cell++)
    if (shown[cell] !== board[cell]) out.push({ cell, digit: shown[cell]! });
  return out;
}
