import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DailyErrorCode,
  ErrorCode,
  RaceIdSchema,
  TournamentIdSchema,
  RoomCodeSchema,
  type RaceRecordView,
  type RoomSummaryView,
} from '@percent/protocol';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { Quotas } from '../quotas.ts';
import { DailyUnavailable, type DailyService } from '../daily/service.ts';
import type { DeviceKeys } from '../devices.ts';
import type { HistoryReader } from '../store/history.ts';
import { publicLeaderboard } from '../store/store.ts';
import { badRequest, limitOf, problem, send } from './answer.ts';
import { healthAnswer } from './health.ts';
import { serveDaily } from './daily-routes.ts';
import { deviceOf } from './device.ts';
import { serveUnfurls } from './unfurl.ts';

export interface AppDeps {
  /** The built web client (`packages/client/dist`); a welcome page stands in when absent. */
  readonly clientDir: string;
  readonly history: HistoryReader;
  /** Live figures for `/healthz` (cluster mode: whether Redis and PostgreSQL answer). */
  readonly health: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** When the server started (epoch ms; `/healthz`'s `uptimeMs`); now when absent. */
  readonly startedAt?: number;
  /** A live room as its join link shows it, or undefined. */
  readonly room: (code: string) => Promise<RoomSummaryView | undefined>;
  /** Join URLs on the LAN (`http://192.168.x.y:PORT`), for the lobby's link and QR code. */
  readonly lanUrls: () => string[];
  /** The daily puzzle (`/api/daily…`); absent: those routes answer 404. */
  readonly daily?: DailyService;
  /** Per-address quotas (room-code lookups); the defaults when absent. */
  readonly quotas?: Quotas;
  /** The device keys that `/api` requests naming a device are checked against. */
  readonly devices: DeviceKeys;
}

/** The HTTP side: the web client, the health check and the read-only history APIs. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  const startedAt = deps.startedAt ?? Date.now();
  const quotas = deps.quotas ?? new Quotas();
  app.disable('x-powered-by');
  // Answers over 1 KB compressed (brotli/gzip by Accept-Encoding): `/api` JSON (a stored race
  // shrinks about five times) and the app's page (index.html, with a shared link's Open Graph
  // tags). Static files come precompressed from the build (express-static-gzip sets their
  // Content-Encoding, which this middleware leaves alone); images are not compressible.
  app.use(compression({ threshold: 1024 }));
  // req.ip from X-Forwarded-For only behind a proxy that sets it (TRUST_PROXY).
  app.set('trust proxy', quotas.options.trustProxy);
  /** Room-code lookups by address: past the quota, 429 with Retry-After. */
  const lookup = (req: Request, res: Response, next: NextFunction) => {
    const quota = quotas.lookup(req.ip ?? 'unknown', Date.now());
    if (quota.ok) return next();
    res.setHeader('Retry-After', String(quota.retryAfterSec));
    const wait = `try again in ${quota.retryAfterSec} s`;
    problem(
      res,
      429,
      ErrorCode.rateLimited,
      `too many room codes looked up from this address; ${wait}`,
    );
  };
  app.get('/healthz', async (_req, res) => {
    const { status, body } = healthAnswer(await deps.health(), startedAt);
    res.status(status).json(body);
  });
  app.get('/api/lan', (_req, res) => {
    send(res, 'lan', { urls: deps.lanUrls() });
  });
  app.get('/api/history', async (req, res) => {
    const deviceId = await deviceOf(req, res, deps.devices, true);
    if (!deviceId) return;
    const entries = await deps.history.historyOf(deviceId, limitOf(req.query.limit));
    res.setHeader('Cache-Control', 'no-store');
    send(res, 'history', { entries });
  });
  app.get('/api/rooms/:code', lookup, async (req, res) => {
    const code = RoomCodeSchema.safeParse(req.params.code);
    if (!code.success) return badRequest(res, 'code', code.error.issues[0]?.message);
    const room = await deps.room(code.data);
    if (!room) return problem(res, 404, ErrorCode.roomNotFound, `no room ${code.data}`);
    res.setHeader('Cache-Control', 'no-store');
    send(res, 'room', { room });
  });
  app.get('/api/rooms/:code/leaderboard', lookup, async (req, res) => {
    const code = RoomCodeSchema.safeParse(req.params.code);
    if (!code.success) return badRequest(res, 'code', code.error.issues[0]?.message);
    const entries = await publicLeaderboard(deps.history, code.data, limitOf(req.query.limit));
    send(res, 'leaderboard', { entries });
  });
  app.get('/api/races/:raceId', async (req, res) => {
    const raceId = RaceIdSchema.safeParse(req.params.raceId);
    if (!raceId.success) return badRequest(res, 'raceId', raceId.error.issues[0]?.message);
    const stored = await deps.history.raceOf(raceId.data);
    if (!stored)
      return problem(res, 404, ErrorCode.raceNotFound, `no finished race ${raceId.data}`);
    if (!stored.ok) return problem(res, 500, ErrorCode.internal, stored.message);
    const { players, moves, ...race } = stored.value;
    const view: RaceRecordView = {
      ...race,
      players: players.map(({ deviceId: _device, ...player }) => player),
      moves: moves.map(({ raceId: _race, ...move }) => move),
    };
    send(res, 'race', { race: view });
  });
  app.get('/api/tournaments/:id', async (req, res) => {
    const id = TournamentIdSchema.safeParse(req.params.id);
    if (!id.success) return badRequest(res, 'id', id.error.issues[0]?.message);
    const stored = await deps.history.tournamentOf(id.data);
    if (!stored)
      return problem(
        res,
        404,
        ErrorCode.tournamentNotFound,
        `no round of evening ${id.data} is stored`,
      );
    if (!stored.ok) return problem(res, 500, ErrorCode.internal, stored.message);
    send(res, 'tournament', { tournament: stored.value });
  });
  if (deps.daily) serveDaily(app, deps.daily, deps.devices, quotas);
  serveUnfurls(app, { history: deps.history, daily: deps.daily, clientDir: deps.clientDir });
  serveClient(app, deps.clientDir);
  // A store that cannot be read (PostgreSQL down, say) answers JSON, never a stack trace.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof DailyUnavailable)
      return problem(res, 503, DailyErrorCode.puzzleUnavailable, message);
    // express.json's own refusals: a body too large, or not JSON.
    // A path whose percent-escapes do not decode (`/api/history/%E0%A4%A`): the client's fault.
    if (error instanceof URIError || isParamError(error))
      return problem(res, 400, ErrorCode.badPayload, `path: malformed percent-encoding`);
    const status = bodyErrorStatus(error);
    if (status !== undefined) return problem(res, status, ErrorCode.badPayload, `body: ${message}`);
    problem(res, 503, ErrorCode.internal, `the history could not be read: ${message}`);
  });
  return app;
}

