/**
 * The end of a solo game: the solve is recorded on the device (`saveSolve`, for `/replay/ID`
 * and as a ghost), unless the SAT solver or Reveal filled the board.
 */
import { formatGrid } from '@percent/engine';
import { randomId, savedNickname } from '../../net/identity.ts';
import { saveSolve, type SolveMove, type SolveRecord } from '../../state/solve-record.ts';
import { play } from '../../sound/sound.ts';
import { mistakesOf } from './recorder.ts';
import { saveSession, type Session, type SoloOrigin } from './session.ts';

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

/** Once per solved game: record it. Safe to call on every change. */
export function onFinished(session: Session): void {
  if (!session.solved.peek() || session.recordedId.peek() !== undefined) return;
  if (session.assisted.peek()) return;
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
  play('finish');
}
