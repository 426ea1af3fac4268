/** A stored race's player as a ghost: their moves on a clock that starts with the race. */
import type { GhostTrack } from './ghost.ts';

export interface StoredRace {
  readonly puzzle: string;
  readonly solution: string;
  /** Server epoch ms when the race began (after the countdown). */
  readonly startedAt: number;
  readonly players: readonly { readonly playerId: string; readonly nickname: string }[];
  readonly moves: readonly {
    readonly playerId: string;
    readonly at: number;
    readonly cell: number;
    readonly digit: number;
  }[];
}

/** The player's track (moves in log order, ms since the start), or undefined if not in it. */
export function trackOfRace(race: StoredRace, playerId: string): GhostTrack | undefined {
  const player = race.players.find((p) => p.playerId === playerId);
  if (!player) return undefined;
  const moves = race.moves
    .filter((move) => move.playerId === playerId)
    .map(({ at, cell, digit }) => ({ at: Math.max(0, at - race.startedAt), cell, digit }));
  const { puzzle, solution } = race;
  return { name: player.nickname, puzzle, solution, moves };
}
