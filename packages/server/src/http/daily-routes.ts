/**
 * The daily puzzle's API (docs/PROTOCOL.md, "The daily puzzle"): reads of the index, a day and
 * its ghosts; attempts begun, resumed and played move by move. The asking device comes in the
 * headers (`device.ts`).
 */
import {
  DailyAttemptIdSchema,
  DailyAttemptPayloadSchema,
  DailyErrorCode,
  DailyMovePayloadSchema,
  DailyVariantSchema,
  DaySchema,
} from '@percent/protocol';
import express, { type Express, type Request, type Response } from 'express';
import type { DailyService } from '../daily/service.ts';
import type { Quotas } from '../quotas.ts';
import type { DeviceKeys } from '../devices.ts';
import { badRequest, limitOf, parsedBody, problem, reply, send } from './answer.ts';
import { deviceOf } from './device.ts';

/** A nickname or a move: well under a kilobyte. */
const DAILY_BODY_LIMIT = '4kb';

/** Attempts begun and moves sent are counted per address (`Quotas`: 429 with Retry-After). */
export function serveDaily(
  app: Express,
  daily: DailyService,
  devices: DeviceKeys,
  quotas: Quotas,
): void {
  const json = express.json({ limit: DAILY_BODY_LIMIT });
  // Before `/api/daily/:day/:variant`, which would take `attempts` for a day.
  app.get('/api/daily/attempts/:attemptId', async (req, res) => {
    const attemptId = attemptIdOf(req, res);
    const deviceId = attemptId && (await deviceOf(req, res, devices, true));
    if (!attemptId || !deviceId) return;
    reply(res, 'dailyAttempt', await daily.attempt(attemptId, deviceId));
  });
  app.post('/api/daily/attempts/:attemptId/moves', json, async (req, res) => {
    const quota = quotas.dailyMove(req.ip ?? 'unknown', Date.now());
    if (!quota.ok) return tooMany(res, 'moves', quota.retryAfterSec);
    const attemptId = attemptIdOf(req, res);
    const body = attemptId && parsedBody(res, DailyMovePayloadSchema, req.body);
    const deviceId = body && (await deviceOf(req, res, devices, true));
    if (!attemptId || !body || !deviceId) return;
    reply(res, 'dailyMove', await daily.move(attemptId, deviceId, body));
  });
  app.get('/api/daily', async (req, res) => {
    const deviceId = await deviceOf(req, res, devices, false);
    if (deviceId === undefined) return;
    res.setHeader('Cache-Control', 'no-store');
    send(res, 'dailyIndex', await daily.index(deviceId ?? undefined));
  });
  app.get('/api/daily/:day/:variant', async (req, res) => {
    const where = dayAndVariant(req, res);
    const deviceId = where && (await deviceOf(req, res, devices, false));
    if (!where || deviceId === undefined) return;
    const { day, variant } = where;
    const limit = limitOf(req.query.limit);
    reply(res, 'daily', await daily.puzzleView(day, variant, deviceId ?? undefined, limit));
  });
  app.get('/api/daily/:day/:variant/ghost', async (req, res) => {
    const where = dayAndVariant(req, res);
    if (!where) return;
    const rank = req.query.rank === undefined ? 1 : Number(req.query.rank);
    if (!Number.isInteger(rank) || rank < 1 || rank > 1000)
      return badRequest(res, 'rank', 'a rank is a whole number from 1 to 1000');
    const deviceId = await deviceOf(req, res, devices, false);
    if (deviceId === undefined) return;
    const answer = await daily.ghost(where.day, where.variant, rank, deviceId ?? undefined);
    reply(res, 'dailyGhost', answer);
  });
  app.post('/api/daily/:day/:variant/attempts', json, async (req, res) => {
    const quota = quotas.dailyStart(req.ip ?? 'unknown', Date.now());
    if (!quota.ok) return tooMany(res, 'attempts begun', quota.retryAfterSec);
    const where = dayAndVariant(req, res);
    const body = where && parsedBody(res, DailyAttemptPayloadSchema, req.body);
    const deviceId = body && (await deviceOf(req, res, devices, true));
    if (!where || !body || !deviceId) return;
    const answer = await daily.startAttempt(where.day, where.variant, deviceId, body.nickname);
    reply(res, 'dailyAttempt', answer);
  });
}

function tooMany(res: Response, what: string, retryAfterSec: number): void {
  res.setHeader('Retry-After', String(retryAfterSec));
  const message = `too many daily ${what} from this address; try again in ${retryAfterSec} s`;
  problem(res, 429, DailyErrorCode.rateLimited, message);
}

function attemptIdOf(req: Request, res: Response): string | undefined {
  const id = DailyAttemptIdSchema.safeParse(req.params.attemptId);
  if (id.success) return id.data;
  badRequest(res, 'attemptId', id.error.issues[0]?.message);
  return undefined;
}

function dayAndVariant(req: Request, res: Response) {
  const day = DaySchema.safeParse(req.params.day);
  if (!day.success) return badRequest(res, 'day', day.error.issues[0]?.message);
  const variant = DailyVariantSchema.safeParse(req.params.variant);
  if (!variant.success)
    return badRequest(res, 'variant', `one of ${DailyVariantSchema.options.join(', ')}`);
  return { day: day.data, variant: variant.data };
}
