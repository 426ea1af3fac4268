import { HUMAN_FLOOR_MS_PER_CELL, PLAUSIBLE_MIN_CELLS } from '@percent/protocol';
import type { Race, Runner } from './types.ts';

/**
 * Whether a finished runner placed their right digits faster than a person can: the median
 * time between them is under the floor (`HUMAN_FLOOR_MS_PER_CELL`, or the room's
 * `humanFloorMs`; 0 turns the check off), over at least `PLAUSIBLE_MIN_CELLS` of them. Such a
 * finish is flagged `tooFast`: no place, not rated (a solver bot, not a player).
 */
export function tooFast(
  race: Pick<Race, 'moves'>,
  runner: Runner,
  floorMs = HUMAN_FLOOR_MS_PER_CELL,
): boolean {
  if (runner.status !== 'finished' || floorMs <= 0) return false;
  const times = race.moves
    .filter((m) => m.playerId === runner.playerId && m.verdict === 'correct')
    .map((m) => m.at);
  if (times.length < PLAUSIBLE_MIN_CELLS) return false;
  const gaps = times.slice(1).map((at, i) => at - times[i]!);
  gaps.sort((a, b) => a - b);
  const middle = gaps.length / 2;
  const median =
    gaps.length % 2 === 1 ? gaps[Math.floor(middle)]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  return median < floorMs;
}
