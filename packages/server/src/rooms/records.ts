/**
 * What the core hands the store to keep: the move log, finished races and room snapshots.
 * These are the core's types; the store (`store/`) implements them and depends on the core,
 * never the reverse. They are the published race (`RaceRecordView`) plus what stays private.
 */
import type { RaceMoveView, RacePlayerView, RaceRecordView } from '@percent/protocol';
import type { Rating } from './ratings.ts';

/** One judged move, in the order the room judged it (its place in the log is kept apart). */
export type MoveRecord = Omit<RaceMoveView, 'seq'>;

/** A move as the log keeps it: its race and its place in that race's order (from 0). */
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
   * The device's whole rating after a rated race, which the store keeps as the device's
   * current one (in the transaction that stores the race, only if the race is new); null when
   * the race did not rate this player.
   */
  readonly newRating: Rating | null;
}

/** A finished race: its header and standings. Its moves are in the move log already. */
export interface RaceRecord extends Omit<RaceRecordView, 'players' | 'moves'> {
  /** Best first. */
  readonly players: readonly RacePlayerRecord[];
}

/** A stored race with its whole move log: what a replay needs. */
export interface StoredRace extends Omit<RaceRecord, 'players'> {
  /** Best first. */
  readonly players: readonly StoredPlayer[];
  readonly moves: readonly LoggedMove[];
}
