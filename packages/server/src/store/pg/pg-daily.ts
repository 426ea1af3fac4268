import type { DailyAttemptMoveView, DailyEntryView, DailyMove } from '@percent/protocol';
import { Pool } from 'pg';
import { createLogger } from '../../log.ts';
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
} from '../daily-store.ts';
import { migrate } from './migrations.ts';
import { pingPool } from './ping.ts';
import { describeDatabase } from './pg-history.ts';
import { pgTypes } from './rows.ts';

/** The daily API reads a few rows per request; posts are rate-limited. */
const POOL_SIZE = 3;
const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 10_000;

const log = createLogger('daily');

/**
 * The daily store on the PostgreSQL of the history (`DATABASE_URL`), with its own pool. Migrates
 * under the advisory lock like the history does (a no-op when it already has).
 */
export async function openPgDaily(databaseUrl: string): Promise<DailyStore> {
  const where = describeDatabase(databaseUrl);
  const pool = new Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'percent-daily',
    types: pgTypes,
  });
  pool.on('error', (error) => log.error({ reason: error.message, database: where }, 'lost'));
  try {
    const client = await pool.connect();
    try {
      await migrate(client);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot open the daily store at ${where}: ${reason}`, { cause: error });
  }
  return new PgDaily(pool);
}

type Row = EntryRow & { moves: string };

class PgDaily implements DailyStore {
  private closed = false;

  constructor(private readonly pool: Pool) {}

  async puzzle(day: string, variant: string): Promise<DailyPuzzleRecord | undefined> {
    const { rows } = await this.pool.query<DailyPuzzleRecord>(
      `SELECT day, variant, difficulty, puzzle, solution FROM daily_puzzles
       WHERE day = $1 AND variant = $2`,
      [day, variant],
    );
    return rows[0];
  }

  async putPuzzle(record: DailyPuzzleRecord, createdAt: number): Promise<DailyPuzzleRecord> {
    await this.pool.query(
      `INSERT INTO daily_puzzles (day, variant, difficulty, puzzle, solution, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [record.day, record.variant, record.difficulty, record.puzzle, record.solution, createdAt],
    );
    const stored = await this.puzzle(record.day, record.variant);
    if (!stored) throw new Error(`daily puzzle ${record.day}/${record.variant} was not stored`);
    return stored;
  }

  async recordSolve(solve: DailySolve): Promise<{ ranked: boolean }> {
    await this.pool.query(
      `INSERT INTO daily_results (day, variant, device_id, nickname, time_ms, mistakes, moves,
         submitted_at, on_the_day, attempt_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (day, variant, device_id) DO NOTHING`,
      [
        solve.day,
        solve.variant,
        solve.deviceId,
        solve.nickname,
        solve.timeMs,
        solve.mistakes,
        JSON.stringify(solve.moves),
        solve.submittedAt,
        solve.onTheDay,
        solve.attemptId,
      ],
    );
    const { rows } = await this.pool.query<{ attempt_id: string | null }>(
      'SELECT attempt_id FROM daily_results WHERE day = $1 AND variant = $2 AND device_id = $3',
      [solve.day, solve.variant, solve.deviceId],
    );
    return { ranked: rows[0]?.attempt_id === solve.attemptId };
  }

  async putAttempt(attempt: DailyAttempt): Promise<void> {
    // One statement, so no transaction is needed for the prune and the insert.
    await this.pool.query(
      `WITH pruned AS (DELETE FROM daily_attempts WHERE started_at < $10)
       INSERT INTO daily_attempts (attempt_id, day, variant, device_id, nickname, started_at,
         moves, move_count, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        attempt.attemptId,
        attempt.day,
        attempt.variant,
        attempt.deviceId,
        attempt.nickname,
        attempt.startedAt,
        JSON.stringify(attempt.moves),
        attempt.moves.length,
        attempt.finishedAt,
        attempt.startedAt - DAILY_ATTEMPT_KEPT_MS,
      ],
    );
  }

  async attemptOf(attemptId: string): Promise<DailyAttempt | undefined> {
    const { rows } = await this.pool.query<AttemptRow>(
      `SELECT ${ATTEMPT_COLUMNS} FROM daily_attempts WHERE attempt_id = $1`,
      [attemptId],
    );
    return rows[0] && attemptOfRow(rows[0]);
  }

  async saveMoves(
    attemptId: string,
    expected: number,
    moves: readonly DailyAttemptMoveView[],
    finishedAt: number | null,
  ): Promise<boolean> {
    const changed = await this.pool.query(
      `UPDATE daily_attempts SET moves = $1, move_count = $2, finished_at = $3
       WHERE attempt_id = $4 AND move_count = $5 AND finished_at IS NULL`,
      [JSON.stringify(moves), moves.length, finishedAt, attemptId, expected],
    );
    return changed.rowCount === 1;
  }

  async claimDevice(deviceId: string, secretHash: string, now: number): Promise<string> {
    await this.pool.query(
      `INSERT INTO device_keys (device_id, secret_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [deviceId, secretHash, now],
    );
    const kept = await this.deviceHash(deviceId);
    if (kept === undefined) throw new Error(`the key of device ${deviceId} was not stored`);
    return kept;
  }

  async deviceHash(deviceId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM device_keys WHERE device_id = $1',
      [deviceId],
    );
    return rows[0]?.secret_hash;
  }

  async leaderboard(day: string, variant: string, limit: number): Promise<DailyEntryView[]> {
    const { rows } = await this.pool.query<EntryRow>(
      `SELECT nickname, time_ms, mistakes, on_the_day FROM daily_results
       WHERE day = $1 AND variant = $2 ORDER BY ${RANK_ORDER} LIMIT $3`,
      [day, variant, limit],
    );
    return rows.map((row, i) => entryOfRow(row, i + 1));
  }

  async entryOf(day: string, variant: string, deviceId: string): Promise<DailyEntryView | null> {
    const { rows } = await this.pool.query<EntryRow & { rank: number | string }>(
      `SELECT me.nickname, me.time_ms, me.mistakes, me.on_the_day,
         (SELECT COUNT(*) + 1 FROM daily_results o
          WHERE o.day = me.day AND o.variant = me.variant
            AND (o.time_ms, o.mistakes, o.submitted_at, o.device_id)
              < (me.time_ms, me.mistakes, me.submitted_at, me.device_id)) AS rank
       FROM daily_results me WHERE me.day = $1 AND me.variant = $2 AND me.device_id = $3`,
      [day, variant, deviceId],
    );
    const row = rows[0];
    return row ? entryOfRow(row, Number(row.rank)) : null;
  }

  async solvers(day: string, variant: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM daily_results WHERE day = $1 AND variant = $2',
      [day, variant],
    );
    return rows[0]?.n ?? 0;
  }

  async counts(from: string, to: string): Promise<DailyCount[]> {
    const { rows } = await this.pool.query<{
      day: string;
      variant: string;
      n: number;
      best: number | string;
    }>(
      `SELECT day, variant, COUNT(*)::int AS n, MIN(time_ms) AS best FROM daily_results
       WHERE day >= $1 AND day <= $2 GROUP BY day, variant`,
      [from, to],
    );
    return rows.map((row) => ({
      day: row.day,
      variant: row.variant,
      solvers: row.n,
      bestTimeMs: Number(row.best),
    }));
  }

  async streakDays(deviceId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ day: string }>(
      `SELECT DISTINCT day FROM daily_results WHERE device_id = $1 AND on_the_day
       ORDER BY day DESC`,
      [deviceId],
    );
    return rows.map((row) => row.day);
  }

  async ranked(
    day: string,
    variant: string,
    rank: number,
  ): Promise<{ entry: DailyEntryView; moves: DailyMove[] } | undefined> {
    const { rows } = await this.pool.query<Row>(
      `SELECT nickname, time_ms, mistakes, on_the_day, moves FROM daily_results
       WHERE day = $1 AND variant = $2 ORDER BY ${RANK_ORDER} LIMIT 1 OFFSET $3`,
      [day, variant, rank - 1],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { entry: entryOfRow(row, rank), moves: movesFromColumn(row.moves, `${day}/${variant}`) };
  }

  async ping(): Promise<boolean> {
    return this.closed ? false : pingPool(this.pool);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
