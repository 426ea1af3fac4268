import type { DifficultyLevel, RoomSettings, VariantName } from './schemas.ts';

/**
 * What the server sends. Every view is built for one recipient: a racing player sees their own
 * board and everyone's progress, never another player's digits nor the solution.
 * Boards and puzzles are 81 characters, row-major, `1`–`9` or `0` for a blank.
 * Times are server epoch milliseconds; `serverNow` lets a client correct its clock.
 */

export type RoomPhase = 'lobby' | 'countdown' | 'racing' | 'finished';
/**
 * A runner's state: still `racing`, or out — `finished` (a full board), `eliminated` (too many
 * mistakes), `left` (gave up the seat, was removed, or away past the grace period), `timeout`
 * (the time limit, or the host ended the race), `forfeited` (gave up with `race:forfeit` and
 * stays to watch), `idle` (no move for the room's `idleOutSec`).
 */
export type RunnerStatus =
  'racing' | 'finished' | 'eliminated' | 'left' | 'timeout' | 'forfeited' | 'idle';
export type Connection = 'online' | 'reconnecting';
export type MoveVerdict = 'correct' | 'wrong' | 'cleared';
export type RaceEndCause = 'players' | 'timeLimit' | 'host';

/**
 * A device's multiplayer rating (Glicko-2, rounded). Provisional until the device has played
 * 10 rated races: the number still moves a lot.
 */
export interface RatingView {
  readonly value: number;
  readonly provisional: boolean;
}

/** What a rated race did to a player's rating (rounded Glicko-2 ratings). */
export interface RatingChangeView {
  readonly before: number;
  readonly after: number;
  /** The rating after the race is still provisional (fewer than 10 rated races). */
  readonly provisional: boolean;
}

/** A player's progress in the race, visible to everyone. */
export interface ProgressView {
  /** Blanks of the puzzle this player has filled correctly. */
  readonly filled: number;
  /** Blanks of the puzzle (filled === blanks means a full board). */
  readonly blanks: number;
  /** round(100 · filled / blanks). */
  readonly percent: number;
  readonly mistakes: number;
  /** Houses (rows, columns, boxes, diagonal, windows) this player has completed. */
  readonly units: number;
  /** Time added by mistakes under the penalty rule, ms. */
  readonly penaltyMs: number;
}

export interface PlayerView {
  readonly id: string;
  readonly nickname: string;
  readonly host: boolean;
  readonly ready: boolean;
  readonly connection: Connection;
  /**
   * False: this seat sits races out (`room:play`) — it gets no runner and, during a race, sees
   * what a spectator sees; a host who sits out keeps every host power.
   */
  readonly plays: boolean;
  /** The player's rating now (after a rated race: the new one); null when it could not be read. */
  readonly rating: RatingView | null;
  /** Present from the start of a race until the room returns to the lobby. */
  readonly race: PlayerRaceView | null;
}

export interface PlayerRaceView {
  readonly status: RunnerStatus;
  readonly progress: ProgressView;
  /** Time from the start to a full board plus penalties, once finished. */
  readonly timeMs: number | null;
  /**
   * A finished runner's rank among the runners finished so far (by `timeMs`), else null.
   * Provisional until the race ends: under the penalty rule a later finisher with fewer
   * penalties can still pass you.
   */
  readonly place: number | null;
}

export interface Standing {
  readonly playerId: string;
  readonly nickname: string;
  /** 1 = winner; null for players who did not finish. */
  readonly place: number | null;
  readonly timeMs: number | null;
  readonly mistakes: number;
  readonly outcome: RunnerStatus;
  readonly progress: ProgressView;
  /** The race's effect on this player's rating; null in an unrated race. */
  readonly rating: RatingChangeView | null;
}

export interface RaceView {
  readonly id: string;
  readonly variant: VariantName;
  readonly difficulty: DifficultyLevel;
  /** The race changes ratings: the room is rated and at least two players race. */
  readonly rated: boolean;
  /**
   * Commit–reveal: lowercase hex SHA-256 of the ASCII text `puzzle + solution + secret` (81 +
   * 81 digits, '0' for blanks, then the 64 hex digits of `secret`), sent from the countdown on,
   * before the puzzle. Null only for a race started by an older server.
   */
  readonly commitment: string | null;
  /** The server's 32-byte secret as 64 lowercase hex digits: null until the race has ended. */
  readonly secret: string | null;
  /** When the puzzle appears and the clock starts (end of the countdown). */
  readonly startsAt: number;
  /** When the time limit ends the race; null without a limit. */
  readonly endsAt: number | null;
  /** Set once the race has ended. */
  readonly endedAt: number | null;
  /** Why it ended: every player done, the time limit, or the host ended it; null while on. */
  readonly endedBy: RaceEndCause | null;
  /** The givens; null during the countdown (everyone receives them at `startsAt`). */
  readonly puzzle: string | null;
  /** The recipient's own board (givens + their correct digits); null for spectators. */
  readonly own: string | null;
  /**
   * Boards by player id: for spectators when the host's rule allows it (delayed boards under
   * `delay`), and for everyone once the race has ended. Never present for a racing player.
   */
  readonly boards: Readonly<Record<string, string>> | null;
  /** Only once the race has ended. */
  readonly solution: string | null;
  /** Only once the race has ended, best first. */
  readonly standings: readonly Standing[] | null;
  /**
   * How long the server was away during this race (ms, 0 if never): its clock was paused for
   * that long — `startsAt`, `endsAt` and the finish-time basis were shifted forward by it.
   */
  readonly pausedMs: number;
}

