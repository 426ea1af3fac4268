/**
 * The end of a solo game: the solve is recorded on the device (`saveSolve`, for `/replay/ID`
 * and as a ghost), unless the SAT solver or Reveal filled the board; a daily is posted to its
 * leaderboard.
 */
import { MAX_DAILY_MOVES, type DailyResultView } from '@percent/protocol';
import { formatGrid } from '@percent/engine';
import { signal } from '@preact/signals';
import { deviceId, randomId, savedNickname, saveNickname } from '../../net/identity.ts';
import { saveSolve, type SolveMove, type SolveRecord } from '../../state/solve-record.ts';
import { postDailyResult } from '../../net/daily-api.ts';
import { mistakesOf } from './recorder.ts';
import { saveSession, type Session, type SoloOrigin } from './session.ts';

export type DailyPost =
  | { readonly state: 'posting' }
  | { readonly state: 'done'; readonly result: DailyResultView }
  | { readonly state: 'failed'; readonly message: string }
  /** No nickname yet: the page asks for one. */
  | { readonly state: 'needsName' }
  /**
   * `notStarted`: a game saved before the server started daily clocks cannot be ranked;
   * `ghostDigits`: the ghost's digits were shown before the board was solved.
   */
  | {
      readonly state: 'skipped';
      readonly reason: 'assisted' | 'tooManyMoves' | 'notStarted' | 'ghostDigits';
    };

/** The daily post of the game just finished (not kept across reloads). */
export const dailyPost = signal<DailyPost | undefined>(undefined);

export interface FinishedGame {
  readonly id: string;
  readonly origin: SoloOrigin;
  readonly racedGhost: boolean;
  readonly variant: string;
  readonly difficulty: string;
  readonly puzzle: string;
  readonly solution: string;
  readonly nickname: string;
  readonly startedAt: number;
  readonly moves: readonly SolveMove[];
}

/** The record of a finished game: its time is the last move's (what the daily server counts). */
export function solveRecordOf(game: FinishedGame): SolveRecord {
  const { origin } = game;
  const source = origin.kind === 'daily' ? 'daily' : game.racedGhost ? 'ghost' : 'solo';
  return {
    id: game.id,
    source,
    variant: game.variant,
    difficulty: game.difficulty,
    puzzle: game.puzzle,
    solution: game.solution,
    nickname: game.nickname,
    startedAt: game.startedAt,
    timeMs: game.moves.at(-1)?.at ?? 0,
    mistakes: mistakesOf(game.moves),
    ...(origin.kind === 'daily' ? { day: origin.day } : {}),
    moves: [...game.moves],
  };
}

/** Once per solved game: record it, and post a daily. Safe to call on every change. */
export function onFinished(session: Session): void {
  if (!session.solved.peek() || session.recordedId.peek() !== undefined) return;
  if (session.assisted.peek()) {
    if (session.origin.kind === 'daily') dailyPost.value = { state: 'skipped', reason: 'assisted' };
    return;
  }
  const state = session.game.peek();
  const record = solveRecordOf({
    id: randomId(16),
    origin: session.origin,
    racedGhost: session.ghost !== undefined,
    variant: state.variant,
    difficulty: session.difficulty,
    puzzle: formatGrid(state.givens),
    solution: formatGrid(session.solution),
    nickname: savedNickname(),
    startedAt: session.startedAt,
    moves: session.log.moves,
  });
  saveSolve(record);
  session.recordedId.value = record.id;
  saveSession(session);
  if (session.origin.kind === 'daily') void postDaily(session);
}

/** Posts the game's moves to its daily (with `nickname`, remembered, or the saved one). */
export async function postDaily(session: Session, nickname = savedNickname()): Promise<void> {
  const { origin } = session;
  if (origin.kind !== 'daily') return;
  if (session.sawGhostDigits.peek()) {
    dailyPost.value = { state: 'skipped', reason: 'ghostDigits' };
    return;
  }
  const moves = session.log.moves.map(({ at, cell, digit }) => ({ at, cell, digit }));
  if (moves.length > MAX_DAILY_MOVES) {
    dailyPost.value = { state: 'skipped', reason: 'tooManyMoves' };
    return;
  }
  if (!nickname.trim()) {
    dailyPost.value = { state: 'needsName' };
    return;
  }
  if (origin.startId === undefined) {
    dailyPost.value = { state: 'skipped', reason: 'notStarted' };
    return;
  }
  saveNickname(nickname);
  dailyPost.value = { state: 'posting' };
  const answer = await postDailyResult(origin.day, origin.variant, {
    deviceId: deviceId(),
    startId: origin.startId,
    nickname: nickname.trim(),
    moves,
  });
  dailyPost.value = answer.ok
    ? { state: 'done', result: answer.value }
    : { state: 'failed', message: answer.message };
}
