import { DatabaseError, Pool, type PoolClient } from 'pg';
import { z } from 'zod';
import { createLogger } from '../../log.ts';
import {
  INITIAL_RATING,
  type MoveRecord,
  type RaceRecord,
  type Rating,
  type StoredRace,
} from '../../rooms/index.ts';
import type { HistoryStore } from '../history.ts';
import {
  movesFromRows,
  PlayerRowSchema,
  RaceRowSchema,
  settleRatings,
  type StoredRating,
  RatingRowSchema,
  storedRace,
} from '../rows.ts';
import type { HistoryEntry, LeaderboardEntry, Loaded } from '../store.ts';
import { migrate } from './migrations.ts';
import {
  MAX_TOURNAMENT_RACES,
  TournamentRaceRowSchema,
  tournamentRecord,
} from '../tournament-record.ts';
import type { TournamentRecordView } from '@percent/protocol';
import { pingPool } from './ping.ts';
import * as sql from './queries.ts';
import { historyFromRows, leaderboardFromRows, parseRow, pgTypes } from './rows.ts';

const DEFAULT_HISTORY_LIMIT = 50;
const DEFAULT_LEADERBOARD_LIMIT = 20;
/** Connections per node: history is written once per race and read by `/api`. */
const POOL_SIZE = 5;
/** An unreachable server is reported after this long instead of waiting for TCP's timeout. */
const CONNECT_TIMEOUT_MS = 5_000;
/** The server cancels a statement running longer (a lock held by a stuck node, say). */
const STATEMENT_TIMEOUT_MS = 10_000;

const log = createLogger('history');

/**
 * Connects to the PostgreSQL server at `databaseUrl` (`DATABASE_URL`) and migrates it (nodes
 * starting at once take turns). Throws, naming host:port/database but never the password,
 * when it cannot be reached or is not a Percent history.
 */
export async function openPgHistory(databaseUrl: string): Promise<HistoryStore> {
  const where = describeDatabase(databaseUrl);
  const pool = new Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'percent',
    types: pgTypes,
  });
  // An idle connection that drops (a server restart, say) is logged, and the pool replaces it.
  pool.on('error', (error) =>
    log.error({ ...loggable(error), database: where }, 'connection lost'),
  );
  try {
    await withClient(pool, migrate);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot open the Percent history at ${where}: ${reasonOf(error)}`, {
      cause: error,
    });
  }
  log.info({ database: where }, 'history on PostgreSQL');
  return new PgHistory(pool, where);
}

/** `host:port/database` of a connection URL: what an error may show of it. */
export function describeDatabase(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error('DATABASE_URL is not a URL (postgres://user:password@host:port/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new Error(`DATABASE_URL must start with postgres:// (it starts with ${url.protocol}//)`);
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  return `${host}:${url.port || '5432'}${url.pathname}`;
}

