import type { PoolClient } from 'pg';

/**
 * The PostgreSQL history schema, as migrations applied in order; `schema_migrations` has one
 * row per migration applied (its number, from 1). Never edit a published migration: append a
 * new one. The tables mirror SQLite's (`../migrations.ts`) for finished races only: live rooms
 * and their move logs are not kept here. PostgreSQL has no rowid, so an identity column keeps
 * the order races were stored in (SQLite's queries break ties on rowid) and `position` keeps
 * the order of the standings as recorded.
 */
export const PG_MIGRATIONS: readonly string[] = [
  `CREATE TABLE races (
     id TEXT PRIMARY KEY,
     stored BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
     room_code TEXT NOT NULL,
     variant TEXT NOT NULL,
     difficulty TEXT NOT NULL,
     puzzle TEXT NOT NULL CHECK (length(puzzle) = 81),
     solution TEXT NOT NULL CHECK (length(solution) = 81),
     started_at BIGINT NOT NULL,
     ended_at BIGINT NOT NULL
   );
   CREATE INDEX races_by_room ON races (room_code, ended_at);
   CREATE TABLE race_players (
     race_id TEXT NOT NULL REFERENCES races (id) ON DELETE CASCADE,
     player_id TEXT NOT NULL,
     position INTEGER NOT NULL CHECK (position >= 0),
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     place INTEGER,
     time_ms BIGINT,
     mistakes INTEGER NOT NULL,
     outcome TEXT NOT NULL CHECK (outcome IN
       ('finished', 'eliminated', 'left', 'timeout', 'forfeited', 'idle')),
     PRIMARY KEY (race_id, player_id),
     UNIQUE (race_id, position)
   );
   CREATE INDEX race_players_by_device ON race_players (device_id);
   CREATE TABLE race_moves (
     race_id TEXT NOT NULL REFERENCES races (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL CHECK (seq >= 0),
     player_id TEXT NOT NULL,
     move_id TEXT NOT NULL,
     at BIGINT NOT NULL,
     cell INTEGER NOT NULL CHECK (cell BETWEEN 0 AND 80),
     digit INTEGER NOT NULL CHECK (digit BETWEEN 0 AND 9),
     verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'cleared')),
     PRIMARY KEY (race_id, seq),
     UNIQUE (race_id, player_id, move_id)
   );`,
  // 2: as SQLite's migration 4 — ratings, rated races and their commit–reveal, the daily puzzle.
  `ALTER TABLE races ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
   ALTER TABLE races ADD COLUMN commitment TEXT;
   ALTER TABLE races ADD COLUMN secret TEXT;
   ALTER TABLE race_players ADD COLUMN rating_before DOUBLE PRECISION;
   ALTER TABLE race_players ADD COLUMN rating_after DOUBLE PRECISION;
   ALTER TABLE race_players ADD COLUMN provisional BOOLEAN;
   CREATE TABLE ratings (
     device_id TEXT PRIMARY KEY,
     rating DOUBLE PRECISION NOT NULL,
     rd DOUBLE PRECISION NOT NULL,
     volatility DOUBLE PRECISION NOT NULL,
     races INTEGER NOT NULL CHECK (races >= 0),
     updated_at BIGINT NOT NULL
   );
   CREATE TABLE daily_puzzles (
     day TEXT NOT NULL CHECK (length(day) = 10),
     variant TEXT NOT NULL,
     difficulty TEXT NOT NULL,
     puzzle TEXT NOT NULL CHECK (length(puzzle) = 81),
     solution TEXT NOT NULL CHECK (length(solution) = 81),
     created_at BIGINT NOT NULL,
     PRIMARY KEY (day, variant)
   );
   CREATE TABLE daily_results (
     day TEXT NOT NULL,
     variant TEXT NOT NULL,
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     time_ms BIGINT NOT NULL CHECK (time_ms >= 0),
     mistakes INTEGER NOT NULL CHECK (mistakes >= 0),
     moves TEXT NOT NULL,
     submitted_at BIGINT NOT NULL,
     on_the_day BOOLEAN NOT NULL,
     PRIMARY KEY (day, variant, device_id),
     FOREIGN KEY (day, variant) REFERENCES daily_puzzles (day, variant)
   );
   CREATE INDEX daily_results_by_time ON daily_results (day, variant, time_ms);
   CREATE INDEX daily_results_by_device ON daily_results (device_id, day);`,
  // 3: as SQLite's migration 5 — daily attempts begun on the server's clock.
  `CREATE TABLE daily_starts (
     start_id TEXT PRIMARY KEY,
     day TEXT NOT NULL,
     variant TEXT NOT NULL,
     device_id TEXT NOT NULL,
     started_at BIGINT NOT NULL,
     FOREIGN KEY (day, variant) REFERENCES daily_puzzles (day, variant)
   );
   CREATE INDEX daily_starts_by_time ON daily_starts (started_at);`,
  // 4: as SQLite's migration 6 — a race's pauses (JSON text), which time its moves.
  `ALTER TABLE races ADD COLUMN pauses TEXT NOT NULL DEFAULT '[]';`,
  // 5: as SQLite's migration 7 — the `ended` outcome (the host ended the race).
  `ALTER TABLE race_players DROP CONSTRAINT race_players_outcome_check;
   ALTER TABLE race_players ADD CONSTRAINT race_players_outcome_check CHECK (outcome IN
     ('finished', 'eliminated', 'left', 'timeout', 'ended', 'forfeited', 'idle'));`,
  // 6: as SQLite's migration 8 — device keys, daily attempts judged move by move, and when
  // the race that last changed a rating began.
  `CREATE TABLE device_keys (
     device_id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL,
     created_at BIGINT NOT NULL
   );
   DROP TABLE daily_starts;
   CREATE TABLE daily_attempts (
     attempt_id TEXT PRIMARY KEY,
     day TEXT NOT NULL,
     variant TEXT NOT NULL,
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     started_at BIGINT NOT NULL,
     moves TEXT NOT NULL,
     move_count INTEGER NOT NULL,
     finished_at BIGINT,
     FOREIGN KEY (day, variant) REFERENCES daily_puzzles (day, variant)
   );
   CREATE INDEX daily_attempts_by_time ON daily_attempts (started_at);
   ALTER TABLE daily_results ADD COLUMN attempt_id TEXT;
   ALTER TABLE ratings ADD COLUMN rated_from BIGINT;
   ALTER TABLE race_players ADD COLUMN flag TEXT CHECK (flag IN ('tooFast'));`,
  // 7: tournaments — a race's evening and round, a standing's points.
  `ALTER TABLE races ADD COLUMN tournament_id TEXT;
   ALTER TABLE races ADD COLUMN tournament_round INTEGER CHECK (tournament_round >= 1);
   ALTER TABLE races ADD COLUMN tournament_rounds INTEGER CHECK (tournament_rounds >= 1);
   CREATE INDEX races_by_tournament ON races (tournament_id, tournament_round)
     WHERE tournament_id IS NOT NULL;
   ALTER TABLE race_players ADD COLUMN points INTEGER CHECK (points >= 0);`,
  // 8: team races — a standing's team and its team's place; the seat's colour (replays).
  `ALTER TABLE race_players ADD COLUMN team INTEGER CHECK (team BETWEEN 0 AND 3);
   ALTER TABLE race_players ADD COLUMN team_place INTEGER CHECK (team_place >= 1);
   ALTER TABLE race_players ADD COLUMN colour INTEGER CHECK (colour BETWEEN 0 AND 7);`,
];

