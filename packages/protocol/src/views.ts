/**
 * What the server sends: a zod schema for every server → client payload, the TypeScript types
 * inferred from them. Every view is built for one recipient: a racing player sees their own
 * board and everyone's progress, never another player's digits nor the solution.
 * Boards and puzzles are 81 characters, row-major, `1`–`9` or `0` for a blank.
 * Times are server epoch milliseconds; `serverNow` lets a client correct its clock.
 *
 * The schemas are strict about shapes and lists (an unknown status fails) so that the test
 * suites' contract check, which parses every payload the server sends, catches a server that
 * drifts from this file. Clients parse what they load over HTTP with them.
 */
import { z } from 'zod';
import { ErrorCode } from './errors.ts';
import {
  CONNECTIONS,
  PLAYER_COLOURS,
  RACE_END_CAUSES,
  REACTIONS,
  ROOM_PHASES,
  SESSION_END_REASONS,
  UNRATED_REASONS,
} from './rules.ts';
import { Board, Count, Difficulty, Hex64, Ms, Status, Variant } from './primitives.ts';
import { PlayerIdSchema, RoomSettingsSchema } from './schemas.ts';
import { TournamentViewSchema } from './tournament.ts';
import { TeamIndexSchema, TeamProgressSchema, TeamViewSchema } from './teams.ts';

export const WireErrorSchema = z.object({
  code: z.enum(ErrorCode),
  message: z.string(),
});

/** Any refusal (`{ ok: false, error }`), as every acknowledgement and `/api` answer may be. */
export const FailureSchema = z.object({ ok: z.literal(false), error: WireErrorSchema }).strict();

/** The reply schema of a result: `{ ok: true, …fields }` or `{ ok: false, error }`. */
export function resultSchema<S extends z.ZodObject>(schema: S, failure = FailureSchema) {
  return z.union([schema.extend({ ok: z.literal(true) }).strict(), failure]);
}

/**
 * A device's multiplayer rating (Glicko-2, rounded). Provisional until the device has played
 * 10 rated races: the number still moves a lot.
 */
export const RatingViewSchema = z.object({ value: z.number(), provisional: z.boolean() });
export type RatingView = z.infer<typeof RatingViewSchema>;

/** What a rated race did to a player's rating (rounded Glicko-2 ratings). */
export const RatingChangeViewSchema = z.object({
  before: z.number(),
  after: z.number(),
  /** The rating after the race is still provisional (fewer than 10 rated races). */
  provisional: z.boolean(),
});
export type RatingChangeView = z.infer<typeof RatingChangeViewSchema>;

/** A player's progress in the race, visible to everyone. */
export const ProgressViewSchema = z.object({
  /** Blanks of the puzzle this player has filled correctly. */
  filled: Count,
  /** Blanks of the puzzle (filled === blanks means a full board). */
  blanks: Count,
  /** round(100 · filled / blanks). */
  percent: z.int().min(0).max(100),
  /** Distinct wrong digits entered (the same wrong digit in the same cell counts once). */
  mistakes: Count,
  /** Houses (rows, columns, boxes, diagonal, windows) this player has completed. */
  units: Count,
  /** Time added by mistakes under the penalty rule, ms. */
  penaltyMs: Count,
});
export type ProgressView = z.infer<typeof ProgressViewSchema>;

export const PlayerRaceViewSchema = z.object({
  status: Status,
  progress: ProgressViewSchema,
  /** Time from the start to a full board plus penalties, once finished. */
  timeMs: Ms.nullable(),
  /**
   * A finished runner's rank among the runners finished so far (by `timeMs`), else null.
   * Provisional until the race ends: under the penalty rule a later finisher with fewer
   * penalties can still pass you.
   */
  place: z.int().min(1).nullable(),
});
export type PlayerRaceView = z.infer<typeof PlayerRaceViewSchema>;

export const PlayerViewSchema = z.object({
  id: PlayerIdSchema,
  nickname: z.string(),
  host: z.boolean(),
  ready: z.boolean(),
  connection: z.enum(CONNECTIONS),
  /**
   * False: this seat sits races out (`room:play`) — it gets no runner and, during a race, sees
   * what a spectator sees; a host who sits out keeps every host power.
   */
  plays: z.boolean(),
  /** The player's rating now (after a rated race: the new one); null when it could not be read. */
  rating: RatingViewSchema.nullable(),
  /** Present from the start of a race until the room returns to the lobby. */
  race: PlayerRaceViewSchema.nullable(),
  /** Team races: the seat's team (0 … teams − 1); null without teams or for a seat that sits out. */
  team: TeamIndexSchema.nullable(),
  /** The seat's colour: an index into the clients' palette (`PLAYER_COLOURS`), kept while seated. */
  colour: z
    .int()
    .min(0)
    .max(PLAYER_COLOURS - 1),
});
export type PlayerView = z.infer<typeof PlayerViewSchema>;

