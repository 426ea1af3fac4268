/** A stored race's player as a ghost: their moves on the race's clock. */
import type { GhostTrack } from './ghost.ts';

export interface StoredRace {
  readonly puzzle: string;
  readonly solution: string;
  readonly players: readonly { readonly playerId: string; readonly nickname: string }[];
  readonly moves: readonly {
    readonly playerId: string;
    /** ms on the race clock (since its 0:00, the server's outages left out), as the server gives it. */
    readonly ms: number;
    readonly cell: number;
    readonly digit: number;
  }[];
}

/** The player's track (moves in log order, ms on the race clock), or undefined if not in it. */
export function trackOfRace(race: StoredRace, playerId: string): GhostTrack | undefined {
  const player = race.players.find((p) => p.playerId === playerId);
  if (!player) return undefined;
  const moves = race.moves
    .filter((move) => move.playerId === playerId)
    .map(({ ms, cell, digit }) => ({ at: ms, cell, digit }));
  const { puzzle, solution } = race;
  return { name: player.nickname, puzzle, solution, moves };
}
