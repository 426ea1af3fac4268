/**
 * Solves recorded on this device: every solo game finished by the player (and every daily),
 * with each digit entered and when — what a solo replay, a solo debrief and a ghost race read.
 * Kept in localStorage (`percent.solves`), newest first, the last 50; a record that does not
 * parse is dropped, never thrown.
 */
import { MOVE_VERDICTS } from '@percent/protocol/rules';
import { z } from 'zod';
import { readStoredJson, writeStored } from '../ui/storage.ts';

const KEY = 'solves';
/** How many solves a device keeps (a record is ~2–4 KB). */
export const MAX_SOLVES = 50;

const SolveMoveSchema = z.object({
  /** ms since the solve started (the stopwatch, pauses excluded). */
  at: z.number().int().min(0),
  cell: z.number().int().min(0).max(80),
  /** 0 = the cell was cleared. */
  digit: z.number().int().min(0).max(9),
  verdict: z.enum(MOVE_VERDICTS),
});
export type SolveMove = z.infer<typeof SolveMoveSchema>;

export const SolveRecordSchema = z.object({
  /** Unique on this device: the `/replay/ID` path. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** `solo` a solo game; `daily` the daily puzzle (`day` set); `ghost` a race against a ghost. */
  source: z.enum(['solo', 'daily', 'ghost']),
  variant: z.string(),
  difficulty: z.string(),
  puzzle: z.string().length(81),
  solution: z.string().length(81),
  nickname: z.string(),
  /** Epoch ms when the solve started (for the list). */
  startedAt: z.number(),
  /** The stopwatch's time at the full board (ms). */
  timeMs: z.number().int().min(0),
  mistakes: z.number().int().min(0),
  /** The daily's day (`YYYY-MM-DD`, UTC), for `source: 'daily'`. */
  day: z.string().optional(),
  moves: z.array(SolveMoveSchema),
});
export type SolveRecord = z.infer<typeof SolveRecordSchema>;

/** Every kept solve, newest first; unreadable records are skipped. */
export function loadSolves(): SolveRecord[] {
  const stored = readStoredJson(KEY);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const parsed = SolveRecordSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function loadSolve(id: string): SolveRecord | undefined {
  return loadSolves().find((solve) => solve.id === id);
}

/** Keeps `record` first (replacing one with its id); the oldest beyond MAX_SOLVES go. */
export function saveSolve(record: SolveRecord): void {
  const others = loadSolves().filter((solve) => solve.id !== record.id);
  writeStored(KEY, JSON.stringify([record, ...others].slice(0, MAX_SOLVES)));
}
