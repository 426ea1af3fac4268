import type { Effect, Race } from './types.ts';

/**
 * The idle rule's timers (one per runner still racing, keyed by player): armed at the start of
 * a race, after each move and at a restore. Apart from `rules.ts`, which decides what a timer
 * that fires does, so that `race.ts` can arm them without importing the rules back.
 */

/** The idle timer of every runner still racing (none when the room has no idle rule). */
export function idleTimers(race: Race | null): Effect[] {
  return race ? race.runners.flatMap((runner) => idleTimerAfterMove(race, runner.playerId)) : [];
}

export const idleTimer = (race: Race, playerId: string, at: number): Effect => ({
  type: 'schedule',
  key: `idle:${playerId}`,
  at,
  command: { type: 'idle', raceId: race.id, playerId },
});

/** The idle timer after a move (it replaces the one armed before, by key). */
export function idleTimerAfterMove(race: Race, playerId: string): Effect[] {
  const limit = race.rules.idleOutSec;
  const runner = race.runners.find((r) => r.playerId === playerId);
  if (limit === null || runner?.status !== 'racing') return [];
  return [idleTimer(race, playerId, runner.activeAt + limit * 1000)];
}
