import { HUMAN_FLOOR_MS_PER_CELL, isTooFast } from '@percent/protocol';
import type { MoveRecord } from './records.ts';
import type { Runner } from './types.ts';

/**
 * Whether a finished runner placed their right digits faster than a person can: the median
 * time between them is under the floor (`HUMAN_FLOOR_MS_PER_CELL`, or the room's
 * `humanFloorMs`; 0 turns the check off), over at least `PLAUSIBLE_MIN_CELLS` of them
 * (`isTooFast`, the daily's rule too). Such a finish is flagged `tooFast`: no place, not rated
 * (a solver bot, not a player).
 */
export function tooFast(
  race: { readonly moves: Iterable<MoveRecord> },
  runner: Runner,
  floorMs = HUMAN_FLOOR_MS_PER_CELL,
): boolean {
  if (runner.status !== 'finished') return false;
  const times: number[] = [];
  for (const m of race.moves)
    if (m.playerId === runner.playerId && m.verdict === 'correct') times.push(m.at);
  return isTooFast(times, floorMs);
}
