/**
 * The daily API from the client (docs/PROTOCOL.md, "The daily puzzle"): plain fetches whose
 * answers are checked with zod; a failure is a value with the server's message.
 */
import type {
  DailyIndexView,
  DailyPuzzleView,
  DailyResultPayload,
  DailyResultView,
  DailyStartView,
} from '@percent/protocol';
import { z } from 'zod';

export type Fetched<T> =
  | { readonly ok: true; readonly value: T }
  /** `code`: the server's error code, when it answered one (`FUTURE_DAY`, …). */
  | { readonly ok: false; readonly message: string; readonly code?: string };

const Streak = z.object({ current: z.number(), best: z.number(), solvedToday: z.boolean() });
const Summary = z.object({
  day: z.string(),
  variant: z.string(),
  difficulty: z.enum(['easy', 'medium', 'hard', 'expert']),
  solvers: z.number(),
  bestTimeMs: z.number().nullable(),
});
const Entry = z.object({
  rank: z.number(),
  nickname: z.string(),
  timeMs: z.number(),
  mistakes: z.number(),
  onTheDay: z.boolean(),
});
const IndexSchema = z.object({
  today: z.string(),
  streak: Streak.nullable(),
  variants: z.array(Summary),
  archive: z.array(z.object({ day: z.string(), variants: z.array(Summary) })),
});
const PuzzleSchema = z.object({
  day: z.string(),
  variant: z.string(),
  today: z.string(),
  puzzle: z.string(),
  solution: z.string(),
  grade: z.object({
    difficulty: z.enum(['easy', 'medium', 'hard', 'expert']),
    score: z.number(),
    hardest: z.string(),
    solvedByLogic: z.boolean(),
  }),
  solvers: z.number(),
  leaderboard: z.array(Entry),
  you: Entry.nullable(),
  streak: Streak.nullable(),
});
const ResultSchema = z.object({
  rank: z.number(),
  solvers: z.number(),
  timeMs: z.number(),
  mistakes: z.number(),
  improved: z.boolean(),
  best: Entry,
  onTheDay: z.boolean(),
  streak: Streak,
});

export function fetchDailyIndex(deviceId: string): Promise<Fetched<DailyIndexView>> {
  return ask(`/api/daily?deviceId=${encodeURIComponent(deviceId)}`, IndexSchema);
}

export function fetchDaily(
  day: string,
  variant: string,
  deviceId: string,
): Promise<Fetched<DailyPuzzleView>> {
  const path = `/api/daily/${day}/${encodeURIComponent(variant)}`;
  return ask(`${path}?deviceId=${encodeURIComponent(deviceId)}`, PuzzleSchema);
}

const StartSchema = z.object({ startId: z.string(), startedAt: z.number() });

/** Begins an attempt on the server's clock: its solve is posted with the `startId`. */
export function startDaily(
  day: string,
  variant: string,
  deviceId: string,
): Promise<Fetched<DailyStartView>> {
  return post(`/api/daily/${day}/${encodeURIComponent(variant)}/start`, StartSchema, { deviceId });
}

export function postDailyResult(
  day: string,
  variant: string,
  payload: DailyResultPayload,
): Promise<Fetched<DailyResultView>> {
  return post(`/api/daily/${day}/${encodeURIComponent(variant)}/results`, ResultSchema, payload);
}

function post<T>(path: string, schema: z.ZodType<T>, body: unknown): Promise<Fetched<T>> {
  const headers = { 'content-type': 'application/json' };
  return ask(path, schema, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function ask<T>(path: string, schema: z.ZodType<T>, init?: RequestInit): Promise<Fetched<T>> {
  try {
    const response = await fetch(path, { cache: 'no-store', ...init });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const problem = problemOf(body);
      return {
        ok: false,
        message: problem?.message ?? `HTTP ${response.status}`,
        code: problem?.code,
      };
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return { ok: false, message: 'the answer could not be read' };
    return { ok: true, value: parsed.data };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function problemOf(body: unknown): { code: string; message: string } | undefined {
  const parsed = z
    .object({ error: z.object({ code: z.string(), message: z.string() }) })
    .safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}
