/**
 * What the core hands the store to keep: the move log, finished races and room snapshots.
 * These are the core's types; the store (`store/`) implements them and depends on the core,
 * never the reverse.
 */
import type { MoveVerdict, RunnerStatus } from '@percent/protocol';

/** One judged move, in the order the room judged it. */
export interface MoveRecord {
  readonly playerId: string;
  /** The client's id for the move (unique per player per race). */
  readonly moveId: string;
  /** Epoch milliseconds (server clock). */
  readonly at: number;
  readonly cell: number;
  /** 0 = clear. */
  readonly digit: number;
  readonly verdict: MoveVerdict;
}

/** A move as the log keeps it: its race and its place in that race's order (from 0). */
export interface LoggedMove extends MoveRecord {
  readonly raceId: string;
  readonly seq: number;
}

export interface RacePlayerRecord {
  readonly playerId: string;
  readonly deviceId: string;
  readonly nickname: string;
  readonly place: number | null;
  readonly timeMs: number | null;
  readonly mistakes: number;
  readonly outcome: Exclude<RunnerStatus, 'racing'>;
}

/** A finished race: its header and standings. Its moves are in the move log already. */
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
  /** Best first. */
  readonly players: readonly RacePlayerRecord[];
}

/** A stored race with its whole move log: what a replay needs. */
export interface StoredRace extends RaceRecord {
  readonly moves: readonly LoggedMove[];
}
