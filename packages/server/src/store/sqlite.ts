import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createLogger } from '../log.ts';
import { migrate } from './migrations.ts';
import type {
  HistoryEntry,
  LeaderboardEntry,
  RacePlayerRecord,
  RaceRecord,
  Store,
} from './store.ts';

/** The database file inside `DATA_DIR`. */
export const DATABASE_FILE = 'percent.db';

const DEFAULT_HISTORY_LIMIT = 50;
const DEFAULT_LEADERBOARD_LIMIT = 20;
/** A write slower than this blocks the event loop noticeably: it is logged. */
const SLOW_WRITE_MS = 50;

const log = createLogger('store');

/** Runs a synchronous write and logs it when it held the event loop too long. */
function timed<T>(what: string, write: () => T): T {
  const started = performance.now();
  try {
    return write();
  } finally {
    const ms = performance.now() - started;
    if (ms > SLOW_WRITE_MS) log.warn({ ms: Math.round(ms) }, `slow store write: ${what}`);
  }
}

/**
 * Opens (creating the folder and the file on first use) and migrates the store. A file that
 * is not a readable Percent database is left untouched and reported with its path.
 */
export function openStore(options: { dataDir: string } | { memory: true }): Store {
  const location = 'memory' in options ? ':memory:' : join(options.dataDir, DATABASE_FILE);
  let db: Database.Database | undefined;
  try {
    if ('dataDir' in options) mkdirSync(options.dataDir, { recursive: true });
    db = new Database(location);
    checkIntegrity(db);
    db.pragma('journal_mode = WAL');
    // NORMAL: a commit survives a crash of the process (the WAL is written before it returns);
    // `saveRace` switches to FULL so that a finished race survives a power loss too.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return new SqliteStore(db, 'dataDir' in options ? startCheckpoints(db, location) : undefined);
  } catch (error) {
    db?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot open the Percent store at ${location}: ${reason}. ` +
        'The file was left as it is; move it away (or set DATA_DIR) to start with an empty store.',
      { cause: error },
    );
  }
}

/** How often the write-ahead log is copied into the database file. */
const CHECKPOINT_INTERVAL_MS = 2_000;
/** SQLite's default: checkpoint (on the writing thread) once the log has this many pages. */
const AUTO_CHECKPOINT_PAGES = 1_000;

/**
 * Moves checkpoints to a worker thread (`checkpoint-worker.mjs`). Should that worker fail,
 * SQLite's own checkpoints on the main connection take over, so the log never grows unbounded.
 */
function startCheckpoints(db: Database.Database, file: string): Worker {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  db.pragma('wal_autocheckpoint = 0');
  worker.on('error', (error) => {
    log.error({ err: error }, 'checkpoint worker failed; checkpointing on the main thread');
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  });
  worker.unref();
  return worker;
}

function checkIntegrity(db: Database.Database): void {
  const result = db.pragma('quick_check', { simple: true });
  if (result !== 'ok') throw new Error(`it is damaged (${String(result)})`);
}

interface RaceRow {
  id: string;
  roomCode: string;
  variant: string;
  difficulty: string;
  puzzle: string;
  solution: string;
  startedAt: number;
  endedAt: number;
}

class SqliteStore implements Store {
  private readonly insertRace;
  private readonly insertPlayer;
  private readonly insertMove;
  private readonly selectHistory;
  private readonly selectLeaderboard;
  private readonly upsertRoom;
  private readonly selectRooms;
  private readonly removeRoom;
  private readonly saveRaceTransaction;

  constructor(
    private readonly db: Database.Database,
    private readonly checkpoints: Worker | undefined,
  ) {
    this.insertRace = db.prepare<RaceRow>(
      `INSERT INTO races (id, room_code, variant, difficulty, puzzle, solution, started_at, ended_at)
       VALUES (@id, @roomCode, @variant, @difficulty, @puzzle, @solution, @startedAt, @endedAt)`,
    );
    this.insertPlayer = db.prepare<RacePlayerRecord & { raceId: string }>(
      `INSERT INTO race_players (race_id, player_id, device_id, nickname, place, time_ms, mistakes, outcome)
       VALUES (@raceId, @playerId, @deviceId, @nickname, @place, @timeMs, @mistakes, @outcome)`,
    );
    this.insertMove = db.prepare<[string, number, string, number, number, number, string]>(
      `INSERT INTO moves (race_id, seq, player_id, at, cell, digit, verdict)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectHistory = db.prepare<[string, number], HistoryEntry>(
      `SELECT r.id AS raceId, r.room_code AS roomCode, r.variant, r.difficulty, r.ended_at AS endedAt,
              p.nickname, p.place, p.time_ms AS timeMs, p.mistakes, p.outcome,
              (SELECT COUNT(*) FROM race_players q WHERE q.race_id = r.id) AS players
       FROM race_players p JOIN races r ON r.id = p.race_id
       WHERE p.device_id = ?
       ORDER BY r.ended_at DESC, r.rowid DESC
       LIMIT ?`,
    );
    this.selectLeaderboard = db.prepare<[string, number], LeaderboardEntry>(LEADERBOARD_SQL);
    this.upsertRoom = db.prepare<[string, string, number]>(
      `INSERT INTO rooms (code, snapshot, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (code) DO UPDATE SET snapshot = excluded.snapshot, updated_at = excluded.updated_at`,
    );
    this.selectRooms = db.prepare<[], { code: string; snapshot: string }>(
      'SELECT code, snapshot FROM rooms ORDER BY code',
    );
    this.removeRoom = db.prepare<[string]>('DELETE FROM rooms WHERE code = ?');
    this.saveRaceTransaction = db.transaction((race: RaceRecord) => {
      const { players, moves, ...row } = race;
      this.insertRace.run(row);
      for (const player of players) this.insertPlayer.run({ ...player, raceId: race.id });
      moves.forEach((m, seq) =>
        this.insertMove.run(race.id, seq, m.playerId, m.at, m.cell, m.digit, m.verdict),
      );
    });
  }

  saveRace(race: RaceRecord): void {
    try {
      this.db.pragma('synchronous = FULL');
      timed(`race ${race.id}`, () => this.saveRaceTransaction(race));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Race ${race.id} of room ${race.roomCode} was not saved: ${reason}`, {
        cause: error,
      });
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  historyOf(deviceId: string, limit = DEFAULT_HISTORY_LIMIT): HistoryEntry[] {
    return this.selectHistory.all(deviceId, limit);
  }

  leaderboard(roomCode: string, limit = DEFAULT_LEADERBOARD_LIMIT): LeaderboardEntry[] {
    return this.selectLeaderboard.all(roomCode, limit);
  }

  saveRoom(code: string, snapshot: string): void {
    timed(`room ${code}`, () => this.upsertRoom.run(code, snapshot, Date.now()));
  }

  loadRooms(): { code: string; snapshot: string }[] {
    return this.selectRooms.all();
  }

  deleteRoom(code: string): void {
    this.removeRoom.run(code);
  }

  /** Closing the last connection checkpoints the whole log into the database file. */
  close(): void {
    this.checkpoints?.postMessage('stop');
    if (this.db.open) this.db.close();
  }
}

/**
 * Per device in the room's races: wins (first places), races, best finishing time, and the
 * nickname it used last. Ranked by wins, then best time (none last), then races.
 */
const LEADERBOARD_SQL = `
  WITH entries AS (
    SELECT p.device_id, p.nickname, p.place, p.time_ms, p.outcome, r.ended_at, r.rowid AS race_row
    FROM race_players p JOIN races r ON r.id = p.race_id
    WHERE r.room_code = ?
  )
  SELECT
    (SELECT x.nickname FROM entries x WHERE x.device_id = e.device_id
     ORDER BY x.ended_at DESC, x.race_row DESC LIMIT 1) AS nickname,
    e.device_id AS deviceId,
    COUNT(CASE WHEN e.place = 1 THEN 1 END) AS wins,
    COUNT(*) AS races,
    MIN(CASE WHEN e.outcome = 'finished' THEN e.time_ms END) AS bestTimeMs
  FROM entries e
  GROUP BY e.device_id
  ORDER BY wins DESC, bestTimeMs IS NULL, bestTimeMs, races DESC, nickname
  LIMIT ?`;
