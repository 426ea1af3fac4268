/**
 * Where the daily puzzles and each device's best solve of them are kept: the same SQLite file
 * as the races (one machine) or the same PostgreSQL (`DATABASE_URL`), so every node and process
 * serves the same puzzle and leaderboard. Tables `daily_puzzles` and `daily_results` (SQLite
 * migration 4, PostgreSQL 2), `daily_starts` (SQLite 5, PostgreSQL 3). Moves read back are
 * validated; a damaged row is an error.
 */
import { DailyMoveSchema, type DailyEntryView, type DailyMove } from '@percent/protocol';
import { z } from 'zod';

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
}

/** An attempt begun on the server's clock (`POST …/start`); its solve is posted with its id. */
export interface DailyStart {
  readonly startId: string;
  readonly day: string;
  readonly variant: string;
  readonly deviceId: string;
  /** The server's clock at the start, ms since the epoch. */
  readonly startedAt: number;
}

/** Starts are kept this long (a solve's stopwatch runs at most `MAX_DAILY_MS`), then pruned. */
export const DAILY_START_KEPT_MS = 2 * 86_400_000;

export interface DailyCount {
  readonly day: string;
  readonly variant: string;
  readonly solvers: number;
  readonly bestTimeMs: number | null;
}

export interface DailyStore {
  puzzle(day: string, variant: string): Promise<DailyPuzzleRecord | undefined>;
  /**
   * Stores the puzzle unless the day's is already there (`ON CONFLICT DO NOTHING`), then reads
   * back the stored one: whoever inserted first, every node serves the same.
   */
  putPuzzle(record: DailyPuzzleRecord, createdAt: number): Promise<DailyPuzzleRecord>;
  /**
   * Keeps the device's best (less time; equal time, fewer mistakes): `improved` when this solve
   * became it. `on_the_day` stays set once a solve was made on the day.
   */
  recordSolve(solve: DailySolve): Promise<{ improved: boolean }>;
  /** Stores an attempt, pruning those older than `DAILY_START_KEPT_MS` before `start.startedAt`. */
  putStart(start: DailyStart): Promise<void>;
  /** The attempt with that id, if it is (still) kept. */
  startOf(startId: string): Promise<DailyStart | undefined>;
  /** Fastest first (time, mistakes, earlier post). */
  leaderboard(day: string, variant: string, limit: number): Promise<DailyEntryView[]>;
  /** The device's best with its rank, or null. */
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
