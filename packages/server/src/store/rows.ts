import {
  DIFFICULTIES,
  MOVE_VERDICTS,
  RaceRoundViewSchema,
  RUNNER_STATUSES,
  VARIANTS,
} from '@percent/protocol';
import { z } from 'zod';
import {
  INITIAL_RATING,
  isProvisional,
  rateRace,
  onRaceClock,
  type MoveRecord,
  type RaceRecord,
  type Rating,
  type StoredPlayer,
  type StoredRace,
} from '../rooms/index.ts';

/** A flag as either database gives it back: SQLite's 0/1, PostgreSQL's boolean. */
const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1);

/**
 * The shapes of rows read back from SQLite. The database's CHECKs guard what is written; these
 * guard what is read (a file edited by hand, a disk error), so that a damaged row is reported
 * with its place instead of flowing into a room.
 */
export const MoveRowSchema = z.object({
  seq: z.int().min(0),
  playerId: z.string().min(1),
  moveId: z.string().min(1),
  at: z.number(),
  cell: z.int().min(0).max(80),
  digit: z.int().min(0).max(9),
  verdict: z.enum(MOVE_VERDICTS),
});

/** A race's pauses (`Pause[]`): JSON text in either database. */
const PausesSchema = z.array(z.object({ at: z.number(), ms: z.number().min(0) })).readonly();

const PausesColumn = z.string().transform((text, ctx) => {
  try {
    const parsed = PausesSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'not a JSON list of pauses' });
  return z.NEVER;
});

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const RaceRowSchema = z.object({
  id: z.string().min(1),
  roomCode: z.string(),
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  puzzle: z.string().length(81),
  solution: z.string().length(81),
  startedAt: z.number(),
  endedAt: z.number(),
  pauses: PausesColumn,
  rated: Flag,
  commitment: Hex64.nullable(),
  secret: Hex64.nullable(),
  /** The evening it was a round of (columns added with tournaments: null before). */
  tournamentId: z.string().nullable().default(null),
  tournamentRound: z.int().min(1).nullable().default(null),
  tournamentRounds: z.int().min(1).nullable().default(null),
});

/** A player's standing, as a row of `race_players` and in a queued race record alike. */
const StandingFields = {
  playerId: z.string().min(1),
  deviceId: z.string().min(1),
  nickname: z.string().min(1),
  place: z.int().min(1).nullable(),
  timeMs: z.number().nullable(),
  mistakes: z.int().min(0),
  outcome: z.enum(RUNNER_STATUSES).exclude(['racing']),
  /** Absent before flags were stored (SQLite 8, PostgreSQL 6): none. */
  flag: z.enum(['tooFast']).nullable().default(null),
  /** Absent before tournaments (SQLite 9, PostgreSQL 7), and outside one: null. */
  points: z.int().min(0).nullable().default(null),
  /** Absent before team races (SQLite 10, PostgreSQL 8), and outside one: null. */
  team: z.int().min(0).max(3).nullable().default(null),
  teamPlace: z.int().min(1).nullable().default(null),
  /** Absent before standings kept the seat's colour (same migrations as teams): null. */
  colour: z.int().min(0).max(7).nullable().default(null),
};

export const PlayerRowSchema = z
  .object({
    ...StandingFields,
    ratingBefore: z.number().nullable(),
    ratingAfter: z.number().nullable(),
    provisional: Flag.nullable(),
  })
  .transform(({ ratingBefore, ratingAfter, provisional, ...player }): StoredPlayer => ({
    ...player,
    rating:
      ratingBefore === null || ratingAfter === null
        ? null
        : { before: ratingBefore, after: ratingAfter, provisional: provisional ?? false },
  }));

/** A device's row of `ratings`. */
export const RatingRowSchema = z.object({
  rating: z.number(),
  rd: z.number().positive(),
  volatility: z.number().positive(),
  races: z.int().min(0),
}) satisfies z.ZodType<Rating>;

