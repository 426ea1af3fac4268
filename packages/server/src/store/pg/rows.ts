import { types } from 'pg';
import { DIFFICULTIES, RUNNER_STATUSES, VARIANTS } from '@percent/protocol';
import { z } from 'zod';
import type { HistoryEntry, LeaderboardEntry } from '../store.ts';

/**
 * PostgreSQL returns BIGINT (epoch ms, times, counts) as text, since it may exceed 2^53. Ours
 * never do: they come back as numbers, and one that does not fit stays text, which the row
 * schemas then reject as damaged instead of rounding it silently.
 */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === types.builtins.INT8 && format !== 'binary') return parseInt8;
    return types.getTypeParser(oid, format);
  }) as typeof types.getTypeParser,
};

function parseInt8(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

/** A history row as `HISTORY_SQL` reads it (`../rows.ts` has the race, player and move rows). */
const HistoryRowSchema = z.object({
  raceId: z.string().min(1),
  roomCode: z.string(),
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  endedAt: z.int(),
  nickname: z.string().min(1),
  place: z.int().min(1).nullable(),
  timeMs: z.int().nullable(),
  mistakes: z.int().min(0),
  outcome: z.enum(RUNNER_STATUSES).exclude(['racing']),
  players: z.int().min(1),
  teamPlace: z.int().min(1).nullable(),
});

const LeaderboardRowSchema = z.object({
  nickname: z.string().min(1),
  deviceId: z.string().min(1),
  wins: z.int().min(0),
  races: z.int().min(1),
  bestTimeMs: z.int().nullable(),
});

/** The rows as entries; throws naming the first damaged row (`where`: whose rows they are). */
export function historyFromRows(where: string, rows: readonly unknown[]): HistoryEntry[] {
  return rows.map((row, index) => checked(HistoryRowSchema, row, `${where}, row ${index}`));
}

export function leaderboardFromRows(where: string, rows: readonly unknown[]): LeaderboardEntry[] {
  return rows.map((row, index) => checked(LeaderboardRowSchema, row, `${where}, row ${index}`));
}

/** The row as the schema's type, or a message naming the row and its first bad field. */
export function parseRow<T>(
  schema: z.ZodType<T>,
  row: unknown,
  where: string,
): { ok: true; value: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(row);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `${where} is damaged: ${issue?.path.join('.')}: ${issue?.message}` };
}

function checked<T>(schema: z.ZodType<T>, row: unknown, where: string): T {
  const parsed = parseRow(schema, row, where);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}