/** Express's refusal of a route parameter it could not decode (a 400 with no body `type`). */
const isParamError = (error: unknown): boolean =>
  error instanceof Error && /^Failed to decode param/.test(error.message);

/** The status of a body parser's error (413 too large, 400 not JSON), if it is one. */
function bodyErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  const status = 'status' in error ? Number(error.status) : NaN;
  return status >= 400 && status < 500 ? status : undefined;
}

/** Vite's hashed build output: a file there never changes under its name. */
const HASHED = /[\\/]assets[\\/]/;

/**
 * Static files — precompressed `.br`/`.gz` (from the build) when the browser accepts them;
 * hashed assets cached for a year, everything else revalidated — and the single-page app's
 * entry for its client-side routes.
 */
function serveClient(app: Express, clientDir: string): void {
  const index = join(clientDir, 'index.html');
  app.use(
    expressStaticGzip(clientDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        cacheControl: false,
        setHeaders: (res, path) =>
          res.setHeader(
            'Cache-Control',
            HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
          ),
      },
    }),
  );
  app.get(
    [
      '/',
      '/r/:code',
      '/solo',
      '/lab',
      '/race/:id',
      '/replay/:id',
      '/tournament/:id',
      '/daily',
      '/daily/:day/:variant',
      '/daily/:day/:variant/play',
    ],
    (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      if (existsSync(index)) res.sendFile(index, { cacheControl: false });
      else res.type('html').send(welcomePage);
    },
  );
}

const welcomePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Percent</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
@media (prefers-color-scheme:dark){body{background:#16181d;color:#e6e6e6}}</style></head>
<body><h1>Percent</h1>
<p>A real-time percent-sudoku race. Fill the 9×9 grid so that every row, column, 3×3 box, the
anti-diagonal and the two shaded windows (rows 2–4 × columns 2–4 and rows 6–8 × columns 6–8) each
hold 1–9 exactly once — together they draw a “%”.</p>
<p>百分号数独：每行、每列、每个宫、反对角线以及两个窗口各含 1–9 恰好一次。</p>
<p>The web client is not built yet: run <code>pnpm build</code> (or <code>pnpm start</code>, which
builds it). The server is up (<a href="/healthz">/healthz</a>).</p>
</body></html>`;
