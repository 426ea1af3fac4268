/**
 * A daily attempt as this tab plays it: the board (drawn at once), the moves sent to the server
 * one at a time in order with their `seq`, each cell's verdict from the server's answer, the
 * server's stopwatch, and the result once the board is solved. No DOM: tested on its own.
 */
import { parseGrid, type CellIndex, type VariantIdName } from '@percent/engine';
import {
  mistakesIn,
  type DailyAttemptMoveView,
  type DailyAttemptView,
  type DailyMovePayload,
  type DailyMoveReply,
  type DailyResultView,
  type MoveVerdict,
} from '@percent/protocol';
import { batch, signal, type Signal } from '@preact/signals';
import { createGame, setVerdict, type GameState, type Verdict } from '../../../state/game.ts';
import type { Fetched } from '../../../net/daily-api.ts';
import { play } from '../../../sound/sound.ts';
import type { SolveRecord } from '../../../state/solve-record.ts';

/** Sends one move; the page passes `sendMove` bound to the attempt. */
export type SendMove = (move: DailyMovePayload) => Promise<Fetched<DailyMoveReply>>;

/** A move the server could not be reached for is sent again after this long. */
export const RESEND_MS = 1500;

export interface DailyGame {
  readonly attemptId: string;
  readonly day: string;
  readonly variant: VariantIdName;
  readonly difficulty: string;
  readonly puzzle: string;
  /** The moves as the server judged and timed them, in order. */
  readonly moves: DailyAttemptMoveView[];
  /** Whether a finish now would be ranked (the device had no ranked solve when it began). */
  readonly ranked: boolean;
  /** The server's clock at the start, and the difference server − this device (ms). */
  readonly startedAt: number;
  readonly offsetMs: number;
  readonly game: Signal<GameState>;
  readonly mistakes: Signal<number>;
  readonly result: Signal<DailyResultView | null>;
  /** Why the last move was refused, or that the server is out of reach; undefined when all is well. */
  readonly problem: Signal<{ readonly message: string; readonly retrying: boolean } | undefined>;
  /** Moves entered and not yet answered. */
  readonly unsent: DailyMovePayload[];
  /** The seq the next entered move gets. */
  next: number;
  /** A move is on its way (one at a time, in order). */
  sending: boolean;
}

const VERDICT_OF = {
  correct: 'confirmed',
  wrong: 'wrong',
  cleared: 'none',
} satisfies Record<MoveVerdict, Verdict>;

/** The game an attempt's view gives (its moves replayed), on this device's clock `now`. */
export function gameOf(view: DailyAttemptView, now: number): DailyGame | undefined {
  const puzzle = parseGrid(view.puzzle);
  if (!puzzle.ok) return undefined;
  let state = createGame({ variant: view.variant, givens: puzzle.grid });
  for (const move of view.moves) state = applied(state, move);
  return {
    attemptId: view.attemptId,
    day: view.day,
    variant: view.variant,
    difficulty: view.difficulty,
    puzzle: view.puzzle,
    moves: [...view.moves],
    ranked: view.ranked,
    startedAt: view.startedAt,
    offsetMs: view.serverNow - now,
    game: signal(state),
    mistakes: signal(view.result?.mistakes ?? mistakesIn(view.moves)),
    result: signal(view.result),
    problem: signal(undefined),
    unsent: [],
    next: view.moves.length,
    sending: false,
  };
}

/** The server's time on the attempt (ms): running, or the solve's time once solved. */
export function elapsedMs(daily: DailyGame, now: number): number {
  const result = daily.result.value;
  if (result) return result.timeMs;
  return Math.max(0, now + daily.offsetMs - daily.startedAt);
}

/**
 * A cell's entry changed on the board (drawn already): it goes to the server as the next
 * move, pending until answered.
 */
export function enter(daily: DailyGame, cell: CellIndex, digit: number, send: SendMove): void {
  if (daily.result.peek()) return;
  daily.game.value = setVerdict(daily.game.peek(), cell, digit === 0 ? 'none' : 'pending');
  daily.unsent.push({ seq: daily.next++, cell, digit });
  void flush(daily, send);
}

/** Sends the unsent moves one at a time; an unreachable server is tried again, a refusal stops. */
async function flush(daily: DailyGame, send: SendMove): Promise<void> {
  if (daily.sending) return;
  daily.sending = true;
  try {
    while (daily.unsent.length > 0) {
      const move = daily.unsent[0]!;
      const answer = await send(move);
      if (!answer.ok && answer.code === undefined) {
        daily.problem.value = { message: answer.message, retrying: true };
        await new Promise((resolve) => setTimeout(resolve, RESEND_MS));
        continue;
      }
      daily.unsent.shift();
      if (!answer.ok) {
        // Refused (the attempt is over, expired, or out of step): nothing after it can count.
        daily.problem.value = { message: answer.message, retrying: false };
        daily.unsent.length = 0;
        return;
      }
      accept(daily, answer.value);
    }
  } finally {
    daily.sending = false;
  }
}

/** The server's answer to a move: its verdict on the cell (unless the cell changed since). */
function accept(daily: DailyGame, reply: DailyMoveReply): void {
  if (reply.move.seq === daily.moves.length) daily.moves.push(reply.move);
  batch(() => {
    daily.problem.value = undefined;
    daily.mistakes.value = reply.mistakes;
    const later = daily.unsent.some((m) => m.cell === reply.move.cell);
    if (!later) {
      const verdict = VERDICT_OF[reply.move.verdict];
      daily.game.value = setVerdict(daily.game.peek(), reply.move.cell as CellIndex, verdict);
    }
    if (reply.move.verdict !== 'cleared') play(reply.move.verdict);
    if (reply.result) {
      daily.result.value = reply.result;
      play('finish');
    }
  });
}

function applied(state: GameState, move: DailyAttemptMoveView): GameState {
  const cell = move.cell as CellIndex;
  const entries = state.marks.entries.slice();
  entries[cell] = move.digit as (typeof entries)[number];
  const next = { ...state, marks: { ...state.marks, entries } };
  return setVerdict(next, cell, VERDICT_OF[move.verdict]);
}

/**
 * The solved attempt as a solve recorded on this device (`/replay/ATTEMPT_ID`, its debrief, a
 * ghost to race): the server's moves and times; the solution is the finished board.
 */
export function solveRecordOf(
  daily: DailyGame,
  result: DailyResultView,
  nickname: string,
): SolveRecord {
  return {
    id: daily.attemptId,
    source: 'daily',
    variant: daily.variant,
    difficulty: daily.difficulty,
    puzzle: daily.puzzle,
    solution: boardOf(daily),
    nickname,
    startedAt: daily.startedAt,
    timeMs: result.timeMs,
    mistakes: result.mistakes,
    day: daily.day,
    moves: daily.moves.map(({ at, cell, digit, verdict }) => ({ at, cell, digit, verdict })),
  };
}

/** The givens with the last digit entered in each cell: the finished board once solved. */
export function boardOf(daily: Pick<DailyGame, 'puzzle' | 'moves'>): string {
  const board = [...daily.puzzle];
  for (const { cell, digit } of daily.moves) board[cell] = String(digit);
  return board.join('');
}
