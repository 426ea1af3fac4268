/** The pure core of the race server: room state, the reducer, views, snapshots, records. */
export * from './types.ts';
export * from './records.ts';
export { createRoom, makeRoomCode, isRaceOn } from './room.ts';
export { reduce } from './reduce.ts';
export { startRefusalFor } from './race.ts';
export { importRefusalFor } from './lobby.ts';
export { permissionsFor } from './permissions.ts';
export {
  viewFor,
  progressEventFor,
  progressDeliveries,
  type ProgressDelivery,
  membersOf,
  summaryOf,
  watches,
  type Member,
  type Recipient,
} from './view.ts';
export {
  INITIAL_RATING,
  PROVISIONAL_RACES,
  isProvisional,
  rateRace,
  type Rating,
} from './ratings.ts';
export { clockAt, onRaceClock, type Pause, type RaceClock } from './race-clock.ts';
export { snapshotOf, restoreRoom, SNAPSHOT_VERSION, type Restored } from './snapshot.ts';
export { rankEntrants, type EntrantResult, type RankedEntrant } from './tournament.ts';
