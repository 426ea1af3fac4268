/**
 * What the core hands the store to keep: the move log, finished races and room snapshots.
 * These are the core's types; the store (`store/`) implements them and depends on the core,
 * never the reverse. They are the published race (`RaceRecordView`) plus what stays private.
 */
import type { RaceMoveView, RacePlayerView, RaceRecordView } from '@percent/protocol';
import type { Pause } from './race-clock.ts';
import type { Rating } from './ratings.ts';

/**
 * One judged move, in the order the room judged it (its place in the log is kept apart). Its
 * time on the race clock (`ms`) is worked out when the finished race is read (`race-clock.ts`):
 * an outage after the move still moves the clock's 0:00.
 */
export type MoveRecord = Omit<RaceMoveView, 'seq' | 'ms'>;

/** A move of a stored race: its race, its place in that race's order (from 0), its clock time. */
export interface LoggedMove extends RaceMoveView {
  readonly raceId: string;
}

/** A standing as stored. */
export interface StoredPlayer extends RacePlayerView {
  /** Keys history, leaderboards and ratings; never published. */
  readonly deviceId: string;
}

/** A standing as the core hands it to the store. */
export interface RacePlayerRecord extends StoredPlayer {
  /**
   * The device's whole rating at the start of a rated race (as read at the join) and after it,
   * as the room computed them; both null when the race did not rate this player. The store
   * settles them again from the ratings it holds when it stores the race (`settleRatings`, in
   * that transaction, only if the race is new): what it stores is the truth.
   */
  readonly oldRating: Rating | null;
  readonly newRating: Rating | null;
}

/** A finished race: its header and standings. Its moves are in the move log already. */
export interface RaceRecord extends Omit<RaceRecordView, 'players' | 'moves' | 'durationMs'> {
  /** The server's outages during the race (`Race.pauses`): they time the moves when read. */
  readonly pauses: readonly Pause[];
  /** Best first. */
  readonly players: readonly RacePlayerRecord[];
}

/** A stored race with its whole move log and its length on the race clock: what a replay needs. */
export interface StoredRace extends Omit<RaceRecord, 'players' | 'pauses'> {
  /** `endedAt` on the race clock (`RaceRecordView.durationMs`). */
  readonly durationMs: number;
  /** Best first. */
  readonly players: readonly StoredPlayer[];
  readonly moves: readonly LoggedMove[];
}