const RecordPlayerSchema = z
  .object({
    ...StandingFields,
    rating: z
      .object({ before: z.number(), after: z.number(), provisional: z.boolean() })
      .nullable()
      .default(null),
    oldRating: RatingRowSchema.nullable().optional(),
    newRating: RatingRowSchema.nullable().default(null),
  })
  .transform(({ oldRating, ...player }) => ({
    ...player,
    oldRating: oldRating === undefined ? formerBefore(player) : oldRating,
  }));

/**
 * The rating a rated player started from, for a record queued before records carried it: its
 * number (`rating.before`) and race count (one fewer than after) are known; its deviation and
 * volatility are taken as after's.
 */
function formerBefore(player: {
  rating: { before: number } | null;
  newRating: Rating | null;
}): Rating | null {
  const { rating, newRating } = player;
  if (rating === null || newRating === null) return null;
  return { ...newRating, rating: rating.before, races: Math.max(0, newRating.races - 1) };
}

/**
 * A race record as it was queued (a cluster's outbox, JSON): the fields added with ratings,
 * commit–reveal and pauses default for a record queued by a version before them — unrated, no
 * commitment, no rating change, no pauses — so that it stores as such instead of failing
 * forever.
 */
export const RaceRecordSchema = z.object({
  id: z.string().min(1),
  roomCode: z.string().min(1),
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  puzzle: z.string().length(81),
  solution: z.string().length(81),
  startedAt: z.number(),
  endedAt: z.number(),
  pauses: PausesSchema.default([]),
  rated: z.boolean().default(false),
  commitment: Hex64.nullable().default(null),
  secret: Hex64.nullable().default(null),
  tournament: RaceRoundViewSchema.nullable().default(null),
  players: z.array(RecordPlayerSchema),
}) satisfies z.ZodType<RaceRecord, unknown>;

