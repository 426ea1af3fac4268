/**
 * How every `/api` route answers: a result checked against its protocol schema
 * (`API_SCHEMAS`), or a refusal with an HTTP status, a code and a message naming the field.
 */
import {
  API_SCHEMAS,
  ApiFailureSchema,
  ErrorCode,
  type ApiAnswer,
  type ApiRoute,
  type DailyErrorCodeName,
  type ErrorCodeName,
} from '@percent/protocol';
import type { Response } from 'express';
import type { z } from 'zod';
import { checkSent } from '../contract.ts';

/** A use case's answer: its value, or a refusal with the HTTP status to send it with. */
export type Answer<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: ErrorCodeName | DailyErrorCodeName;
      readonly message: string;
    };

/** A route's answer: `{ ok: true, …value }`, checked against its protocol schema. */
export function send<R extends ApiRoute>(res: Response, route: R, value: ApiAnswer<R>): void {
  const body = { ok: true, ...value };
  checkSent(`${res.req.method} ${res.req.path}`, API_SCHEMAS[route], body);
  res.json(body);
}

/** Sends a use case's answer, never cached. */
export function reply<R extends ApiRoute>(res: Response, route: R, answer: Answer<ApiAnswer<R>>) {
  res.setHeader('Cache-Control', 'no-store');
  if (answer.ok) send(res, route, answer.value);
  else problem(res, answer.status, answer.code, answer.message);
}

export function problem(
  res: Response,
  status: number,
  code: ErrorCodeName | DailyErrorCodeName,
  message: string,
): void {
  const body = { ok: false, error: { code, message } };
  checkSent(`${res.req.method} ${res.req.path} (${status})`, ApiFailureSchema, body);
  res.status(status).json(body);
}

export function badRequest(res: Response, field: string, message = 'invalid'): void {
  problem(res, 400, ErrorCode.badPayload, `${field}: ${message}`);
}

/** The body parsed by `schema`, or undefined once a 400 naming the first bad field is sent. */
export function parsedBody<T>(res: Response, schema: z.ZodType<T>, body: unknown): T | undefined {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  badRequest(res, issue?.path.join('.') || 'body', issue?.message);
  return undefined;
}

/** `?limit=`: 1–100, or undefined (the route's default). */
export function limitOf(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 100) : undefined;
}
