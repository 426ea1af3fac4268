/**
 * The daily API from the client (docs/PROTOCOL.md, "The daily puzzle"): plain fetches whose
 * answers are checked with zod; a failure is a value with the server's message. Every request
 * names this device in its headers (never in the URL).
 */
import {
  API_VALUES,
  ApiFailureSchema,
  type DailyAttemptView,
  type DailyIndexView,
  type DailyMovePayload,
  type DailyMoveReply,
  type DailyPuzzleView,
} from '@percent/protocol';
import type { z } from 'zod';
import { deviceHeaders } from './identity.ts';

export type Fetched<T> =
  | { readonly ok: true; readonly value: T }
  /**
   * `code`: the server's error code, when it answered one (`FUTURE_DAY`, …); none when the
   * server could not be reached (send again later).
   */
  | { readonly ok: false; readonly message: string; readonly code?: string };

const daily = (day: string, variant: string) => `/api/daily/${day}/${encodeURIComponent(variant)}`;

export function fetchDailyIndex(): Promise<Fetched<DailyIndexView>> {
  return ask('/api/daily', API_VALUES.dailyIndex);
}

export function fetchDaily(day: string, variant: string): Promise<Fetched<DailyPuzzleView>> {
  return ask(daily(day, variant), API_VALUES.daily);
}

/** Begins an attempt on the server's clock, under `nickname` on the leaderboard. */
export function startAttempt(
  day: string,
  variant: string,
  nickname: string,
): Promise<Fetched<DailyAttemptView>> {
  return post(`${daily(day, variant)}/attempts`, API_VALUES.dailyAttempt, { nickname });
}

/** An attempt as it stands (to resume it after a reload). */
export function fetchAttempt(attemptId: string): Promise<Fetched<DailyAttemptView>> {
  return ask(`/api/daily/attempts/${encodeURIComponent(attemptId)}`, API_VALUES.dailyAttempt);
}

/** The attempt's next move, judged and timed by the server. */
export function sendMove(
  attemptId: string,
  move: DailyMovePayload,
): Promise<Fetched<DailyMoveReply>> {
  const path = `/api/daily/attempts/${encodeURIComponent(attemptId)}/moves`;
  return post(path, API_VALUES.dailyMove, move);
}

function post<T>(path: string, schema: z.ZodType<T>, body: unknown): Promise<Fetched<T>> {
  const headers = { 'content-type': 'application/json' };
  return ask(path, schema, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function ask<T>(path: string, schema: z.ZodType<T>, init?: RequestInit): Promise<Fetched<T>> {
  try {
    const headers = { ...deviceHeaders(), ...(init?.headers as Record<string, string>) };
    const response = await fetch(path, { cache: 'no-store', ...init, headers });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const problem = problemOf(body);
      return {
        ok: false,
        message: problem?.message ?? `HTTP ${response.status}`,
        code: problem?.code ?? `HTTP_${response.status}`,
      };
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      return { ok: false, message: 'the answer could not be read', code: 'BAD_ANSWER' };
    return { ok: true, value: parsed.data };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function problemOf(body: unknown): { code: string; message: string } | undefined {
  const parsed = ApiFailureSchema.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}