/** Our tables: finding one without `schema_migrations` means the database is not ours. */
const OWN_TABLES = ['races', 'race_players', 'race_moves'];

/**
 * Any 64-bit number, the same in every Percent: the advisory lock that makes nodes starting
 * at once migrate one after the other (the others then find nothing left to do).
 */
const MIGRATION_LOCK = 0x5065_7263_656e_74n; // "Percent"

/**
 * Brings the database to the latest schema in one transaction, under a transaction-scoped
 * advisory lock. Throws, changing nothing, when our tables exist without `schema_migrations`
 * (someone else's) or the database was migrated by a newer Percent.
 */
export async function migrate(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK.toString()]);
    const applied = await appliedVersion(client);
    for (let version = applied; version < PG_MIGRATIONS.length; version++) {
      await client.query(PG_MIGRATIONS[version]!);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function appliedVersion(client: PoolClient): Promise<number> {
  const found = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_name = ANY ($1)`,
    [[...OWN_TABLES, 'schema_migrations']],
  );
  const names = found.rows.map((row) => row.name);
  if (!names.includes('schema_migrations')) {
    if (names.length > 0)
      throw new Error(
        `it has tables (${names.sort().join(', ')}) but no schema_migrations: not a Percent history`,
      );
    await client.query(
      `CREATE TABLE schema_migrations (
         version INTEGER PRIMARY KEY,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
  }
  const row = await client.query<{ version: number }>(
    'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
  );
  const version = row.rows[0]?.version ?? 0;
  if (version > PG_MIGRATIONS.length)
    throw new Error(
      `its schema version is ${version} but this Percent knows only up to ${PG_MIGRATIONS.length}: it was migrated by a newer version`,
    );
  return version;
}