class PgHistory implements HistoryStore {
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly where: string,
  ) {}

  async recordRace(record: RaceRecord, moves: readonly MoveRecord[]): Promise<void> {
    const what = `race ${record.id} of room ${record.roomCode}`;
    try {
      await withClient(this.open(), (client) => inTransaction(client, insertRace(record, moves)));
    } catch (error) {
      throw new Error(`not stored (${what}) in ${this.where}: ${reasonOf(error)}`, {
        cause: error,
      });
    }
  }

  async raceOf(raceId: string): Promise<Loaded<StoredRace> | undefined> {
    const pool = this.open();
    // The race row first: once it is seen, its transaction has committed, so the standings
    // and moves read after it are all there (each statement sees what was committed before).
    const race = await pool.query(sql.SELECT_RACE_SQL, [raceId]);
    if (race.rows.length === 0) return undefined;
    const [players, moves] = await Promise.all([
      pool.query(sql.SELECT_PLAYERS_SQL, [raceId]),
      pool.query(sql.SELECT_MOVES_SQL, [raceId]),
    ]);
    const header = parseRow(RaceRowSchema, race.rows[0], `race ${raceId}: races row`);
    if (!header.ok) return header;
    const standings = parseRow(
      PlayerRowSchema.array(),
      players.rows,
      `race ${raceId}: race_players rows`,
    );
    if (!standings.ok) return standings;
    const logged = movesFromRows(raceId, moves.rows);
    if (!logged.ok) return logged;
    return { ok: true, value: storedRace(header.value, standings.value, logged.value) };
  }

  async tournamentOf(id: string): Promise<Loaded<TournamentRecordView> | undefined> {
    const pool = this.open();
    const found = await pool.query(sql.TOURNAMENT_SQL, [id, MAX_TOURNAMENT_RACES]);
    const races = parseRow(TournamentRaceRowSchema.array(), found.rows, `tournament ${id}: races`);
    if (!races.ok) return races;
    const ids = races.value.map((race) => race.id);
    const players = await pool.query(sql.SELECT_PLAYERS_OF_SQL, [ids]);
    const rows = parseRow(
      PlayerRowSchema.array(),
      players.rows,
      `tournament ${id}: race_players rows`,
    );
    if (!rows.ok) return rows;
    const raceOf = (players.rows as { raceId: string }[]).map((row) => row.raceId);
    const record = tournamentRecord(
      id,
      races.value.map((race) => ({
        race,
        players: rows.value.filter((_, i) => raceOf[i] === race.id),
      })),
    );
    return record && { ok: true, value: record };
  }

  async historyOf(deviceId: string, limit = DEFAULT_HISTORY_LIMIT): Promise<HistoryEntry[]> {
    const { rows } = await this.open().query(sql.HISTORY_SQL, [deviceId, limit]);
    return historyFromRows(`history of ${deviceId}`, rows);
  }

  async leaderboard(
    roomCode: string,
    limit = DEFAULT_LEADERBOARD_LIMIT,
  ): Promise<LeaderboardEntry[]> {
    const { rows } = await this.open().query(sql.LEADERBOARD_SQL, [roomCode, limit]);
    return leaderboardFromRows(`leaderboard of ${roomCode}`, rows);
  }

  async ratingOf(deviceId: string): Promise<Rating> {
    const { rows } = await this.open().query(sql.SELECT_RATING_SQL, [deviceId]);
    if (rows.length === 0) return INITIAL_RATING;
    const row = parseRow(RatingRowSchema, rows[0], `rating of device ${deviceId}`);
    if (!row.ok) throw new Error(row.message);
    return row.value;
  }

  async ping(): Promise<boolean> {
    return this.closed ? false : pingPool(this.pool);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }

  private open(): Pool {
    if (this.closed) throw new Error(`the history at ${this.where} is closed`);
    return this.pool;
  }
}

/** The race, unless its id is stored already; then nothing (a retry after a failover). */
function insertRace(record: RaceRecord, moves: readonly MoveRecord[]) {
  return async (client: PoolClient): Promise<void> => {
    const { id, roomCode, variant, difficulty, puzzle, solution, startedAt, endedAt } = record;
    const { pauses, commitment, secret, tournament } = record;
    const race = [id, roomCode, variant, difficulty, puzzle, solution, startedAt, endedAt];
    // Unrated until its ratings are settled below (`settleIn`).
    const rest = [JSON.stringify(pauses), false, commitment, secret, tournament?.id ?? null];
    const round = [tournament?.round ?? null, tournament?.rounds ?? null];
    const inserted = await client.query(sql.INSERT_RACE_SQL, [...race, ...rest, ...round]);
    if (inserted.rowCount === 0) return;
    const settled = await settleIn(client, record);
    if (settled.rated) await client.query('UPDATE races SET rated = true WHERE id = $1', [id]);
    await insertPlayers(client, settled);
    if (moves.length === 0) return;
    await client.query(sql.INSERT_MOVES_SQL, [
      id,
      ...[
        moves.map((m) => m.playerId),
        moves.map((m) => m.moveId),
        moves.map((m) => m.at),
        moves.map((m) => m.cell),
        moves.map((m) => m.digit),
        moves.map((m) => m.verdict),
      ],
    ]);
  };
}

