import { z } from 'zod';
import type { MoveRecord, RaceRecord, Rating, StoredPlayer } from '../rooms/index.ts';

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
  verdict: z.enum(['correct', 'wrong', 'cleared']),
});

export const RaceRowSchema = z.object({
  id: z.string().min(1),
  roomCode: z.string(),
  variant: z.string(),
  difficulty: z.string(),
  puzzle: z.string().length(81),
  solution: z.string().length(81),
  startedAt: z.number(),
  endedAt: z.number(),
  rated: Flag,
  commitment: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  secret: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});

export const PlayerRowSchema = z
  .object({
    playerId: z.string().min(1),
    deviceId: z.string().min(1),
    nickname: z.string().min(1),
    place: z.int().min(1).nullable(),
    timeMs: z.number().nullable(),
    mistakes: z.int().min(0),
    outcome: z.enum(['finished', 'eliminated', 'left', 'timeout', 'forfeited', 'idle']),
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

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);

const RecordPlayerSchema = z.object({
  playerId: z.string().min(1),
  deviceId: z.string().min(1),
  nickname: z.string().min(1),
  place: z.int().min(1).nullable(),
  timeMs: z.number().nullable(),
  mistakes: z.int().min(0),
  outcome: z.enum(['finished', 'eliminated', 'left', 'timeout', 'forfeited', 'idle']),
  rating: z
    .object({ before: z.number(), after: z.number(), provisional: z.boolean() })
    .nullable()
    .default(null),
  newRating: RatingRowSchema.nullable().default(null),
});

/**
 * A race record as it was queued (a cluster's outbox, JSON): the fields added with ratings and
 * commit–reveal default for a record queued by the version before them — unrated, no
 * commitment, no rating change — so that it stores as such instead of failing forever.
 */
export const RaceRecordSchema = z.object({
  id: z.string().min(1),
  roomCode: z.string().min(1),
  variant: z.string().min(1),
  difficulty: z.string().min(1),
  puzzle: z.string().length(81),
  solution: z.string().length(81),
  startedAt: z.number(),
  endedAt: z.number(),
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

/**
 * The condition under which a stored race's new rating replaces the device's stored one (the
 * `WHERE` of both databases' upsert): it counts more rated races, or as many and its race ended
 * later. Races copied out of order (a cluster's outbox) leave the newest rating; of two races
 * the device ran at the same time in two rooms (both from the same rating), the later-ended
 * one's result stands and the other's is lost.
 */
export const RATING_MOVES_FORWARD = `WHERE ratings.races < excluded.races
  OR (ratings.races = excluded.races AND ratings.updated_at < excluded.updated_at)`;

/** The `ratings` rows a stored race writes: each rated player's new rating. */
export function newRatingsOf(record: RaceRecord) {
  return record.players.flatMap((p) =>
    p.newRating === null
      ? []
      : [{ deviceId: p.deviceId, ...p.newRating, updatedAt: record.endedAt }],
  );
}

/** A race's row as SQLite binds it (no booleans there: `rated` is 0 or 1). */
export type RaceRow = Omit<RaceRecord, 'players' | 'rated'> & { readonly rated: 0 | 1 };

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
