/**
 * Where the daily puzzles, the attempts at them and each device's ranked solve are kept: the
 * same SQLite file as the races (one machine) or the same PostgreSQL (`DATABASE_URL`), so every
 * node and process serves the same puzzle and leaderboard. Tables `daily_puzzles` and
 * `daily_results` (SQLite migration 4, PostgreSQL 2), `daily_attempts` and `device_keys`
 * (SQLite 8, PostgreSQL 6) — the device keys live here too (`devices.ts`). Moves read back are
 * validated; a damaged row is an error.
 */
import {
  DailyAttemptMoveViewSchema,
  DailyMoveSchema,
  type DailyAttemptMoveView,
  type DailyEntryView,
  type DailyMove,
} from '@percent/protocol';
import { z } from 'zod';
import type { DeviceKeyStore } from '../devices.ts';

export interface DailyPuzzleRecord {
  readonly day: string;
  readonly variant: string;
  readonly difficulty: string;
  readonly puzzle: string;
  readonly solution: string;
}

export interface DailySolve {
  readonly day: string;
  readonly variant: string;
  readonly deviceId: string;
  readonly nickname: string;
  readonly timeMs: number;
  readonly mistakes: number;
  readonly moves: readonly DailyMove[];
  readonly submittedAt: number;
  readonly onTheDay: boolean;
  /** The attempt that made it. */
  readonly attemptId: string;
}

/** An attempt begun on the server's clock (`POST …/attempts`), with its judged moves. */
export interface DailyAttempt {
  readonly attemptId: string;
  readonly day: string;
  readonly variant: string;
  readonly deviceId: string;
  readonly nickname: string;
  /** The server's clock at the start, ms since the epoch. */
  readonly startedAt: number;
  /** In order: `moves[i].seq === i`. */
  readonly moves: readonly DailyAttemptMoveView[];
  /** When the last move solved the board; null before. */
  readonly finishedAt: number | null;
}

/** Attempts are kept this long (one takes moves for `MAX_DAILY_MS`), then pruned. */
export const DAILY_ATTEMPT_KEPT_MS = 2 * 86_400_000;

export interface DailyCount {
  readonly day: string;
  readonly variant: string;
  readonly solvers: number;
  readonly bestTimeMs: number | null;
}

/** The device keys (`devices.ts`) share its database and connection. */
export interface DailyStore extends DeviceKeyStore {
  puzzle(day: string, variant: string): Promise<DailyPuzzleRecord | undefined>;
  /**
   * Stores the puzzle unless the day's is already there (`ON CONFLICT DO NOTHING`), then reads
   * back the stored one: whoever inserted first, every node serves the same.
   */
  putPuzzle(record: DailyPuzzleRecord, createdAt: number): Promise<DailyPuzzleRecord>;
  /**
   * Keeps the solve as the device's ranked one unless it has one (`ON CONFLICT DO NOTHING`):
   * `ranked` when the kept one is this attempt's — so a retry of the same attempt's finish is
   * still ranked, and of two attempts finishing at once exactly one is.
   */
  recordSolve(solve: DailySolve): Promise<{ ranked: boolean }>;
  /** Stores a new attempt, pruning those older than `DAILY_ATTEMPT_KEPT_MS` before its start. */
  putAttempt(attempt: DailyAttempt): Promise<void>;
  /** The attempt with that id, if it is (still) kept. */
  attemptOf(attemptId: string): Promise<DailyAttempt | undefined>;
  /**
   * Writes the attempt's moves (and its finish) if it still has `expected` of them: false when
   * another request wrote first (the caller reads it again).
   */
  saveMoves(
    attemptId: string,
    expected: number,
    moves: readonly DailyAttemptMoveView[],
    finishedAt: number | null,
  ): Promise<boolean>;
  /** Fastest first (time, mistakes, earlier post). */
  leaderboard(day: string, variant: string, limit: number): Promise<DailyEntryView[]>;
  /** The device's ranked solve with its rank, or null. */
  entryOf(day: string, variant: string, deviceId: string): Promise<DailyEntryView | null>;
  solvers(day: string, variant: string): Promise<number>;
  /** Solvers and best time of every day and variant with a solve in [from, to]. */
  counts(from: string, to: string): Promise<DailyCount[]>;
  /** Days on which the device solved a daily on the day. */
  streakDays(deviceId: string): Promise<string[]>;
  /** The solve ranked `rank` (1 = the leader) with its moves. */
  ranked(
    day: string,
    variant: string,
    rank: number,
  ): Promise<{ entry: DailyEntryView; moves: DailyMove[] } | undefined>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The ranking, in SQL and in words: time, then mistakes, then who posted first. */
export const RANK_ORDER = 'time_ms, mistakes, submitted_at, device_id';

const MovesSchema = z.array(DailyMoveSchema);

const AttemptMovesSchema = z.array(DailyAttemptMoveViewSchema);

/** Parses an attempt's moves column; throws naming the attempt when it is damaged. */
export function attemptMovesFromColumn(text: string, attemptId: string): DailyAttemptMoveView[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`daily_attempts ${attemptId}: moves are not JSON`);
  }
  const parsed = AttemptMovesSchema.safeParse(json);
  if (!parsed.success || parsed.data.some((move, i) => move.seq !== i))
    throw new Error(`daily_attempts ${attemptId}: moves are damaged`);
  return parsed.data;
}

/** An attempt's row as either database gives it back. */
export interface AttemptRow {
  readonly attemptId: string;
  readonly day: string;
  readonly variant: string;
  readonly deviceId: string;
  readonly nickname: string;
  readonly startedAt: number | string;
  readonly moves: string;
  readonly finishedAt: number | string | null;
}

export const attemptOfRow = (row: AttemptRow): DailyAttempt => ({
  attemptId: row.attemptId,
  day: row.day,
  variant: row.variant,
  deviceId: row.deviceId,
  nickname: row.nickname,
  startedAt: Number(row.startedAt),
  moves: attemptMovesFromColumn(row.moves, row.attemptId),
  finishedAt: row.finishedAt === null ? null : Number(row.finishedAt),
});

export const ATTEMPT_COLUMNS = `attempt_id AS "attemptId", day, variant, device_id AS "deviceId",
  nickname, started_at AS "startedAt", moves, finished_at AS "finishedAt"`;

/** Parses a stored moves column; throws naming the day when it is damaged. */
export function movesFromColumn(text: string, where: string): DailyMove[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`daily_results ${where}: moves are not JSON`);
  }
  const parsed = MovesSchema.safeParse(json);
  if (!parsed.success) throw new Error(`daily_results ${where}: moves are damaged`);
  return parsed.data;
}

export interface EntryRow {
  readonly nickname: string;
  readonly time_ms: number | string;
  readonly mistakes: number;
  readonly on_the_day: number | boolean;
}

export const entryOfRow = (row: EntryRow, rank: number): DailyEntryView => ({
  rank,
  nickname: row.nickname,
  timeMs: Number(row.time_ms),
  mistakes: row.mistakes,
  onTheDay: row.on_the_day === true || row.on_the_day === 1,
});