async function insertPlayers(client: PoolClient, record: RaceRecord): Promise<void> {
  const p = record.players;
  await client.query(sql.INSERT_PLAYERS_SQL, [
    record.id,
    ...[
      p.map((x) => x.playerId),
      p.map((x) => x.deviceId),
      p.map((x) => x.nickname),
      p.map((x) => x.place),
      p.map((x) => x.timeMs),
      p.map((x) => x.mistakes),
      p.map((x) => x.outcome),
      p.map((x) => x.rating?.before ?? null),
      p.map((x) => x.rating?.after ?? null),
      p.map((x) => x.rating?.provisional ?? null),
      p.map((x) => x.flag),
      p.map((x) => x.points),
      p.map((x) => x.team),
      p.map((x) => x.teamPlace),
      p.map((x) => x.colour),
    ],
  ]);
}

/**
 * The race as stored, its ratings settled from the rated players' ratings as they stand now
 * (`settleRatings`, in the transaction that stores the race for the first time, rated races one
 * at a time under the lock), and their new ratings written.
 */
async function settleIn(client: PoolClient, record: RaceRecord): Promise<RaceRecord> {
  const devices = record.players.filter((p) => p.newRating).map((p) => p.deviceId);
  if (devices.length === 0) return { ...record, rated: false };
  await client.query(sql.LOCK_RATINGS_SQL);
  const { rows } = await client.query(sql.SELECT_RATINGS_SQL, [devices]);
  const stored = new Map<string, StoredRating>();
  for (const row of rows as unknown[]) {
    const parsed = parseRow(StoredRatingSchema, row, `the rating of a device of ${record.id}`);
    if (!parsed.ok) throw new Error(parsed.message);
    const { deviceId, ...rating } = parsed.value;
    stored.set(deviceId, rating);
  }
  const settled = settleRatings(record, (deviceId) => stored.get(deviceId));
  const r = settled.rows;
  if (r.length === 0) return settled.record;
  await client.query(sql.UPSERT_RATINGS_SQL, [
    r.map((x) => x.deviceId),
    r.map((x) => x.rating),
    r.map((x) => x.rd),
    r.map((x) => x.volatility),
    r.map((x) => x.races),
    record.endedAt,
    record.startedAt,
  ]);
  return settled.record;
}

const StoredRatingSchema = RatingRowSchema.extend({
  deviceId: z.string().min(1),
  updatedAt: z.coerce.number(),
  ratedFrom: z.coerce.number().nullable(),
});

async function inTransaction(
  client: PoolClient,
  body: (client: PoolClient) => Promise<void>,
): Promise<void> {
  await client.query('BEGIN');
  try {
    await body(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Runs `body` on a connection of its own. The pool listens for errors on idle connections
 * only: one that fails while checked out is listened to here (its query then rejects), and
 * destroyed instead of going back to the pool.
 */
async function withClient<T>(pool: Pool, body: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failed: Error | undefined;
  const onError = (error: Error) => {
    failed = error;
    log.warn(loggable(error), 'connection lost while in use');
  };
  client.on('error', onError);
  try {
    return await body(client);
  } catch (error) {
    // The server's own errors (a violated constraint, say) leave the connection usable.
    if (!(error instanceof DatabaseError))
      failed ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off('error', onError);
    client.release(failed);
  }
}

/**
 * What is logged of a driver error: its message and code. Not the error itself: the pool
 * attaches the failed client to it, and with it the connection's password.
 */
function loggable(error: Error): { reason: string; code: string | undefined } {
  const code = 'code' in error ? String(error.code) : undefined;
  return { reason: reasonOf(error), code };
}

/** The error's message; a refused connection to a name with several addresses has none. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.message === '')
    return error.errors.map(reasonOf).join('; ');
  if (error instanceof Error) return error.message || String(error);
  return String(error);
}
