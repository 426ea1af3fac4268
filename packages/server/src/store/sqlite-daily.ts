import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DailyEntryView, DailyMove } from '@percent/protocol';
import type { DailyAttemptMoveView } from '@percent/protocol';
import {
  ATTEMPT_COLUMNS,
  attemptOfRow,
  DAILY_ATTEMPT_KEPT_MS,
  entryOfRow,
  movesFromColumn,
  RANK_ORDER,
  type AttemptRow,
  type DailyAttempt,
  type DailyCount,
  type DailyPuzzleRecord,
  type DailySolve,
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

  async recordSolve(solve: DailySolve): Promise<{ ranked: boolean }> {
    this.db
      .prepare(
        `INSERT INTO daily_results (day, variant, device_id, nickname, time_ms, mistakes, moves,
           submitted_at, on_the_day, attempt_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, variant, device_id) DO NOTHING`,
      )
      .run(
        solve.day,
        solve.variant,
        solve.deviceId,
        solve.nickname,
        solve.timeMs,
        solve.mistakes,
        JSON.stringify(solve.moves),
        solve.submittedAt,
        solve.onTheDay ? 1 : 0,
        solve.attemptId,
      );
    const kept = this.db
      .prepare<[string, string, string], { attempt_id: string | null }>(
        'SELECT attempt_id FROM daily_results WHERE day = ? AND variant = ? AND device_id = ?',
      )
      .get(solve.day, solve.variant, solve.deviceId);
    return { ranked: kept?.attempt_id === solve.attemptId };
  }

  async putAttempt(attempt: DailyAttempt): Promise<void> {
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM daily_attempts WHERE started_at < ?')
        .run(attempt.startedAt - DAILY_ATTEMPT_KEPT_MS);
      this.db
        .prepare(
          `INSERT INTO daily_attempts (attempt_id, day, variant, device_id, nickname, started_at,
             moves, move_count, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          attempt.attemptId,
          attempt.day,
          attempt.variant,
          attempt.deviceId,
          attempt.nickname,
          attempt.startedAt,
          JSON.stringify(attempt.moves),
          attempt.moves.length,
          attempt.finishedAt,
        );
    })();
  }

  async attemptOf(attemptId: string): Promise<DailyAttempt | undefined> {
    const row = this.db
      .prepare<[string], AttemptRow>(
        `SELECT ${ATTEMPT_COLUMNS} FROM daily_attempts WHERE attempt_id = ?`,
      )
      .get(attemptId);
    return row && attemptOfRow(row);
  }

  async saveMoves(
    attemptId: string,
    expected: number,
    moves: readonly DailyAttemptMoveView[],
    finishedAt: number | null,
  ): Promise<boolean> {
    const changed = this.db
      .prepare(
        `UPDATE daily_attempts SET moves = ?, move_count = ?, finished_at = ?
         WHERE attempt_id = ? AND move_count = ? AND finished_at IS NULL`,
      )
      .run(JSON.stringify(moves), moves.length, finishedAt, attemptId, expected);
    return changed.changes === 1;
  }

  async claimDevice(deviceId: string, secretHash: string, now: number): Promise<string> {
    this.db
      .prepare(
        `INSERT INTO device_keys (device_id, secret_hash, created_at) VALUES (?, ?, ?)
         ON CONFLICT DO NOTHING`,
      )
      .run(deviceId, secretHash, now);
    const kept = await this.deviceHash(deviceId);
    if (kept === undefined) throw new Error(`the key of device ${deviceId} was not stored`);
    return kept;
  }

  async deviceHash(deviceId: string): Promise<string | undefined> {
    return this.db
      .prepare<[string], { secret_hash: string }>(
        'SELECT secret_hash FROM device_keys WHERE device_id = ?',
      )
      .get(deviceId)?.secret_hash;
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
