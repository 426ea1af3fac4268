/**
 * The waits a real Percent client makes, so that the simulated players recover from a dead
 * node no faster than a browser would.
 */

/**
 * Socket.IO's reconnection back-off with its defaults (reconnectionDelay 1 s, doubling, at
 * most 5 s, randomisation ± 50 %): the wait before reconnection attempt `attempt` (from 0).
 */
export function reconnectDelayMs(attempt: number): number {
  const base = Math.min(1_000 * 2 ** attempt, 5_000);
  return Math.min(base * (1 + (Math.random() * 2 - 1) * 0.5), 5_000);
}

/**
 * The client's back-off after `ROOM_UNAVAILABLE` (packages/net/src/room-unavailable.ts,
 * `retryDelayMs`: 500 ms, doubling, at most 3 s) before the `attempt`-th resend (from 0).
 */
export function unavailableDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 3_000);
}
