/**
 * What the engine's debrief needs for one player of a replay: their moves alone, with times
 * since the start, when their race ended — the last move for a player who finished, was
 * eliminated, gave up, left or idled out (when they stopped looking is not recorded), the end
 * of the race for one whose time ran out (the pause until then counts) — and whether a wrong
 * digit stayed on their board (a solve) or was refused (a race).
 */
import type { DebriefInput } from '@percent/engine';
import type { ReplayRecord } from '../replay-record.ts';

export function debriefInputOf(record: ReplayRecord, playerId: string): DebriefInput | undefined {
  const player = record.players.find((p) => p.id === playerId);
  if (!player) return undefined;
  const moves = record.moves
    .filter((m) => m.playerId === playerId)
    .map(({ at, cell, digit, verdict }) => ({ at, cell, digit, verdict }));
  const last = moves.at(-1)?.at ?? 0;
  return {
    variant: record.variant,
    puzzle: record.puzzle,
    solution: record.solution,
    moves,
    endMs: player.outcome === 'timeout' ? Math.max(last, record.durationMs) : last,
    // A solve keeps a wrong digit on the board until it is replaced; a race never places it.
    wrongDigitsStay: record.wrongDigitsStay,
  };
}
