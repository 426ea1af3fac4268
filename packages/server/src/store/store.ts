import type { TournamentRecordView } from '@percent/protocol';
import type { HistoryEntryView } from '@percent/protocol';
import type { MoveRecord, PersistEffect, Rating, StoredRace } from '../rooms/index.ts';
import type { HistoryReader } from './history.ts';

/**
 * Persistence contract of the race server. The core's persist effects are written by
 * `commit`, all of one command in one transaction, before the command is acknowledged: the
 * move log (append-only), finished races, and room snapshots. A commit survives a crash of
 * the process when it returns; one that stores a finished race survives a power loss too.
 * Implemented on SQLite (`sqlite.ts`, WAL mode); every call is synchronous. Rows read back are
 * validated, so a damaged row is reported, never trusted.
 */

/**
 * One row of a device's history. It goes out as read (`history:get`, `GET /api/history`), so it
 * is the wire's row itself.
 */
export type HistoryEntry = HistoryEntryView;

export interface LeaderboardEntry {
  readonly nickname: string;
  readonly deviceId: string;
  readonly wins: number;
  readonly races: number;
  readonly bestTimeMs: number | null;
}

/** A live room's snapshot as stored, and the race whose log continues it. */
export interface SavedRoom {
  readonly code: string;
  readonly raceId: string | null;
  readonly snapshot: string;
}

export type Loaded<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/**
 * How long the commits that appended moves took (µs), since the store opened: `count` such
 * commits, holding `moves` moves between them (several per commit under group commit).
 */
export interface AppendTimes {
  readonly count: number;
  readonly moves: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
}

/** The last sign of life a stopped server left. */
export interface Heartbeat {
  /** Epoch ms. */
  readonly at: number;
  /** Written by a clean stop (the server went away then), not by the periodic beat. */
  readonly final: boolean;
}

/** The store's state for `/healthz`. */
export interface StoreHealth {
  readonly writable: boolean;
  /** Why the last write failed; null when it did not. */
  readonly failing: string | null;
  readonly problems: readonly string[];
}

export interface Store {
  /** The writes, in order, in one transaction: all or none. Throws (nothing written) on failure. */
  commit(writes: readonly PersistEffect[]): void;
  /** Snapshots of the rooms that were live at the last stop. */
  loadRooms(): SavedRoom[];
  /** The race's logged moves in order; an error message when a row is damaged or missing. */
  movesOf(raceId: string): Loaded<MoveRecord[]>;
  /** A finished race with its standings and every move; undefined when there is none. */
  raceOf(raceId: string): Loaded<StoredRace> | undefined;
  /** An evening's stored rounds, ranked (`tournament-record.ts`); undefined when none is stored. */
  tournamentOf(id: string): Loaded<TournamentRecordView> | undefined;
  /** The device's races, newest first (default limit 50). */
  historyOf(deviceId: string, limit?: number): HistoryEntry[];
  /** The device's rating after its last rated race; null when it has played none. */
  ratingOf(deviceId: string): Rating | null;
  /** Devices ranked by wins, then best time, then races (default limit 20). */
  leaderboard(roomCode: string, limit?: number): LeaderboardEntry[];
  appendTimes(): AppendTimes;
  /** Whether it can write now, and what opening it found wrong (`/healthz`). */
  health(): StoreHealth;
  /**
   * Records that the server is up at `at` (epoch ms); one row, overwritten (about every
   * second). `final`: the server is stopping cleanly, so this is the moment it went away.
   */
  heartbeat(at: number, final?: boolean): void;
  /** The last heartbeat written, or null (a new store): a restart measures its outage from it. */
  lastHeartbeat(): Heartbeat | null;
  close(): void;
}

export { openStore } from './sqlite.ts';

/** Device ids stay private: the leaderboard the clients see names players by nickname only. */
export async function publicLeaderboard(
  history: Pick<HistoryReader, 'leaderboard'>,
  code: string,
  limit?: number,
) {
  const entries = await history.leaderboard(code, limit);
  return entries.map(({ nickname, wins, races, bestTimeMs }) => ({
    nickname,
    wins,
    races,
    bestTimeMs,
  }));
}
