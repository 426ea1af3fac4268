/**
 * The daily puzzle over HTTP (`/api/daily…`): schemas for what a client posts and the views the
 * server answers with. One puzzle per UTC day and variant, the same for everyone; each device's
 * best solve is kept, ranked by time. See docs/PROTOCOL.md, "The daily puzzle".
 */
import { z } from 'zod';
import { DIFFICULTIES, VARIANTS } from './rules.ts';
import { DeviceIdSchema, NicknameSchema } from './schemas.ts';

/** Error codes of the daily API (beside `BAD_PAYLOAD` and `INTERNAL`). */
export const DailyErrorCode = {
  /** The day has not begun yet (UTC): it cannot be read or solved. */
  futureDay: 'FUTURE_DAY',
  /** Before the first daily (`FIRST_DAILY_DAY`). */
  dayNotFound: 'DAY_NOT_FOUND',
  /** The posted moves do not solve the puzzle; `message` names the move and the problem. */
  badSolve: 'BAD_SOLVE',
  /** No solve with that rank (a ghost asked for past the leaderboard). */
  ghostNotFound: 'GHOST_NOT_FOUND',
  /** Too many posts from this address; wait a minute. */
  rateLimited: 'RATE_LIMITED',
  /** The day's puzzle could not be generated now; try again. */
  puzzleUnavailable: 'PUZZLE_UNAVAILABLE',
} as const;
export type DailyErrorCodeName = (typeof DailyErrorCode)[keyof typeof DailyErrorCode];

/** The first day with a daily puzzle; earlier days answer `DAY_NOT_FOUND`. */
export const FIRST_DAILY_DAY = '2026-01-01';
/** Moves a posted solve may hold. */
export const MAX_DAILY_MOVES = 500;
/** A solve's moves are at most this long after its start (24 h, in ms). */
export const MAX_DAILY_MS = 86_400_000;
/** Past days listed by `GET /api/daily` (older ones are still playable by their address). */
export const DAILY_ARCHIVE_DAYS = 30;

/** `YYYY-MM-DD`, a real calendar date (UTC). */
export const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD')
  .refine(isCalendarDay, 'no such date');

/** Whether `YYYY-MM-DD` names a real date (`2026-02-30` and `2026-13-01` do not). */
function isCalendarDay(day: string): boolean {
  // Date.parse gives NaN for an impossible month, where toISOString() would throw.
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
}

export const DailyVariantSchema = z.enum(VARIANTS);

/** One digit entered (0 clears), `at` ms on the player's stopwatch since the start. */
export const DailyMoveSchema = z.object({
  at: z.int().min(0).max(MAX_DAILY_MS),
  cell: z.int().min(0).max(80),
  digit: z.int().min(0).max(9),
});
export type DailyMove = z.infer<typeof DailyMoveSchema>;

/** What `POST …/start` answers with: the attempt's id, to post its result with. */
export const DailyStartIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'a start id is 16–64 letters, digits, _ or -');

/** `POST /api/daily/:day/:variant/start`: an attempt begins on the server's clock. */
export const DailyStartPayloadSchema = z.object({ deviceId: DeviceIdSchema });
export type DailyStartPayload = z.infer<typeof DailyStartPayloadSchema>;

/**
 * How far a solve's stopwatch may run ahead of the server's clock since its start (ms): the
 * start's answer travels back to the client before its stopwatch starts, so an honest stopwatch
 * is behind the server's, never ahead; this covers clock-rate differences and timer jitter.
 */
export const DAILY_CLOCK_SLACK_MS = 2000;

/** `POST /api/daily/:day/:variant/results`. */
export const DailyResultPayloadSchema = z.object({
  deviceId: DeviceIdSchema,
  startId: DailyStartIdSchema,
  nickname: NicknameSchema,
  moves: z
    .array(DailyMoveSchema)
    .min(1, 'a solve has at least one move')
    .max(MAX_DAILY_MOVES, `a solve has at most ${MAX_DAILY_MOVES} moves`),
});
export type DailyResultPayload = z.infer<typeof DailyResultPayloadSchema>;

const Day = z.string();
const Variant = z.enum(VARIANTS);
const Difficulty = z.enum(DIFFICULTIES);
const Board = z.string().regex(/^[0-9]{81}$/, 'a board is 81 digits');
const Count = z.int().min(0);

