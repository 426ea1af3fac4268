import { z } from 'zod';
import type { MoveRecord, RaceRecord } from '../rooms/index.ts';

/**
 * The shapes of rows read back from SQLite. The database's CHECKs guard what is written; these
 * guard what is read (a file edited by hand, a disk error), so that a damaged row is reported
 * with its place instead of flowing into a room.
 */
export const MoveRowSchema = z.object({
  seq: z.int().min(0),
  playerId: z.string().min(1),
  moveId: z.string().min(1),
  at: z.number(),
  cell: z.int().min(0).max(80),
  digit: z.int().min(0).max(9),
  verdict: z.enum(['correct', 'wrong', 'cleared']),
});

export const RaceRowSchema = z.object({
  id: z.string().min(1),
  roomCode: z.string(),
  variant: z.string(),
  difficulty: z.string(),
  puzzle: z.string().length(81),
  solution: z.string().length(81),
  startedAt: z.number(),
  endedAt: z.number(),
});

export const PlayerRowSchema = z.object({
  playerId: z.string().min(1),
  deviceId: z.string().min(1),
  nickname: z.string().min(1),
  place: z.int().min(1).nullable(),
  timeMs: z.number().nullable(),
  mistakes: z.int().min(0),
  outcome: z.enum(['finished', 'eliminated', 'left', 'timeout', 'forfeited', 'idle']),
});

export type RaceRow = Omit<RaceRecord, 'players'>;

/** The race's moves in order, as records; the first bad row or a gap in `seq` is the error. */
export function movesFromRows(
  raceId: string,
  rows: readonly unknown[],
): { ok: true; value: MoveRecord[] } | { ok: false; message: string } {
  const moves: MoveRecord[] = [];
  for (const [index, row] of rows.entries()) {
    const parsed = MoveRowSchema.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = `move_log row ${index} of race ${raceId}`;
      return { ok: false, message: `${where}: ${issue?.path.join('.')}: ${issue?.message}` };
    }
    const { seq, ...move } = parsed.data;
    if (seq !== index) {
      return { ok: false, message: `move_log of race ${raceId} has no move ${index} (gap)` };
    }
    moves.push(move);
  }
  return { ok: true, value: moves };
}
