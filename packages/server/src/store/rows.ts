import { DIFFICULTIES, MOVE_VERDICTS, RUNNER_STATUSES, VARIANTS } from '@percent/protocol';
import { z } from 'zod';
import {
  applyRaceRating,
  INITIAL_RATING,
  onRaceClock,
  type MoveRecord,
  type RaceRecord,
  type Rating,
  type RatingChange,
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
 * number (`rating.before`) and race count (one fewer than after) are known, which is what
 * `applyRaceRating` compares; its deviation and volatility are taken as after's, so that
 * applied as a difference the race changes neither.
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
  players: z.array(RecordPlayerSchema),
}) satisfies z.ZodType<RaceRecord, unknown>;

/** The record `value` holds, or an error naming the first bad field and `where` it was read. */
export function parseRaceRecord(value: unknown, where: string): RaceRecord {
  const parsed = RaceRecordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${where}: ${issue?.path.join('.') || 'record'}: ${issue?.message}`);
}

/** The rating changes a stored race makes: each rated player's before and after. */
export function ratingChangesOf(
  record: RaceRecord,
): (RatingChange & { readonly deviceId: string })[] {
  return record.players.flatMap(({ deviceId, oldRating, newRating }) =>
    oldRating && newRating ? [{ deviceId, before: oldRating, after: newRating }] : [],
  );
}

/**
 * The `ratings` rows a newly stored race writes: each rated device's rating as `stored` gives
 * it (read in the race's transaction, under the write lock; none: `INITIAL_RATING`) with the
 * race's change applied (`applyRaceRating`). Both databases write exactly these.
 */
export function ratingRowsOf(
  record: RaceRecord,
  stored: (deviceId: string) => Rating | null | undefined,
) {
  const next = new Map<string, Rating>();
  for (const { deviceId, before, after } of ratingChangesOf(record)) {
    const current = next.get(deviceId) ?? stored(deviceId) ?? INITIAL_RATING;
    next.set(deviceId, applyRaceRating(current, { before, after }));
  }
  return [...next].map(([deviceId, rating]) => ({
    deviceId,
    ...rating,
    updatedAt: record.endedAt,
  }));
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
  const { pauses, ...race } = header;
  const logged = moves.map((move, seq) => ({ ...move, raceId: race.id, seq }));
  const timed = onRaceClock({ ...race, pauses }, logged);
  return { ...race, durationMs: timed.durationMs, players, moves: timed.moves };
}

/** A race's row as SQLite binds it (no booleans there: `rated` is 0 or 1; pauses as JSON). */
export type RaceRow = Omit<RaceRecord, 'players' | 'rated' | 'pauses'> & {
  readonly rated: 0 | 1;
  readonly pauses: string;
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
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly provisional: 0 | 1 | null;
}

/** The standing of `player` in race `raceId` as a row. */
export function playerRow(raceId: string, player: RaceRecord['players'][number]): PlayerRow {
  const { playerId, deviceId, nickname, place, timeMs, mistakes, outcome, rating } = player;
  return {
    raceId,
    playerId,
    deviceId,
    nickname,
    place,
    timeMs,
    mistakes,
    outcome,
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
