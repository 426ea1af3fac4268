/**
 * Tournaments: an evening of several races ("rounds") in one room, scored with a fixed points
 * table and ranked between rounds. The rules (points, ranking, bounds) live here so that the
 * server, the stored-evening reader and docs/PROTOCOL.md say one thing; clients only show the
 * standings the server sends.
 */
import { z } from 'zod';
import { Count, Difficulty, Ms, Variant } from './primitives.ts';
import { PLAYER_COLOURS, TOURNAMENT_ROUNDS } from './rules.ts';
import { PlayerIdSchema, RaceIdSchema } from './schemas.ts';

/** `tournament:start`: plan `rounds` races (2–20), or null for "until the host ends it". */
export const TournamentStartSchema = z.object({
  rounds: z.int().min(TOURNAMENT_ROUNDS.min).max(TOURNAMENT_ROUNDS.max).nullable(),
});
export type TournamentStartPayload = z.infer<typeof TournamentStartSchema>;

/** An evening's id (`TournamentView.id`, `/tournament/ID`): as a race id. */
export const TournamentIdSchema = RaceIdSchema;

/**
 * One entrant of an evening: a device that raced at least one round (its seats' points add up;
 * a device with two seats in one round scores its better one). Device ids are never sent.
 */
export const TournamentStandingSchema = z.object({
  /** 1 = leading. Entrants level on points and wins share a place (1, 1, 3). */
  place: z.int().min(1),
  nickname: z.string(),
  /** The colour of the entrant’s seat (`PlayerView.colour`); in a stored evening, by join order (`pN`). */
  colour: z
    .int()
    .min(0)
    .max(PLAYER_COLOURS - 1),
  /** The entrant's seat in the room now; null once it left (and always in a stored evening). */
  playerId: PlayerIdSchema.nullable(),
  points: Count,
  /** Rounds won (place 1): the first tie-break. */
  wins: Count,
  /** Points per round played so far, in round order; null for a round the entrant did not race. */
  rounds: z.array(Count.nullable()),
});
export type TournamentStanding = z.infer<typeof TournamentStandingSchema>;

/** The evening as every member sees it (`RoomView.tournament`). */
export const TournamentViewSchema = z.object({
  id: TournamentIdSchema,
  /** Path of the evening's page, `/tournament/ID` (stored once a round has ended). */
  link: z.string(),
  /** Rounds planned; null: until the host ends the evening. */
  rounds: z.int().min(1).nullable(),
  /** Rounds finished. */
  played: Count,
  /** The round being raced now (countdown or racing; 1-based); null between rounds. */
  current: z.int().min(1).nullable(),
  /** The evening is over (its last round finished, or the host ended it): `standings` is final. */
  over: z.boolean(),
  /** Best first (the podium once `over`). */
  standings: z.array(TournamentStandingSchema),
});
export type TournamentView = z.infer<typeof TournamentViewSchema>;

/** A race's place in an evening, as stored (`RaceRecordView.tournament`). */
export const RaceRoundViewSchema = z.object({
  id: TournamentIdSchema,
  /** 1-based. */
  round: z.int().min(1),
  /** Rounds planned; null: until the host ended it. */
  rounds: z.int().min(1).nullable(),
});
export type RaceRoundView = z.infer<typeof RaceRoundViewSchema>;

/** One round of a stored evening: its race (replay at `/replay/RACEID`) and who scored what. */
export const TournamentRoundViewSchema = z.object({
  round: z.int().min(1),
  raceId: z.string(),
  variant: Variant,
  difficulty: Difficulty,
  endedAt: Ms,
  /** The race's standings, best first, with each one's points. */
  players: z.array(
    z.object({
      nickname: z.string(),
      place: z.int().min(1).nullable(),
      points: Count,
    }),
  ),
});

/** `GET /api/tournaments/:id`: an evening as stored, round by round. */
export const TournamentRecordViewSchema = z.object({
  id: TournamentIdSchema,
  roomCode: z.string(),
  /** Rounds planned; null: until the host ended it. */
  rounds: z.int().min(1).nullable(),
  /** Its first round's start and last stored round's end (server epoch ms). */
  startedAt: Ms,
  endedAt: Ms,
  /** Every planned round is stored (an open-ended evening: false — it ends when the host says). */
  complete: z.boolean(),
  /** In round order. */
  races: z.array(TournamentRoundViewSchema),
  /** Best first. */
  standings: z.array(TournamentStandingSchema),
});
export type TournamentRecordView = z.infer<typeof TournamentRecordViewSchema>;

/** The path of an evening's page. */
export const tournamentLink = (id: string): string => `/tournament/${id}`;
