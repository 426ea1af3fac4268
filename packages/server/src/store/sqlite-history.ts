import type { TournamentRecordView } from '@percent/protocol';
import {
  INITIAL_RATING,
  type MoveRecord,
  type RaceRecord,
  type Rating,
  type StoredRace,
} from '../rooms/index.ts';
import type { HistoryStore } from './history.ts';
import { openSqliteStore } from './sqlite.ts';
import type { SqliteStore } from './sqlite-store.ts';
import type { HistoryEntry, LeaderboardEntry, Loaded } from './store.ts';

/**
 * The history of a service on one machine without PostgreSQL: every worker process opens the
 * same SQLite file in `dataDir` (WAL mode: readers never wait; a writer waits up to
 * `BUSY_TIMEOUT_MS` for another). The schema and queries are the single-process store's, so
 * `/api` reads the same rows either way. Throws like `openStore` when the file is not usable.
 */
export function openSqliteHistory(dataDir: string): HistoryStore {
  return new SqliteHistory(openSqliteStore({ dataDir }));
}

/** SQLite answers synchronously; the promises are the contract's (PostgreSQL's are real). */
class SqliteHistory implements HistoryStore {
  private closed = false;

  constructor(private readonly store: SqliteStore) {}

  async recordRace(record: RaceRecord, moves: readonly MoveRecord[]): Promise<void> {
    this.open().recordRace(record, moves);
  }

  async raceOf(raceId: string): Promise<Loaded<StoredRace> | undefined> {
    return this.open().raceOf(raceId);
  }

  async tournamentOf(id: string): Promise<Loaded<TournamentRecordView> | undefined> {
    return this.open().tournamentOf(id);
  }

  async historyOf(deviceId: string, limit?: number): Promise<HistoryEntry[]> {
    return this.open().historyOf(deviceId, limit);
  }

  async leaderboard(roomCode: string, limit?: number): Promise<LeaderboardEntry[]> {
    return this.open().leaderboard(roomCode, limit);
  }

  async ratingOf(deviceId: string): Promise<Rating> {
    return this.open().ratingOf(deviceId) ?? INITIAL_RATING;
  }

  async ping(): Promise<boolean> {
    return !this.closed && this.store.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.store.close();
  }

  private open(): SqliteStore {
    if (this.closed) throw new Error('the SQLite history is closed');
    return this.store;
  }
}
