/**
 * What a replay plays: a finished race (`GET /api/races/:raceId`, parsed here at the edge) or
 * a solve recorded on this device (`state/solve-record.ts`), both as one `ReplayRecord` —
 * the puzzle, the players best first and every judged move with its time since the start.
 */
import { isVariantId, type VariantIdName } from '@percent/engine';
import { RaceReplySchema, type MoveVerdict, type RaceRecordView } from '@percent/protocol';
import type { SolveRecord } from '../../state/solve-record.ts';

export interface ReplayPlayer {
  readonly id: string;
  readonly nickname: string;
  readonly place: number | null;
  /** The standing's time (penalties included); null when the player did not finish. */
  readonly timeMs: number | null;
  readonly mistakes: number;
  /** finished, eliminated, left, timeout, forfeited, idle. */
  readonly outcome: string;
  /** A finish too fast for a person (no place, not rated); false for the rest. */
  readonly tooFast?: boolean;
  /** The player's colour in the race (`PlayerView.colour`); absent for older races and solves. */
  readonly colour?: number;
}

export interface ReplayMove {
  readonly playerId: string;
  /** ms since the start (the race clock's 0:00); never negative. */
  readonly at: number;
  readonly cell: number;
  /** 0 = the cell was cleared. */
  readonly digit: number;
  readonly verdict: MoveVerdict;
}

export interface ReplayRecord {
  readonly kind: 'race' | 'solve';
  readonly id: string;
  /** The room the race was played in (races only). */
  readonly roomCode?: string;
  readonly variant: VariantIdName;
  readonly difficulty: string;
  readonly puzzle: string;
  readonly solution: string;
  /** Epoch ms of the start. */
  readonly startedAt: number;
  /** The end of the timeline (ms since the start): the race's end, or the last move. */
  readonly durationMs: number;
  /** Best first. */
  readonly players: readonly ReplayPlayer[];
  /** In the order the server judged them (their times never go backwards). */
  readonly moves: readonly ReplayMove[];
  /**
   * Whether a wrong digit stays in its cell until the next entry there: in a solo solve it does
   * (the board keeps what was typed, even over a right digit); in a race it never lands (the
   * server refuses it).
   */
  readonly wrongDigitsStay: boolean;
  /** Commit–reveal fields, when the race has them (hex). */
  readonly commitment?: string;
  readonly secret?: string;
}

/** `RaceRecordView` as received (`GET /api/races/:raceId`). */
export type StoredRace = RaceRecordView;

export type ParsedRace =
  | { readonly ok: true; readonly race: StoredRace }
  | { readonly ok: false; readonly message: string };

/** The body of `GET /api/races/:raceId`; a malformed one is reported with the field at fault. */
export function parseRaceReply(body: unknown): ParsedRace {
  const parsed = RaceReplySchema.safeParse(body);
  if (parsed.success) return { ok: true, race: parsed.data.race };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `${issue?.path.join('.') ?? 'race'}: ${issue?.message ?? ''}` };
}

/** A stored race as a replay; moves sorted by the server's order (`seq`). */
export function replayOfRace(race: StoredRace): ReplayRecord {
  // The server's order is the truth; a clock that stepped back never makes time run backwards.
  let clock = 0;
  const moves = [...race.moves]
    .sort((a, b) => a.seq - b.seq)
    .map((m) => ({
      playerId: m.playerId,
      at: (clock = Math.max(clock, m.ms)),
      cell: m.cell,
      digit: m.digit,
      verdict: m.verdict,
    }));
  const lastMove = clock;
  return {
    kind: 'race',
    id: race.id,
    roomCode: race.roomCode,
    variant: race.variant,
    difficulty: race.difficulty,
    puzzle: race.puzzle,
    solution: race.solution,
    startedAt: race.startedAt,
    durationMs: Math.max(race.durationMs, lastMove),
    players: race.players.map((p) => ({
      id: p.playerId,
      nickname: p.nickname,
      place: p.place,
      timeMs: p.timeMs,
      mistakes: p.mistakes,
      outcome: p.outcome,
      tooFast: p.flag === 'tooFast',
      ...(p.colour === null ? {} : { colour: p.colour }),
    })),
    moves,
    wrongDigitsStay: false,
    ...(race.commitment == null ? {} : { commitment: race.commitment }),
    ...(race.secret == null ? {} : { secret: race.secret }),
  };
}

/** The one player of a solve replay. */
export const SOLVER_ID = 'me';

/** A solve of this device as a replay: one player, its moves as the stopwatch saw them. */
export function replayOfSolve(solve: SolveRecord): ReplayRecord | undefined {
  if (!isVariantId(solve.variant)) return undefined;
  let clock = 0;
  const moves = solve.moves.map((m) => ({
    playerId: SOLVER_ID,
    ...m,
    at: (clock = Math.max(clock, m.at)),
  }));
  const lastMove = clock;
  return {
    kind: 'solve',
    id: solve.id,
    variant: solve.variant,
    difficulty: solve.difficulty,
    puzzle: solve.puzzle.replace(/\./g, '0'),
    solution: solve.solution,
    startedAt: solve.startedAt,
    durationMs: Math.max(solve.timeMs, lastMove),
    players: [
      {
        id: SOLVER_ID,
        nickname: solve.nickname,
        place: 1,
        timeMs: solve.timeMs,
        mistakes: solve.mistakes,
        outcome: 'finished',
      },
    ],
    moves,
    wrongDigitsStay: true,
  };
}