/** A day and variant with its difficulty (fixed by the weekday) and how it went so far. */
export const DailySummaryViewSchema = z.object({
  day: Day,
  variant: Variant,
  difficulty: Difficulty,
  /** Devices that solved it (best solves kept). */
  solvers: Count,
  /** The leader's time, ms; null before the first solve. */
  bestTimeMs: Count.nullable(),
});
export type DailySummaryView = z.infer<typeof DailySummaryViewSchema>;

/** A device's streak: consecutive UTC days with a daily solved on the day. */
export const DailyStreakViewSchema = z.object({
  /** Ending today, or yesterday while today is not solved yet; 0 otherwise. */
  current: Count,
  best: Count,
  solvedToday: z.boolean(),
});
export type DailyStreakView = z.infer<typeof DailyStreakViewSchema>;

/** `GET /api/daily` (`?deviceId=` adds `streak`). */
export const DailyIndexViewSchema = z.object({
  /** The server's UTC day now. */
  today: Day,
  streak: DailyStreakViewSchema.nullable(),
  variants: z.array(DailySummaryViewSchema),
  /** The `DAILY_ARCHIVE_DAYS` days before today (not before the first), newest first. */
  archive: z.array(z.object({ day: Day, variants: z.array(DailySummaryViewSchema) })),
});
export type DailyIndexView = z.infer<typeof DailyIndexViewSchema>;

/** The grade the engine's human solver gives the puzzle. */
export const DailyGradeViewSchema = z.object({
  difficulty: Difficulty,
  score: z.number(),
  /** The hardest technique needed (the engine's technique id), or `search` when logic alone gets stuck. */
  hardest: z.string(),
  solvedByLogic: z.boolean(),
});
export type DailyGradeView = z.infer<typeof DailyGradeViewSchema>;

/** A row of a day's leaderboard: nicknames only, never device ids. */
export const DailyEntryViewSchema = z.object({
  /** 1, 2, … (equal times: the earlier post ranks first). */
  rank: z.int().min(1),
  nickname: z.string(),
  timeMs: Count,
  mistakes: Count,
  /** Begun on the puzzle's own day (UTC), not from the archive later. */
  onTheDay: z.boolean(),
});
export type DailyEntryView = z.infer<typeof DailyEntryViewSchema>;

/** `GET /api/daily/:day/:variant` (`?deviceId=` adds `you` and `streak`). */
export const DailyPuzzleViewSchema = z.object({
  day: Day,
  variant: Variant,
  today: Day,
  /** 81 characters, `0` for a blank. */
  puzzle: Board,
  solution: Board,
  grade: DailyGradeViewSchema,
  solvers: Count,
  /** Fastest first, at most `limit` (default 20, up to 100). */
  leaderboard: z.array(DailyEntryViewSchema),
  /** This device's best solve of the day, or null. */
  you: DailyEntryViewSchema.nullable(),
  streak: DailyStreakViewSchema.nullable(),
});
export type DailyPuzzleView = z.infer<typeof DailyPuzzleViewSchema>;

/** `POST …/start` answers this. */
export const DailyStartViewSchema = z.object({
  /** Names this attempt in its `POST …/results`. */
  startId: DailyStartIdSchema,
  /** The server's clock when the attempt began (ms since the epoch). */
  startedAt: z.number().int(),
});
export type DailyStartView = z.infer<typeof DailyStartViewSchema>;

/** `POST …/results` answers this. */
export const DailyResultViewSchema = z.object({
  /** The device's standing with its best solve (which may be an earlier one). */
  rank: z.int().min(1),
  solvers: Count,
  /** This solve's time and mistakes. */
  timeMs: Count,
  mistakes: Count,
  /** Whether this solve became the device's best (the first always does). */
  improved: z.boolean(),
  best: DailyEntryViewSchema,
  /** This solve's start was on the puzzle's own day (UTC): it counts for the streak. */
  onTheDay: z.boolean(),
  streak: DailyStreakViewSchema,
});
export type DailyResultView = z.infer<typeof DailyResultViewSchema>;

/** `GET …/ghost?rank=N`: a ranked solve with its moves, to race against. */
export const DailyGhostViewSchema = z.object({
  day: Day,
  variant: Variant,
  puzzle: Board,
  solution: Board,
  entry: DailyEntryViewSchema,
  moves: z.array(DailyMoveSchema),
});
export type DailyGhostView = z.infer<typeof DailyGhostViewSchema>;
