import type { HistoryEntryView } from '@percent/protocol';

/**
 * Persistence contract of the race server: finished races (with every move), the per-device
 * history and room leaderboards read from them, and snapshots of live rooms for a restart.
 * Implemented on SQLite (`sqlite.ts`, WAL mode); every call is synchronous. A saved race is
 * on disk when `saveRace` returns (it survives a power loss); a room snapshot survives a crash
 * of the process.
 */
export interface MoveRecord {
  readonly playerId: string;
  /** Epoch milliseconds (server clock). */
  readonly at: number;
  readonly cell: number;
  /** 0 = clear. */
  readonly digit: number;
  readonly verdict: 'correct' | 'wrong' | 'cleared';
}

export interface RacePlayerRecord {
  readonly playerId: string;
  readonly deviceId: string;
  readonly nickname: string;
  readonly place: number | null;
  readonly timeMs: number | null;
  readonly mistakes: number;
  readonly outcome: 'finished' | 'eliminated' | 'left' | 'timeout';
}

export interface RaceRecord {
  readonly id: string;
  readonly roomCode: string;
  readonly variant: string;
  readonly difficulty: string;
  /** 81 chars, '0' blanks. */
  readonly puzzle: string;
  readonly solution: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly players: readonly RacePlayerRecord[];
  readonly moves: readonly MoveRecord[];
}

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

export interface Store {
  /** Race, players and moves in one transaction; durable when it returns. Throws on a duplicate id. */
  saveRace(race: RaceRecord): void;
  /** The device's races, newest first (default limit 50). */
  historyOf(deviceId: string, limit?: number): HistoryEntry[];
  /** Devices ranked by wins, then best time, then races (default limit 20). */
  leaderboard(roomCode: string, limit?: number): LeaderboardEntry[];
  /** Replaces the room's snapshot (JSON text, opaque to the store). */
  saveRoom(code: string, snapshot: string): void;
  loadRooms(): { code: string; snapshot: string }[];
  deleteRoom(code: string): void;
  close(): void;
}

export { openStore } from './sqlite.ts';

/** Device ids stay private: the leaderboard the clients see names players by nickname only. */
export function publicLeaderboard(store: Store, code: string, limit?: number) {
  return store.leaderboard(code, limit).map(({ nickname, wins, races, bestTimeMs }) => ({
    nickname,
    wins,
    races,
    bestTimeMs,
  }));
}