export const StandingSchema = z.object({
  playerId: PlayerIdSchema,
  nickname: z.string(),
  /** 1 = winner; null for players who did not finish. */
  place: z.int().min(1).nullable(),
  timeMs: Ms.nullable(),
  mistakes: Count,
  outcome: Status,
  progress: ProgressViewSchema,
  /** The race's effect on this player's rating; null when it did not rate this player. */
  rating: RatingChangeViewSchema.nullable(),
  /**
   * `tooFast`: a finish whose right digits came faster than a person places them (a median
   * under `HUMAN_FLOOR_MS_PER_CELL` apart): no place, not rated. Null otherwise.
   */
  flag: z.enum(['tooFast']).nullable(),
  /** In a tournament round, the points this place scored (`pointsFor`); null outside one. */
  points: Count.nullable(),
  /** A team race: the runner's team; null otherwise. */
  team: TeamIndexSchema.nullable(),
});
export type Standing = z.infer<typeof StandingSchema>;

export const RaceViewSchema = z.object({
  id: z.string(),
  variant: Variant,
  difficulty: Difficulty,
  /**
   * The race changes ratings: the room is rated and at least two players are rated in it.
   * Once the race has ended: whether it changed any rating (see PROTOCOL.md, "Ratings").
   */
  rated: z.boolean(),
  /**
   * Why the race does not (while on: would not, as things stand) change any rating; null when
   * it does. See `UNRATED_REASONS` (rules.ts) and PROTOCOL.md, "Ratings".
   */
  unrated: z.enum(UNRATED_REASONS).nullable(),
  /**
   * Commit–reveal: `commitmentOf(puzzle, solution, secret)` (rules.ts), sent from the
   * countdown on, before the puzzle. Null only for a race started by an older server.
   */
  commitment: Hex64.nullable(),
  /** The server's 32-byte secret as 64 lowercase hex digits: null until the race has ended. */
  secret: Hex64.nullable(),
  /** When the puzzle appears and the clock starts (end of the countdown). */
  startsAt: Ms,
  /** When the time limit ends the race; null without a limit. */
  endsAt: Ms.nullable(),
  /** Set once the race has ended. */
  endedAt: Ms.nullable(),
  /** Why it ended: every player done, the time limit, or the host ended it; null while on. */
  endedBy: z.enum(RACE_END_CAUSES).nullable(),
  /** The givens; null during the countdown (everyone receives them at `startsAt`). */
  puzzle: Board.nullable(),
  /** The recipient's own board (givens + their correct digits); null for spectators. */
  own: Board.nullable(),
  /**
   * Boards by player id: for spectators when the host's rule allows it (delayed boards under
   * `delay`), and for everyone once the race has ended. Never present for a racing player.
   */
  boards: z.record(z.string(), Board).nullable(),
  /** Only once the race has ended. */
  solution: Board.nullable(),
  /** Only once the race has ended, best first. */
  standings: z.array(StandingSchema).nullable(),
  /** A team race: every team, best first (live, and final once it has ended); null otherwise. */
  teams: z.array(TeamViewSchema).nullable(),
  /**
   * How long the server was away during this race (ms, 0 if never): its clock was paused for
   * that long — `startsAt`, `endsAt` and the finish-time basis were shifted forward by it.
   */
  pausedMs: Count,
});
export type RaceView = z.infer<typeof RaceViewSchema>;

/** The race the room played last, kept in the lobby until the next race starts. */
export const LastRaceViewSchema = z.object({
  id: z.string(),
  variant: Variant,
  difficulty: Difficulty,
  endedBy: z.enum(RACE_END_CAUSES),
  /** Best first. */
  standings: z.array(StandingSchema),
  /** A team race: its teams, best first; null otherwise. */
  teams: z.array(TeamViewSchema).nullable(),
});
export type LastRaceView = z.infer<typeof LastRaceViewSchema>;

/** Whether the host's `race:start` would start a race now, and if not, why. */
export const StartCheckSchema = z.object({
  allowed: z.boolean(),
  /** The error `race:start` would answer now; null when allowed. */
  refusal: WireErrorSchema.nullable(),
  /** The playing seats the start waits for (not ready yet), in join order. */
  waitingFor: z.array(PlayerIdSchema),
});
export type StartCheck = z.infer<typeof StartCheckSchema>;

/**
 * What the recipient may do now: each field is exactly what the server would accept (the room
 * core answers commands with the same rules). A client shows these controls and no others.
 */
export const PermissionsSchema = z.object({
  /** `room:ready`: Ready in the lobby, Play again after a race. */
  ready: z.boolean(),
  /** `room:play`: play the next races or sit them out (lobby). */
  sitOut: z.boolean(),
  /** `race:start`: null when the control is not yours (only the host starts). */
  start: StartCheckSchema.nullable(),
  /** `room:settings`: null when you cannot change them now; else the bounds that depend on the room. */
  settings: z.object({ maxPlayersMin: z.int().min(1) }).nullable(),
  /** `room:kick`: the players you may remove now. */
  remove: z.array(PlayerIdSchema),
  /** `room:host`: the players you may hand the host role to. */
  makeHost: z.array(PlayerIdSchema),
  /** `race:end`. */
  endRace: z.boolean(),
  /** `race:rematch`. */
  rematch: z.boolean(),
  /** `race:forfeit`. */
  forfeit: z.boolean(),
  /** `race:move`. */
  move: z.boolean(),
  /** `tournament:start`: the host, between races, no evening on. */
  startTournament: z.boolean(),
  /** `tournament:end`: the host, between races, while an evening is on. */
  endTournament: z.boolean(),
  /** `team:set` and `team:balance`: the host, in the lobby, teams on. */
  teams: z.boolean(),
});
export type Permissions = z.infer<typeof PermissionsSchema>;