/** The race the room played last, kept in the lobby until the next race starts. */
export interface LastRaceView {
  readonly id: string;
  readonly variant: VariantName;
  readonly difficulty: DifficultyLevel;
  readonly endedBy: RaceEndCause;
  /** Best first. */
  readonly standings: readonly Standing[];
}

export interface YouView {
  readonly role: 'player' | 'spectator';
  /** Your seat (players only). */
  readonly playerId: string | null;
}

/** The full snapshot of a room for one recipient: sent on join, rejoin and every change. */
export interface RoomView {
  readonly code: string;
  /** Path of the join link, e.g. `/r/KQZTM`. */
  readonly link: string;
  readonly phase: RoomPhase;
  readonly settings: RoomSettings;
  readonly hostId: string | null;
  /** In join order. */
  readonly players: readonly PlayerView[];
  readonly spectators: number;
  readonly race: RaceView | null;
  /** The last race's results: set when the room returns to the lobby, cleared at the next start. */
  readonly lastRace: LastRaceView | null;
  readonly you: YouView;
  readonly serverNow: number;
}

/** Sent to the room after each accepted move (a cheaper update than a full `room:state`). */
export interface ProgressEvent {
  readonly playerId: string;
  readonly status: RunnerStatus;
  readonly progress: ProgressView;
  readonly timeMs: number | null;
  /** As `PlayerRaceView.place`. */
  readonly place: number | null;
  /** That player's board, only to spectators under the `live` rule. */
  readonly board: string | null;
}

export type SessionEndReason = 'kicked' | 'replaced' | 'expired' | 'closed';
export interface SessionEndedEvent {
  readonly reason: SessionEndReason;
  readonly message: string;
}

/** One row of a device's race history (`history:get`, `GET /api/history/:deviceId`). */
export interface HistoryEntryView {
  readonly raceId: string;
  readonly roomCode: string;
  readonly variant: string;
  readonly difficulty: string;
  readonly endedAt: number;
  readonly nickname: string;
  readonly place: number | null;
  readonly timeMs: number | null;
  readonly mistakes: number;
  readonly outcome: string;
  readonly players: number;
}

/** One row of a room's leaderboard (device ids are never sent). */
export interface LeaderboardEntryView {
  readonly nickname: string;
  readonly wins: number;
  readonly races: number;
  readonly bestTimeMs: number | null;
}

/**
 * What a join link shows before anyone joins (`GET /api/rooms/:code`): whether the room is
 * there, and whether a newcomer would play or watch.
 */
export interface RoomSummaryView {
  readonly code: string;
  readonly phase: RoomPhase;
  readonly players: number;
  readonly maxPlayers: number;
  readonly spectators: number;
  readonly locked: boolean;
  readonly variant: VariantName;
  readonly difficulty: DifficultyLevel;
}

/** One standing of a stored race (`GET /api/races/:raceId`). */
export interface RacePlayerView {
  readonly playerId: string;
  readonly nickname: string;
  readonly place: number | null;
  readonly timeMs: number | null;
  readonly mistakes: number;
  readonly outcome: Exclude<RunnerStatus, 'racing'>;
  /**
   * A rated race's change to the player's rating (Glicko-2, as stored: not rounded); null when
   * the race was unrated.
   */
  readonly rating: RatingChangeView | null;
}

/** One judged move of a stored race. */
export interface RaceMoveView {
  /** 0, 1, 2, … in the order the server judged the moves. */
  readonly seq: number;
  readonly playerId: string;
  /** The client's id for the move (unique per player per race). */
  readonly moveId: string;
  /** Server epoch ms when the server judged it. */
  readonly at: number;
  /**
   * Its time on the race clock: ms since the clock's 0:00 (the end of the countdown), the
   * server's outages left out (the clock stood still then); never negative, never decreasing
   * in `seq`. For a race stored before outages were kept: `at − startedAt`, at least 0.
   */
  readonly ms: number;
  readonly cell: number;
  /** 0 = clear. */
  readonly digit: number;
  readonly verdict: MoveVerdict;
}

/**
 * A finished race as stored (`GET /api/races/:raceId`): the puzzle, the standings and every
 * judged move in the order the server judged it — enough to replay the race move by move.
 */
export interface RaceRecordView {
  readonly id: string;
  readonly roomCode: string;
  readonly variant: string;
  readonly difficulty: string;
  readonly puzzle: string;
  readonly solution: string;
  /**
   * Server epoch ms: the race clock's 0:00 (the end of the countdown, moved forward by every
   * outage of the server during the race) and the end.
   */
  readonly startedAt: number;
  readonly endedAt: number;
  /** The end on the race clock (as `RaceMoveView.ms`): the replay's timeline runs 0…durationMs. */
  readonly durationMs: number;
  /** The race changed ratings. */
  readonly rated: boolean;
  /** As `RaceView.commitment` and `.secret` (null for races stored before commit–reveal). */
  readonly commitment: string | null;
  readonly secret: string | null;
  /** Best first. */
  readonly players: readonly RacePlayerView[];
  readonly moves: readonly RaceMoveView[];
}
