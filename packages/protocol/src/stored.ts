/**
 * What the server keeps and answers about past races (`/api`, `history:get`,
 * `leaderboard:get`): a device's history, a room's leaderboard, a live room's summary for its
 * join link, and a stored race move by move. Shapes as in `views.ts`.
 */
import { z } from 'zod';
import { MOVE_VERDICTS, PLAYER_COLOURS, ROOM_PHASES } from './rules.ts';
import { Board, Count, Difficulty, Hex64, Ms, OutcomeSchema, Variant } from './primitives.ts';
import { PlayerIdSchema } from './schemas.ts';
import { RatingChangeViewSchema } from './views.ts';
import { RaceRoundViewSchema } from './tournament.ts';
import { TeamIndexSchema } from './teams.ts';

/** One row of a device's race history (`history:get`, `GET /api/history/:deviceId`). */
export const HistoryEntryViewSchema = z.object({
  raceId: z.string(),
  roomCode: z.string(),
  variant: Variant,
  difficulty: Difficulty,
  endedAt: Ms,
  nickname: z.string(),
  place: z.int().min(1).nullable(),
  timeMs: Ms.nullable(),
  mistakes: Count,
  outcome: OutcomeSchema,
  players: Count,
  /** A team race: the device's team's place in it; null otherwise. */
  teamPlace: z.int().min(1).nullable(),
});
export type HistoryEntryView = z.infer<typeof HistoryEntryViewSchema>;

/** One row of a room's leaderboard (device ids are never sent). */
export const LeaderboardEntryViewSchema = z.object({
  nickname: z.string(),
  wins: Count,
  races: Count,
  bestTimeMs: Ms.nullable(),
});
export type LeaderboardEntryView = z.infer<typeof LeaderboardEntryViewSchema>;

/**
 * What a join link shows before anyone joins (`GET /api/rooms/:code`): whether the room is
 * there, and whether a newcomer would play or watch.
 */
export const RoomSummaryViewSchema = z.object({
  code: z.string(),
  phase: z.enum(ROOM_PHASES),
  players: Count,
  maxPlayers: z.int().min(1),
  spectators: Count,
  locked: z.boolean(),
  variant: Variant,
  difficulty: Difficulty,
});
export type RoomSummaryView = z.infer<typeof RoomSummaryViewSchema>;

/** One standing of a stored race (`GET /api/races/:raceId`). */
export const RacePlayerViewSchema = z.object({
  playerId: PlayerIdSchema,
  nickname: z.string(),
  place: z.int().min(1).nullable(),
  timeMs: Ms.nullable(),
  mistakes: Count,
  outcome: OutcomeSchema,
  /**
   * A rated race's change to the player's rating (Glicko-2, as stored: not rounded); null when
   * the race did not rate this player.
   */
  rating: RatingChangeViewSchema.nullable(),
  /**
   * As `Standing.flag`: `tooFast`, a finish no person makes (no place, not rated); else null.
   * Absent from a server before flags were stored: read as null.
   */
  flag: z.enum(['tooFast']).nullable().default(null),
  /** In a tournament round, the points scored (`pointsFor`); null outside one (and before). */
  points: Count.nullable().default(null),
  /** A team race: the player's team and that team's place; null otherwise (and before). */
  team: TeamIndexSchema.nullable().default(null),
  teamPlace: z.int().min(1).nullable().default(null),
  /** The seat's colour in the race (`PlayerView.colour`); null for races stored before. */
  colour: z
    .int()
    .min(0)
    .max(PLAYER_COLOURS - 1)
    .nullable()
    .default(null),
});
export type RacePlayerView = z.infer<typeof RacePlayerViewSchema>;

/** One judged move of a stored race. */
export const RaceMoveViewSchema = z.object({
  /** 0, 1, 2, … in the order the server judged the moves. */
  seq: Count,
  playerId: PlayerIdSchema,
  /** The client's id for the move (unique per player per race). */
  moveId: z.string(),
  /** Server epoch ms when the server judged it. */
  at: Ms,
  /**
   * Its time on the race clock: ms since the clock's 0:00 (the end of the countdown), the
   * server's outages left out (the clock stood still then); never negative, never decreasing
   * in `seq`. For a race stored before outages were kept: `at − startedAt`, at least 0.
   */
  ms: Count,
  cell: z.int().min(0).max(80),
  /** 0 = clear. */
  digit: z.int().min(0).max(9),
  verdict: z.enum(MOVE_VERDICTS),
});
export type RaceMoveView = z.infer<typeof RaceMoveViewSchema>;

/**
 * A finished race as stored (`GET /api/races/:raceId`): the puzzle, the standings and every
 * judged move in the order the server judged it — enough to replay the race move by move.
 */
export const RaceRecordViewSchema = z.object({
  id: z.string(),
  roomCode: z.string(),
  variant: Variant,
  difficulty: Difficulty,
  puzzle: Board,
  solution: Board,
  /**
   * Server epoch ms: the race clock's 0:00 (the end of the countdown, moved forward by every
   * outage of the server during the race) and the end.
   */
  startedAt: Ms,
  endedAt: Ms,
  /** The end on the race clock (as `RaceMoveView.ms`): the replay's timeline runs 0…durationMs. */
  durationMs: Count,
  /** The race changed ratings. */
  rated: z.boolean(),
  /** As `RaceView.commitment` and `.secret` (null for races stored before commit–reveal). */
  commitment: Hex64.nullable(),
  secret: Hex64.nullable(),
  /** The evening this race was a round of (`/tournament/ID`); null: a race on its own. */
  tournament: RaceRoundViewSchema.nullable().default(null),
  /** Best first. */
  players: z.array(RacePlayerViewSchema),
  moves: z.array(RaceMoveViewSchema),
});
export type RaceRecordView = z.infer<typeof RaceRecordViewSchema>;
