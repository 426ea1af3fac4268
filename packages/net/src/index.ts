/**
 * The one Percent socket client (docs/ARCHITECTURE.md, "One socket client"): the typed link,
 * the room session with its rejoin and move retries, and the pure view updates. The web client
 * and every test bot (fault, cluster, load) run this code.
 */
export * from './link.ts';
export { randomId } from './ids.ts';
export { ServerClock, type ClockSample, CLOCK_WINDOW } from './clock.ts';
export { MoveQueue, type PendingMove } from './moves.ts';
export { MoveSender, type MoveLink, type MoveListener } from './move-sender.ts';
export { isRoomUnavailable, retryDelayMs, UnavailableRetries } from './room-unavailable.ts';
export { RoomSession, memoryOf, type SeatMemory } from './room-session.ts';
export {
  applyOwnMove,
  applyProgress,
  applyProgressBatch,
  placeOf,
  playerOf,
  runsInRace,
} from './views.ts';