export const YouViewSchema = z.object({
  role: z.enum(['player', 'spectator']),
  /** Your seat (players only). */
  playerId: PlayerIdSchema.nullable(),
  can: PermissionsSchema,
});
export type YouView = z.infer<typeof YouViewSchema>;

/**
 * A runner's head start (`RoomSettings.handicap`), shown openly to everyone: in the lobby as it
 * would be for the playing seats now, from the countdown as the race fixed it.
 */
export const HandicapViewSchema = z.object({
  playerId: PlayerIdSchema,
  /** How far ahead of the strongest runner this one starts (ms; 0: the strongest). */
  headStartMs: Count,
  /** In a race: when this runner's puzzle appears (server ms); null in the lobby. */
  startsAt: Ms.nullable(),
});
export type HandicapView = z.infer<typeof HandicapViewSchema>;

/** The full snapshot of a room for one recipient: sent on join, rejoin and every change. */
/**
 * The host's own puzzle the next race will use (`room:puzzle`), as everyone sees it before the
 * start: its grade and size — never its cells, which every player gets at the start as always.
 */
export const ImportedPuzzleViewSchema = z.object({
  variant: Variant,
  difficulty: Difficulty,
  clues: Count,
});
export type ImportedPuzzleView = z.infer<typeof ImportedPuzzleViewSchema>;

export const RoomViewSchema = z.object({
  code: z.string(),
  /** Path of the join link, e.g. `/r/KQZTM`. */
  link: z.string(),
  phase: z.enum(ROOM_PHASES),
  settings: RoomSettingsSchema,
  hostId: PlayerIdSchema.nullable(),
  /** In join order. */
  players: z.array(PlayerViewSchema),
  spectators: Count,
  race: RaceViewSchema.nullable(),
  /** The last race's results: set when the room returns to the lobby, cleared at the next start. */
  lastRace: LastRaceViewSchema.nullable(),
  /** The host's own puzzle for the next race; null: the next race draws one. */
  imported: ImportedPuzzleViewSchema.nullable(),
  /** The evening of rounds on (or just over: its podium) in this room; null: none. */
  tournament: TournamentViewSchema.nullable(),
  /**
   * Why the room's rules leave the next race unrated whoever plays it (`roomUnrated`,
   * `importedPuzzle`, `handicap`, `relaxed`); null when they let it be rated (it still needs two
   * rated runners: `RaceView.unrated`). Clients show it as the lobby's Rated/Unrated badge.
   */
  unratedRules: z.enum(UNRATED_REASONS).nullable(),
  /** Head starts (`settings.handicap`): the lobby's preview or the race's, best-rated first; null when off. */
  handicaps: z.array(HandicapViewSchema).nullable(),
  you: YouViewSchema,
  serverNow: Ms,
});
export type RoomView = z.infer<typeof RoomViewSchema>;

/** Sent to the room after each accepted move (a cheaper update than a full `room:state`). */
export const ProgressEventSchema = z.object({
  playerId: PlayerIdSchema,
  status: Status,
  progress: ProgressViewSchema,
  timeMs: Ms.nullable(),
  /** As `PlayerRaceView.place`. */
  place: z.int().min(1).nullable(),
  /** That player's board, only to spectators under the `live` rule. */
  board: Board.nullable(),
  /** A team race: that player's team's progress after the move; null otherwise. */
  team: TeamProgressSchema.nullable(),
});
export type ProgressEvent = z.infer<typeof ProgressEventSchema>;

/**
 * `race:progress`: the latest progress of every other player who moved since the member's
 * previous one, sent at most every `PROGRESS_BATCH_MS`, in the order of their first move since.
 * Never the member's own (the acknowledgement of each of its moves carries it).
 */
export const ProgressBatchSchema = z.object({
  events: z.array(ProgressEventSchema).min(1),
});
export type ProgressBatch = z.infer<typeof ProgressBatchSchema>;

/**
 * `room:reaction`, to every member: a reaction someone in the room sent (`room:react`), with
 * who (a seat; `playerId` null: a spectator, who is not named) and when (server clock).
 */
export const ReactionEventSchema = z.object({
  emoji: z.enum(REACTIONS),
  playerId: PlayerIdSchema.nullable(),
  at: Ms,
});
export type ReactionEvent = z.infer<typeof ReactionEventSchema>;

export const SessionEndedEventSchema = z.object({
  reason: z.enum(SESSION_END_REASONS),
  message: z.string(),
});
export type SessionEndedEvent = z.infer<typeof SessionEndedEventSchema>;