/** The record `value` holds, or an error naming the first bad field and `where` it was read. */
export function parseRaceRecord(value: unknown, where: string): RaceRecord {
  const parsed = RaceRecordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${where}: ${issue?.path.join('.') || 'record'}: ${issue?.message}`);
}

/** A device's rating as the store holds it, with when the last race that rated it ran. */
export interface StoredRating extends Rating {
  /** That race's end, epoch ms (`ratings.updated_at`). */
  readonly updatedAt: number;
  /** Its start (`ratings.rated_from`); null in a row written before it was kept. */
  readonly ratedFrom: number | null;
}

/** The race ran while the one that last rated the device ran: their times overlap. */
const overlaps = (held: StoredRating, record: RaceRecord): boolean =>
  record.startedAt < held.updatedAt && (held.ratedFrom ?? held.updatedAt) < record.endedAt;

/**
 * A newly stored race's ratings, settled in the transaction that stores it, from each device's
 * rating as the store holds it now (`stored`, read under the write lock; none:
 * `INITIAL_RATING`) — never from the copy the room took at the join, which another race of the
 * device may have changed since. The players the room rated play Glicko-2 again among
 * themselves, on their outcomes and times, except a device whose stored rating was changed by
 * a race that ran at the same time as this one: a device is in one rated race at a time, and
 * of two at once only the first stored rates it (the last race that rated a device is kept, so
 * a race copied late by a cluster still counts unless it overlaps that one). Fewer than two
 * left: the race rates nobody.
 *
 * Gives the record as it is stored (its players' before and after, `rated`) and the `ratings`
 * rows to write. Both databases write exactly these. Normally `stored` is what the room had,
 * and the numbers are the ones its standings showed.
 */
export function settleRatings(
  record: RaceRecord,
  stored: (deviceId: string) => StoredRating | null | undefined,
): {
  record: RaceRecord;
  rows: (Rating & { deviceId: string; updatedAt: number; ratedFrom: number })[];
} {
  const free = record.players.filter((p) => {
    if (!p.oldRating || !p.newRating) return false;
    const held = stored(p.deviceId);
    return !held || !overlaps(held, record);
  });
  const before = free.map(({ deviceId }) => {
    const held = stored(deviceId);
    return held
      ? { rating: held.rating, rd: held.rd, volatility: held.volatility, races: held.races }
      : INITIAL_RATING;
  });
  const after =
    free.length < 2
      ? []
      : rateRace(
          free.map((p, i) => ({ outcome: p.outcome, timeMs: p.timeMs, rating: before[i]! })),
        );
  const settled = new Map(
    free.flatMap((p, i) =>
      after[i] ? [[p.playerId, { old: before[i]!, next: after[i]! }] as const] : [],
    ),
  );
  const players = record.players.map((player) => {
    const change = settled.get(player.playerId);
    if (!change) return { ...player, rating: null, oldRating: null, newRating: null };
    const { old, next } = change;
    const rating = { before: old.rating, after: next.rating, provisional: isProvisional(next) };
    return { ...player, rating, oldRating: old, newRating: next };
  });
  const rows = record.players.flatMap(({ playerId, deviceId }) => {
    const change = settled.get(playerId);
    const times = { updatedAt: record.endedAt, ratedFrom: record.startedAt };
    return change ? [{ deviceId, ...change.next, ...times }] : [];
  });
  return { record: { ...record, rated: settled.size > 0, players }, rows };
}

/**
 * A stored race as read: its header without the pauses, which give every move its time on the
 * race clock (`onRaceClock`) and the race its length on it.
 */
export function storedRace(
  header: z.output<typeof RaceRowSchema>,
  players: StoredRace['players'],
  moves: readonly MoveRecord[],
): StoredRace {
  const { pauses, tournamentId, tournamentRound, tournamentRounds, ...race } = header;
  const tournament =
    tournamentId === null || tournamentRound === null
      ? null
      : { id: tournamentId, round: tournamentRound, rounds: tournamentRounds };
  const logged = moves.map((move, seq) => ({ ...move, raceId: race.id, seq }));
  const timed = onRaceClock({ ...race, pauses }, logged);
  return { ...race, tournament, durationMs: timed.durationMs, players, moves: timed.moves };
}

/** A race's row as SQLite binds it (no booleans there: `rated` is 0 or 1; pauses as JSON). */
export type RaceRow = Omit<RaceRecord, 'players' | 'rated' | 'pauses' | 'tournament'> & {
  readonly rated: 0 | 1;
  readonly pauses: string;
  readonly tournamentId: string | null;
  readonly tournamentRound: number | null;
  readonly tournamentRounds: number | null;
};

/** A standing's row as SQLite binds it. */
export interface PlayerRow {
  readonly raceId: string;
  readonly playerId: string;
  readonly deviceId: string;
  readonly nickname: string;
  readonly place: number | null;
  readonly timeMs: number | null;
  readonly mistakes: number;
  readonly outcome: string;
  readonly flag: 'tooFast' | null;
  readonly points: number | null;
  readonly team: number | null;
  readonly teamPlace: number | null;
  readonly colour: number | null;
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly provisional: 0 | 1 | null;
}

/** The standing of `player` in race `raceId` as a row. */
export function playerRow(raceId: string, player: RaceRecord['players'][number]): PlayerRow {
  const { playerId, deviceId, nickname, place, timeMs, mistakes, outcome, rating, flag } = player;
  const { points, team, teamPlace, colour } = player;
  return {
    raceId,
    playerId,
    deviceId,
    nickname,
    place,
    timeMs,
    mistakes,
    outcome,
    flag,
    points,
    team,
    teamPlace,
    colour,
    ratingBefore: rating?.before ?? null,
    ratingAfter: rating?.after ?? null,
    provisional: rating === null ? null : rating.provisional ? 1 : 0,
  };
}

/** The race's moves in order, as records; the first bad row or a gap in `seq` is the error. */
export function movesFromRows(
  raceId: string,
  rows: readonly unknown[],
): { ok: true; value: MoveRecord[] } | { ok: false; message: string } {
  const moves: MoveRecord[] = [];
  for (const [index, row] of rows.entries()) {
    const parsed = MoveRowSchema.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = `move_log row ${index} of race ${raceId}`;
      return { ok: false, message: `${where}: ${issue?.path.join('.')}: ${issue?.message}` };
    }
    const { seq, ...move } = parsed.data;
    if (seq !== index) {
      return { ok: false, message: `move_log of race ${raceId} has no move ${index} (gap)` };
    }
    moves.push(move);
  }
  return { ok: true, value: moves };
}
