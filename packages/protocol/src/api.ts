/**
 * Every `/api` answer, as a result: `{ ok: true, …fields }` or `{ ok: false, error }` with an
 * HTTP status to match (docs/PROTOCOL.md, "HTTP API"). The server checks what it sends against
 * these in the test suites; clients parse what they fetch with them.
 */
import { z } from 'zod';
import {
  DailyErrorCode,
  DailyGhostViewSchema,
  DailyIndexViewSchema,
  DailyPuzzleViewSchema,
  DailyAttemptViewSchema,
  DailyMoveReplySchema,
} from './daily.ts';
import { ErrorCode } from './errors.ts';
import {
  HistoryEntryViewSchema,
  LeaderboardEntryViewSchema,
  RaceRecordViewSchema,
  RoomSummaryViewSchema,
} from './stored.ts';
import { resultSchema } from './views.ts';
import { TournamentRecordViewSchema } from './tournament.ts';

/** An `/api` refusal: the socket's codes and the daily's. */
export const ApiFailureSchema = z
  .object({
    ok: z.literal(false),
    error: z.object({
      code: z.enum({ ...ErrorCode, ...DailyErrorCode }),
      message: z.string(),
    }),
  })
  .strict();

/** `GET /api/races/:raceId`. */
export const RaceReplySchema = z.object({ race: RaceRecordViewSchema });

/** What each route answers on success (beside `ok: true`), by a name server and clients share. */
export const API_VALUES = {
  /** `GET /api/lan`: the join URLs on the LAN. */
  lan: z.object({ urls: z.array(z.string()) }),
  /** `GET /api/history` (with the device headers). */
  history: z.object({ entries: z.array(HistoryEntryViewSchema) }),
  /** `GET /api/rooms/:code`. */
  room: z.object({ room: RoomSummaryViewSchema }),
  /** `GET /api/rooms/:code/leaderboard`. */
  leaderboard: z.object({ entries: z.array(LeaderboardEntryViewSchema) }),
  race: RaceReplySchema,
  /** `GET /api/tournaments/:id`. */
  tournament: z.object({ tournament: TournamentRecordViewSchema }),
  /** `GET /api/daily`. */
  dailyIndex: DailyIndexViewSchema,
  /** `GET /api/daily/:day/:variant`. */
  daily: DailyPuzzleViewSchema,
  /** `GET /api/daily/:day/:variant/ghost`. */
  dailyGhost: DailyGhostViewSchema,
  /** `POST /api/daily/:day/:variant/attempts`, `GET /api/daily/attempts/:attemptId`. */
  dailyAttempt: DailyAttemptViewSchema,
  /** `POST /api/daily/attempts/:attemptId/moves`. */
  dailyMove: DailyMoveReplySchema,
} as const;
export type ApiRoute = keyof typeof API_VALUES;
/** The fields of a route's success. */
export type ApiAnswer<R extends ApiRoute> = z.infer<(typeof API_VALUES)[R]>;

/** Each route's whole answer: its success or an `/api` refusal. */
export const API_SCHEMAS = Object.fromEntries(
  Object.entries(API_VALUES).map(([route, schema]) => [
    route,
    resultSchema(schema, ApiFailureSchema),
  ]),
) as unknown as { readonly [R in ApiRoute]: z.ZodType };
