/**
 * Checking a posted daily solve by replaying its moves against the solution. Pure: the same
 * moves always give the same verdict.
 */
import { cellName, type CellIndex } from '@percent/engine';
import {
  DAILY_CLOCK_SLACK_MS,
  judgeMove,
  mistakesIn,
  type DailyMove,
  type JudgedEntry,
} from '@percent/protocol';
import type { DailyStart } from '../store/daily-store.ts';

type Failure = { readonly ok: false; readonly field: string; readonly message: string };

export type Verified =
  { readonly ok: true; readonly timeMs: number; readonly mistakes: number } | Failure;

/**
 * The moves (ms on the stopwatch, non-decreasing; digit 0 clears) must fill the blanks of
 * `puzzle` until the board is `solution`, never touching a given. The time is the last move's
 * `at` (no penalties: mistakes are shown beside it); a mistake is a digit placed that is not the
 * solution's, counted once per cell and digit (`mistakesIn`: one slip is one mistake).
 */
export function verifySolve(
  puzzle: string,
  solution: string,
  moves: readonly DailyMove[],
): Verified {
  const board = [...puzzle];
  const judged: JudgedEntry[] = [];
  let last = 0;
  for (const [i, move] of moves.entries()) {
    const where = `moves[${i}]`;
    if (move.at < last)
      return fail(`${where}.at`, `times must not decrease (${move.at} after ${last})`);
    last = move.at;
    if (puzzle[move.cell] !== '0')
      return fail(`${where}.cell`, `${cellName(move.cell as CellIndex)} is a given`);
    judged.push({ ...move, verdict: judgeMove(solution, move.cell, move.digit) });
    board[move.cell] = String(move.digit);
  }
  const wrong = board.findIndex((digit, cell) => digit !== solution[cell]);
  if (wrong >= 0) {
    const name = cellName(wrong as CellIndex);
    const held = board[wrong] === '0' ? 'is empty' : `holds ${board[wrong]}`;
    return fail('moves', `the final board is not the solution: ${name} ${held}`);
  }
  return { ok: true, timeMs: last, mistakes: mistakesIn(judged) };
}

/**
 * A solve of `time` ms posted at `now` against the start it names (`undefined`: no such start
 * kept): the start must be this device's on this day and variant, and the stopwatch no more
 * than `DAILY_CLOCK_SLACK_MS` ahead of the server's time since it.
 */
export function verifyStart(
  start: DailyStart | undefined,
  solve: { day: string; variant: string; deviceId: string; timeMs: number },
  now: number,
): { readonly ok: true; readonly start: DailyStart } | Failure {
  const { day, variant, deviceId, timeMs } = solve;
  if (start?.day !== day || start.variant !== variant || start.deviceId !== deviceId)
    return fail('startId', `no start of ${day}/${variant} by this device`);
  const since = now - start.startedAt;
  if (timeMs > since + DAILY_CLOCK_SLACK_MS)
    return fail(
      'moves',
      `the solve claims ${seconds(timeMs)} but began ${seconds(since)} ago on the server`,
    );
  return { ok: true, start };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const fail = (field: string, message: string): Failure => ({ ok: false, field, message });
