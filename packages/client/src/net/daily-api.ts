/**
 * The daily API from the client (docs/PROTOCOL.md, "The daily puzzle"): plain fetches whose
 * answers are checked with zod; a failure is a value with the server's message.
 */
import {
  API_VALUES,
  ApiFailureSchema,
  type DailyIndexView,
  type DailyPuzzleView,
  type DailyResultPayload,
  type DailyResultView,
  type DailyStartView,
} from '@percent/protocol';
import type { z } from 'zod';

export type Fetched<T> =
  | { readonly ok: true; readonly value: T }
  /** `code`: the server's error code, when it answered one (`FUTURE_DAY`, …). */
  | { readonly ok: false; readonly message: string; readonly code?: string };

const IndexSchema = API_VALUES.dailyIndex;
const PuzzleSchema = API_VALUES.daily;
const StartSchema = API_VALUES.dailyStart;
const ResultSchema = API_VALUES.dailyResult;

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
  const parsed = ApiFailureSchema.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}
