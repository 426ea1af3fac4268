/**
 * One move of a daily attempt, judged on arrival against the solution, as a race's moves are.
 * Pure: the attempt as stored, the move and the server's clock give the verdict.
 */
import { cellName, type CellIndex } from '@percent/engine';
import {
  DailyErrorCode,
  isTooFast,
  judgeMove,
  MAX_DAILY_MS,
  mistakesIn,
  type DailyAttemptMoveView,
  type DailyErrorCodeName,
  type DailyMovePayload,
} from '@percent/protocol';
import type { DailyAttempt } from '../store/daily-store.ts';

export type Judged =
  /** A new move: the attempt's moves with it, and whether it solved the board. */
  | { readonly kind: 'new'; readonly moves: DailyAttemptMoveView[]; readonly solved: boolean }
  /** A `seq` already judged, sent again with the same move (a retry): its first answer. */
  | { readonly kind: 'again'; readonly move: DailyAttemptMoveView }
  | {
      readonly kind: 'refused';
      readonly status: number;
      readonly code: DailyErrorCodeName;
      readonly message: string;
    };

/**
 * The attempt's move `payload` arriving at `now` (epoch ms): the next `seq` only, never a given,
 * not after the solve nor past `MAX_DAILY_MS`. Its time is the server's since the start.
 */
export function judgeAttemptMove(
  puzzle: string,
  solution: string,
  attempt: DailyAttempt,
  payload: DailyMovePayload,
  now: number,
): Judged {
  const { seq, cell, digit } = payload;
  const next = attempt.moves.length;
  if (seq < next) {
    const judged = attempt.moves[seq]!;
    if (judged.cell === cell && judged.digit === digit) return { kind: 'again', move: judged };
    return refuse(
      409,
      DailyErrorCode.moveOutOfOrder,
      `seq: ${seq} was another move; next: ${next}`,
    );
  }
  if (attempt.finishedAt !== null)
    return refuse(409, DailyErrorCode.attemptFinished, 'the attempt is solved: start another');
  if (seq > next) return refuse(409, DailyErrorCode.moveOutOfOrder, `seq: ${seq}; next: ${next}`);
  const at = now - attempt.startedAt;
  if (at > MAX_DAILY_MS)
    return refuse(409, DailyErrorCode.attemptExpired, 'the attempt began more than 24 h ago');
  if (puzzle[cell] !== '0')
    return refuse(422, DailyErrorCode.givenCell, `cell: ${cellName(cell as CellIndex)} is a given`);
  const move = { seq, cell, digit, at: Math.max(0, at), verdict: judgeMove(solution, cell, digit) };
  const moves = [...attempt.moves, move];
  return { kind: 'new', moves, solved: boardOf(puzzle, moves) === solution };
}

/** The givens with the last digit entered in each cell (0 clears it). */
export function boardOf(puzzle: string, moves: readonly DailyAttemptMoveView[]): string {
  const board = [...puzzle];
  for (const { cell, digit } of moves) board[cell] = String(digit);
  return board.join('');
}

/** A solved attempt's figures: the last move's time, its mistakes, whether a person made it. */
export function summaryOf(moves: readonly DailyAttemptMoveView[], humanFloorMs: number) {
  const right = moves.filter((m) => m.verdict === 'correct').map((m) => m.at);
  return {
    timeMs: moves.at(-1)?.at ?? 0,
    mistakes: mistakesIn(moves),
    tooFast: isTooFast(right, humanFloorMs),
  };
}

const refuse = (status: number, code: DailyErrorCodeName, message: string): Judged => ({
  kind: 'refused',
  status,
  code,
  message,
});
