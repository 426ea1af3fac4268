import type { Database } from 'better-sqlite3';

/**
 * The schema, as migrations applied in order; `schema_version` holds how many have run.
 * Never edit a published migration: append a new one.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE races (
     id TEXT PRIMARY KEY,
     room_code TEXT NOT NULL,
     variant TEXT NOT NULL,
     difficulty TEXT NOT NULL,
     puzzle TEXT NOT NULL CHECK (length(puzzle) = 81),
     solution TEXT NOT NULL CHECK (length(solution) = 81),
     started_at INTEGER NOT NULL,
     ended_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX races_by_room ON races (room_code, ended_at);
   CREATE TABLE race_players (
     race_id TEXT NOT NULL REFERENCES races (id) ON DELETE CASCADE,
     player_id TEXT NOT NULL,
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     place INTEGER,
     time_ms INTEGER,
     mistakes INTEGER NOT NULL,
     outcome TEXT NOT NULL CHECK (outcome IN ('finished', 'eliminated', 'left', 'timeout')),
     PRIMARY KEY (race_id, player_id)
   ) STRICT;
   CREATE INDEX race_players_by_device ON race_players (device_id);
   CREATE TABLE moves (
     race_id TEXT NOT NULL REFERENCES races (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     player_id TEXT NOT NULL,
     at INTEGER NOT NULL,
     cell INTEGER NOT NULL CHECK (cell BETWEEN 0 AND 80),
     digit INTEGER NOT NULL CHECK (digit BETWEEN 0 AND 9),
     verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'cleared')),
     PRIMARY KEY (race_id, seq)
   ) STRICT;
   CREATE TABLE rooms (
     code TEXT PRIMARY KEY,
     snapshot TEXT NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;`,
  // 2: moves are appended to a log as they are judged (before the ack), not saved with the
  // finished race; a move id counts once per player per race. Snapshots name the race whose
  // log they continue. Version-1 snapshots stay (they are reported and skipped at start).
  // WITHOUT ROWID: the log is clustered by (race, seq), one b-tree fewer to write per move.
  `CREATE TABLE move_log (
     race_id TEXT NOT NULL,
     seq INTEGER NOT NULL CHECK (seq >= 0),
     player_id TEXT NOT NULL,
     move_id TEXT NOT NULL,
     at INTEGER NOT NULL,
     cell INTEGER NOT NULL CHECK (cell BETWEEN 0 AND 80),
     digit INTEGER NOT NULL CHECK (digit BETWEEN 0 AND 9),
     verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'cleared')),
     PRIMARY KEY (race_id, seq),
     UNIQUE (race_id, player_id, move_id)
   ) STRICT, WITHOUT ROWID;
   INSERT INTO move_log (race_id, seq, player_id, move_id, at, cell, digit, verdict)
     SELECT race_id, seq, player_id, 'legacy-' || seq, at, cell, digit, verdict FROM moves;
   DROP TABLE moves;
   ALTER TABLE rooms ADD COLUMN race_id TEXT;`,
  // 3: two more outcomes (`forfeited`: gave up and stayed; `idle`: no move for the room's
  // idle limit) — SQLite cannot alter a CHECK, so the table is copied. A heartbeat row tells
  // a restart how long the server was away (race clocks pause for that long).
  `CREATE TABLE race_players_v3 (
     race_id TEXT NOT NULL REFERENCES races (id) ON DELETE CASCADE,
     player_id TEXT NOT NULL,
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     place INTEGER,
     time_ms INTEGER,
     mistakes INTEGER NOT NULL,
     outcome TEXT NOT NULL CHECK (outcome IN
       ('finished', 'eliminated', 'left', 'timeout', 'forfeited', 'idle')),
     PRIMARY KEY (race_id, player_id)
   ) STRICT;
   INSERT INTO race_players_v3 SELECT race_id, player_id, device_id, nickname, place, time_ms,
     mistakes, outcome FROM race_players ORDER BY rowid;
   DROP TABLE race_players;
   ALTER TABLE race_players_v3 RENAME TO race_players;
   CREATE INDEX race_players_by_device ON race_players (device_id);
   CREATE TABLE heartbeat (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     at INTEGER NOT NULL,
     final INTEGER NOT NULL DEFAULT 0 CHECK (final IN (0, 1))
   ) STRICT;`,
  // 4: ratings (Glicko-2, per device), rated races and their commit–reveal, the daily puzzle.
  // A race's rating change is kept with its standings; `ratings` holds each device's current
  // one. `daily_results` keeps each device's best solve of a day's puzzle, with its moves (the
  // ghost others race); `on_the_day` marks a solve made on that day (UTC), which keeps a streak.
  `ALTER TABLE races ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
   ALTER TABLE races ADD COLUMN commitment TEXT;
   ALTER TABLE races ADD COLUMN secret TEXT;
   ALTER TABLE race_players ADD COLUMN rating_before REAL;
   ALTER TABLE race_players ADD COLUMN rating_after REAL;
   ALTER TABLE race_players ADD COLUMN provisional INTEGER CHECK (provisional IN (0, 1));
   CREATE TABLE ratings (
     device_id TEXT PRIMARY KEY,
     rating REAL NOT NULL,
     rd REAL NOT NULL,
     volatility REAL NOT NULL,
     races INTEGER NOT NULL CHECK (races >= 0),
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE daily_puzzles (
     day TEXT NOT NULL CHECK (length(day) = 10),
     variant TEXT NOT NULL,
     difficulty TEXT NOT NULL,
     puzzle TEXT NOT NULL CHECK (length(puzzle) = 81),
     solution TEXT NOT NULL CHECK (length(solution) = 81),
     created_at INTEGER NOT NULL,
     PRIMARY KEY (day, variant)
   ) STRICT;
   CREATE TABLE daily_results (
     day TEXT NOT NULL,
     variant TEXT NOT NULL,
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     time_ms INTEGER NOT NULL CHECK (time_ms >= 0),
     mistakes INTEGER NOT NULL CHECK (mistakes >= 0),
     moves TEXT NOT NULL,
     submitted_at INTEGER NOT NULL,
     on_the_day INTEGER NOT NULL CHECK (on_the_day IN (0, 1)),
     PRIMARY KEY (day, variant, device_id),
     FOREIGN KEY (day, variant) REFERENCES daily_puzzles (day, variant)
   ) STRICT;
   CREATE INDEX daily_results_by_time ON daily_results (day, variant, time_ms);
   CREATE INDEX daily_results_by_device ON daily_results (device_id, day);`,
  // 5: daily attempts begun on the server's clock (`POST /api/daily/…/start`): a posted solve
  // names its start, and its stopwatch may not be ahead of the server's time since then.
  `CREATE TABLE daily_starts (
     start_id TEXT PRIMARY KEY,
     day TEXT NOT NULL,
     variant TEXT NOT NULL,
     device_id TEXT NOT NULL,
     started_at INTEGER NOT NULL,
     FOREIGN KEY (day, variant) REFERENCES daily_puzzles (day, variant)
   ) STRICT;
   CREATE INDEX daily_starts_by_time ON daily_starts (started_at);`,
  // 6: a race's pauses (the server's outages during it, JSON `[{ "at": ms, "ms": ms }]`), which
  // give each move its time on the race clock. Races stored before have none.
  `ALTER TABLE races ADD COLUMN pauses TEXT NOT NULL DEFAULT '[]';`,
  // 7: one more outcome (`ended`: still racing when the host ended the race), copied as in 3.
  `CREATE TABLE race_players_v7 (
     race_id TEXT NOT NULL REFERENCES races (id) ON DELETE CASCADE,
     player_id TEXT NOT NULL,
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     place INTEGER,
     time_ms INTEGER,
     mistakes INTEGER NOT NULL,
     outcome TEXT NOT NULL CHECK (outcome IN
       ('finished', 'eliminated', 'left', 'timeout', 'ended', 'forfeited', 'idle')),
     rating_before REAL,
     rating_after REAL,
     provisional INTEGER CHECK (provisional IN (0, 1)),
     PRIMARY KEY (race_id, player_id)
   ) STRICT;
   INSERT INTO race_players_v7 SELECT race_id, player_id, device_id, nickname, place, time_ms,
     mistakes, outcome, rating_before, rating_after, provisional FROM race_players ORDER BY rowid;
   DROP TABLE race_players;
   ALTER TABLE race_players_v7 RENAME TO race_players;
   CREATE INDEX race_players_by_device ON race_players (device_id);`,
  // 8: device keys (a device secret's SHA-256, kept the first time its id comes with one), and
  // the daily played against the server: attempts judged and timed move by move (JSON
  // `[{ "cell", "digit", "at", "verdict" }]`) replace posted solves and their starts; a ranked
  // solve names its attempt (null: posted before). A rating keeps when the race that last
  // changed it began (`rated_from`, with `updated_at` its end): a device is in one rated race
  // at a time. A standing keeps its flag (`tooFast`), so a replay says why a finish has no place.
  `CREATE TABLE device_keys (
     device_id TEXT PRIMARY KEY,
     secret_hash TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) STRICT;
   DROP TABLE daily_starts;
   CREATE TABLE daily_attempts (
     attempt_id TEXT PRIMARY KEY,
     day TEXT NOT NULL,
     variant TEXT NOT NULL,
     device_id TEXT NOT NULL,
     nickname TEXT NOT NULL,
     started_at INTEGER NOT NULL,
     moves TEXT NOT NULL,
     move_count INTEGER NOT NULL,
     finished_at INTEGER,
     FOREIGN KEY (day, variant) REFERENCES daily_puzzles (day, variant)
   ) STRICT;
   CREATE INDEX daily_attempts_by_time ON daily_attempts (started_at);
   ALTER TABLE daily_results ADD COLUMN attempt_id TEXT;
   ALTER TABLE ratings ADD COLUMN rated_from INTEGER;
   ALTER TABLE race_players ADD COLUMN flag TEXT CHECK (flag IN ('tooFast'));`,
  // 9: tournaments — a race's evening and round, a standing's points.
  `ALTER TABLE races ADD COLUMN tournament_id TEXT;
   ALTER TABLE races ADD COLUMN tournament_round INTEGER CHECK (tournament_round >= 1);
   ALTER TABLE races ADD COLUMN tournament_rounds INTEGER CHECK (tournament_rounds >= 1);
   CREATE INDEX races_by_tournament ON races (tournament_id, tournament_round)
     WHERE tournament_id IS NOT NULL;
   ALTER TABLE race_players ADD COLUMN points INTEGER CHECK (points >= 0);`,
  // 10: team races — a standing's team and its team's place; the seat's colour (replays).
  `ALTER TABLE race_players ADD COLUMN team INTEGER CHECK (team BETWEEN 0 AND 3);
   ALTER TABLE race_players ADD COLUMN team_place INTEGER CHECK (team_place >= 1);
   ALTER TABLE race_players ADD COLUMN colour INTEGER CHECK (colour BETWEEN 0 AND 7);`,
  // 11: the move log loses its UNIQUE (race_id, player_id, move_id). That second b-tree cost a
  // page written to the write-ahead log per move (about half of a stored move's cost;
  // BENCHMARKS.md, "Server cost per move"); a move id counting once is the room core's rule
  // (the acks it rebuilds from this log), and the primary key (race_id, seq) still refuses a
  // second writer's move at a place already taken. SQLite cannot drop a table constraint: the
  // table is copied.
  `CREATE TABLE move_log_v11 (
     race_id TEXT NOT NULL,
     seq INTEGER NOT NULL CHECK (seq >= 0),
     player_id TEXT NOT NULL,
     move_id TEXT NOT NULL,
     at INTEGER NOT NULL,
     cell INTEGER NOT NULL CHECK (cell BETWEEN 0 AND 80),
     digit INTEGER NOT NULL CHECK (digit BETWEEN 0 AND 9),
     verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'cleared')),
     PRIMARY KEY (race_id, seq)
   ) STRICT, WITHOUT ROWID;
   INSERT INTO move_log_v11 SELECT race_id, seq, player_id, move_id, at, cell, digit, verdict
     FROM move_log;
   DROP TABLE move_log;
   ALTER TABLE move_log_v11 RENAME TO move_log;`,
];

/**
 * Brings `db` to the latest schema, each migration in its own transaction. Throws, leaving
 * the data untouched, when the file belongs to something else or to a newer Percent.
 */
export function migrate(db: Database): void {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((row) => row.name);
  if (tables.length > 0 && !tables.includes('schema_version'))
    throw new Error(
      `it has tables (${tables.join(', ')}) but no schema_version: not a Percent database`,
    );
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare<[], { version: number }>('SELECT version FROM schema_version').get();
  const current = row?.version ?? 0;
  if (current > MIGRATIONS.length)
    throw new Error(
      `its schema version is ${current} but this Percent knows only up to ${MIGRATIONS.length}: it was written by a newer version`,
    );
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.prepare('DELETE FROM schema_version').run();
      db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(version + 1);
    })();
  }
}
