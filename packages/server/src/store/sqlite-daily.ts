import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DailyEntryView, DailyMove } from '@percent/protocol';
import {
  entryOfRow,
  movesFromColumn,
  RANK_ORDER,
  DAILY_START_KEPT_MS,
  type DailyCount,
  type DailyPuzzleRecord,
  type DailySolve,
  type DailyStart,
  type DailyStore,
  type EntryRow,
} from './daily-store.ts';
import { migrate } from './migrations.ts';
import { BUSY_TIMEOUT_MS, DATABASE_FILE } from './sqlite.ts';

/**
 * The daily store on SQLite: its own connection to the races' file in `dataDir` (WAL: readers
 * never wait), or a private in-memory database (`memory: true`, tests). Migrates like the
 * store does (a no-op when it already has).
 */
export function openSqliteDaily(options: { dataDir: string } | { memory: true }): DailyStore {
  const location = 'memory' in options ? ':memory:' : join(options.dataDir, DATABASE_FILE);
  const db = new Database(location, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.transaction(() => migrate(db)).immediate();
  } catch (error) {
    db.close();
    throw new Error(`Cannot open the daily store at ${location}: ${String(error)}`, {
      cause: error,
    });
  }
  return new SqliteDaily(db);
}

type Row = EntryRow & { moves: string; day: string; variant: string };

class SqliteDaily implements DailyStore {
  constructor(private readonly db: Database.Database) {}

  async puzzle(day: string, variant: string): Promise<DailyPuzzleRecord | undefined> {
    return this.db
      .prepare<[string, string], DailyPuzzleRecord>(
        `SELECT day, variant, difficulty, puzzle, solution FROM daily_puzzles
         WHERE day = ? AND variant = ?`,
      )
      .get(day, variant);
  }

  async putPuzzle(record: DailyPuzzleRecord, createdAt: number): Promise<DailyPuzzleRecord> {
    this.db
      .prepare(
        `INSERT INTO daily_puzzles (day, variant, difficulty, puzzle, solution, created_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .run(
        record.day,
        record.variant,
        record.difficulty,
        record.puzzle,
        record.solution,
        createdAt,
      );
    const stored = await this.puzzle(record.day, record.variant);
    if (!stored) throw new Error(`daily puzzle ${record.day}/${record.variant} was not stored`);
    return stored;
  }

  async recordSolve(solve: DailySolve): Promise<{ improved: boolean }> {
    const upsert = this.db.prepare(
      `INSERT INTO daily_results
         (day, variant, device_id, nickname, time_ms, mistakes, moves, submitted_at, on_the_day)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (day, variant, device_id) DO UPDATE SET
         nickname = excluded.nickname, time_ms = excluded.time_ms,
         mistakes = excluded.mistakes, moves = excluded.moves,
         submitted_at = excluded.submitted_at,
         on_the_day = max(daily_results.on_the_day, excluded.on_the_day)
       WHERE excluded.time_ms < daily_results.time_ms
          OR (excluded.time_ms = daily_results.time_ms
              AND excluded.mistakes < daily_results.mistakes)
       RETURNING 1 AS stored`,
    );
    const row = upsert.get(
      solve.day,
      solve.variant,
      solve.deviceId,
      solve.nickname,
      solve.timeMs,
      solve.mistakes,
      JSON.stringify(solve.moves),
      solve.submittedAt,
      solve.onTheDay ? 1 : 0,
    );
    return { improved: row !== undefined };
  }

  async putStart(start: DailyStart): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM daily_starts WHERE started_at < ?')
        .run(start.startedAt - DAILY_START_KEPT_MS);
      this.db
        .prepare(
          `INSERT INTO daily_starts (start_id, day, variant, device_id, started_at)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(start.startId, start.day, start.variant, start.deviceId, start.startedAt);
    })();
  }

  async startOf(startId: string): Promise<DailyStart | undefined> {
    return this.db
      .prepare<[string], DailyStart>(
        `SELECT start_id AS startId, day, variant, device_id AS deviceId, started_at AS startedAt
         FROM daily_starts WHERE start_id = ?`,
      )
      .get(startId);
  }

  async leaderboard(day: string, variant: string, limit: number): Promise<DailyEntryView[]> {
    return this.db
      .prepare<[string, string, number], EntryRow>(
        `SELECT nickname, time_ms, mistakes, on_the_day FROM daily_results
         WHERE day = ? AND variant = ? ORDER BY ${RANK_ORDER} LIMIT ?`,
      )
      .all(day, variant, limit)
      .map((row, i) => entryOfRow(row, i + 1));
  }

  async entryOf(day: string, variant: string, deviceId: string): Promise<DailyEntryView | null> {
    const row = this.db
      .prepare<[string, string, string], EntryRow & { rank: number }>(
        `SELECT me.nickname, me.time_ms, me.mistakes, me.on_the_day,
           (SELECT COUNT(*) + 1 FROM daily_results o
            WHERE o.day = me.day AND o.variant = me.variant
              AND (o.time_ms, o.mistakes, o.submitted_at, o.device_id)
                < (me.time_ms, me.mistakes, me.submitted_at, me.device_id)) AS rank
         FROM daily_results me WHERE me.day = ? AND me.variant = ? AND me.device_id = ?`,
      )
      .get(day, variant, deviceId);
    return row ? entryOfRow(row, row.rank) : null;
  }

  async solvers(day: string, variant: string): Promise<number> {
    const row = this.db
      .prepare<[string, string], { n: number }>(
        'SELECT COUNT(*) AS n FROM daily_results WHERE day = ? AND variant = ?',
      )
      .get(day, variant);
    return row?.n ?? 0;
  }

  async counts(from: string, to: string): Promise<DailyCount[]> {
    return this.db
      .prepare<[string, string], { day: string; variant: string; n: number; best: number }>(
        `SELECT day, variant, COUNT(*) AS n, MIN(time_ms) AS best FROM daily_results
         WHERE day >= ? AND day <= ? GROUP BY day, variant`,
      )
      .all(from, to)
      .map((row) => ({
        day: row.day,
        variant: row.variant,
        solvers: row.n,
        bestTimeMs: row.best,
      }));
  }

  async streakDays(deviceId: string): Promise<string[]> {
    return this.db
      .prepare<[string], { day: string }>(
        `SELECT DISTINCT day FROM daily_results WHERE device_id = ? AND on_the_day = 1
         ORDER BY day DESC`,
      )
      .all(deviceId)
      .map((row) => row.day);
  }

  async ranked(
    day: string,
    variant: string,
    rank: number,
  ): Promise<{ entry: DailyEntryView; moves: DailyMove[] } | undefined> {
    const row = this.db
      .prepare<[string, string, number], Row>(
        `SELECT day, variant, nickname, time_ms, mistakes, on_the_day, moves FROM daily_results
         WHERE day = ? AND variant = ? ORDER BY ${RANK_ORDER} LIMIT 1 OFFSET ?`,
      )
      .get(day, variant, rank - 1);
    if (!row) return undefined;
    return { entry: entryOfRow(row, rank), moves: movesFromColumn(row.moves, `${day}/${variant}`) };
  }

  async ping(): Promise<boolean> {
    try {
      return this.db.open && this.db.prepare('SELECT 1').get() !== undefined;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
