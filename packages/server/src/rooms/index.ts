/** The pure core of the race server: room state, the reducer, views, snapshots. */
export * from './types.ts';
export { createRoom, makeRoomCode, isRaceOn } from './room.ts';
export { reduce } from './reduce.ts';
export { startRefusal } from './race.ts';
export { viewFor, progressEventFor, moveReplyFor, type Recipient } from './view.ts';
export { snapshotOf, restoreRoom } from './snapshot.ts';
