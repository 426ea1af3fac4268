import type { TournamentRecordView } from '@percent/protocol';
import {
  INITIAL_RATING,
  type MoveRecord,
  type RaceRecord,
  type Rating,
  type StoredRace,
} from '../rooms/index.ts';
import type { HistoryEntry, LeaderboardEntry, Loaded, Store } from './store.ts';

/**
 * Finished races, shared by every node of a service: what `/api` history, leaderboards and
 * replays read. Implemented on PostgreSQL (`DATABASE_URL`, several machines) and on SQLite (one
 * machine: every worker process opens the same file). Live rooms are not kept here (see
 * `cluster/`); one node writes each race, once its room has finished it.
 */
export interface HistoryStore {
  /**
   * Stores a finished race with its standings and every move in log order, in one
   * transaction. A race already stored (same id) is left as it is: a retry after a failover or
   * a failed acknowledgement is harmless.
   */
  recordRace(record: RaceRecord, moves: readonly MoveRecord[]): Promise<void>;
  /** A finished race with its standings and every move; undefined when there is none. */
  raceOf(raceId: string): Promise<Loaded<StoredRace> | undefined>;
  /** An evening's stored rounds, ranked; undefined when none of them is stored. */
  tournamentOf(id: string): Promise<Loaded<TournamentRecordView> | undefined>;
  /** The device's races, newest first (default limit 50). */
  historyOf(deviceId: string, limit?: number): Promise<HistoryEntry[]>;
  /** Devices ranked by wins, then best time, then races (default limit 20). */
  leaderboard(roomCode: string, limit?: number): Promise<LeaderboardEntry[]>;
  /**
   * The device's rating after its last stored rated race (`INITIAL_RATING` for a device that
   * has played none). Ratings are written with the race that changed them, only when that race
   * is stored for the first time.
   */
  ratingOf(deviceId: string): Promise<Rating>;
  /** Whether the database answers now (`/healthz`); never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** What the socket handlers and the HTTP API read: the history of either kind of store. */
export type HistoryReader = Pick<
  HistoryStore,
  'raceOf' | 'tournamentOf' | 'historyOf' | 'leaderboard' | 'ratingOf'
>;

/** The one-process store's history, read as the cluster's is. */
export function historyOf(store: Store): HistoryReader {
  return {
    raceOf: (raceId) => Promise.resolve(store.raceOf(raceId)),
    tournamentOf: (id) => Promise.resolve(store.tournamentOf(id)),
    historyOf: (deviceId, limit) => Promise.resolve(store.historyOf(deviceId, limit)),
    leaderboard: (code, limit) => Promise.resolve(store.leaderboard(code, limit)),
    ratingOf: async (deviceId) => store.ratingOf(deviceId) ?? INITIAL_RATING,
  };
}
