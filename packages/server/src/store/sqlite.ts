import { existsSync, linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createLogger } from '../log.ts';
import { migrate } from './migrations.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

/** The database file inside `DATA_DIR`. */
export const DATABASE_FILE = 'percent.db';

const log = createLogger('store');

/**
 * Opens (creating the folder and the file on first use) and migrates the store. A file that
 * is not a readable Percent database is left untouched and reported with its path.
 */
export function openStore(options: { dataDir: string } | { memory: true }): Store {
  return openSqliteStore(options);
}

/**
 * How long a write waits for another process's transaction on the same file (several
 * workers of one machine share it) before failing with SQLITE_BUSY.
 */
export const BUSY_TIMEOUT_MS = 5_000;

/** `openStore` with the SQLite store's own methods (`recordRace`, `ping`: the history's). */
export function openSqliteStore(options: { dataDir: string } | { memory: true }): SqliteStore {
  const location = 'memory' in options ? ':memory:' : join(options.dataDir, DATABASE_FILE);
  let db: Database.Database | undefined;
  try {
    if ('dataDir' in options) mkdirSync(options.dataDir, { recursive: true });
    const file = 'dataDir' in options ? location : undefined;
    if (file && !existsSync(file)) createFresh(file);
    else if (file) refuseEmpty(file);
    const walExisted = file !== undefined && existsSync(`${file}-wal`);
    const opened = new Database(location, { timeout: BUSY_TIMEOUT_MS });
    db = opened;
    checkIntegrity(db);
    db.pragma('journal_mode = WAL');
    // NORMAL: a commit survives a crash of the process (the WAL is written before it returns);
    // a commit that stores a finished race switches to FULL so it survives a power loss too.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Under the write lock, so that processes opening a new file at once migrate in turn.
    opened.transaction(() => migrate(opened)).immediate();
    const store = new SqliteStore(db, file ? startCheckpoints(db, location) : undefined);
    if (file) noteLostLog(store, walExisted, file);
    return store;
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

/**
 * A new store is made whole under another name and linked into place (which fails if the file
 * appeared meanwhile: another process made it first, and that one is used). So the store's file
 * is never seen half-made — a file of 0 bytes is always one that lost what it held.
 */
function createFresh(file: string): void {
  const made = `${file}.new-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const db = new Database(made);
  try {
    db.pragma('journal_mode = WAL');
    db.transaction(() => migrate(db)).immediate();
  } finally {
    db.close(); // checkpoints the log into the file and removes it
  }
  try {
    linkSync(made, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    for (const leftover of [made, `${made}-wal`, `${made}-shm`]) rmSync(leftover, { force: true });
  }
}

/**
 * A database file of 0 bytes is no Percent store: it was truncated, or replaced, and starting
 * on it would begin an empty history in silence. (A new store has no file at all.)
 */
function refuseEmpty(file: string): void {
  if (existsSync(file) && statSync(file).size === 0)
    throw new Error('it is empty (0 bytes): the history it held is gone or the file was replaced');
}

/**
 * After an unclean stop (the last heartbeat was not a final one) the write-ahead log holds the
 * last acknowledged commits until they are copied into the file; if it is missing, they may be
 * lost. The store opens (the file itself is sound) and says so, at start and in `/healthz`.
 */
function noteLostLog(store: SqliteStore, walExisted: boolean, file: string): void {
  const last = store.lastHeartbeat();
  if (walExisted || last === null || last.final) return;
  const problem =
    `the write-ahead log (${file}-wal) of an unclean stop is missing: ` +
    'moves acknowledged in the seconds before the stop may be lost';
  store.problems.push(problem);
  log.error({ file }, problem);
}

function checkIntegrity(db: Database.Database): void {
  const result = db.pragma('quick_check', { simple: true });
  if (result !== 'ok') throw new Error(`it is damaged (${String(result)})`);
}
