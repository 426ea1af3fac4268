/**
 * The daily puzzle over HTTP (`/api/daily…`): schemas for what a client posts and the views the
 * server answers with. One puzzle per UTC day and variant, the same for everyone; each device's
 * best solve is kept, ranked by time. See docs/PROTOCOL.md, "The daily puzzle".
 */
import { z } from 'zod';
import { DeviceIdSchema, NicknameSchema, VARIANTS, type DifficultyLevel } from './schemas.ts';

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

/** A day and variant with its difficulty (fixed by the weekday) and how it went so far. */
export interface DailySummaryView {
  readonly day: string;
  readonly variant: string;
  readonly difficulty: DifficultyLevel;
  /** Devices that solved it (best solves kept). */
  readonly solvers: number;
  /** The leader's time, ms; null before the first solve. */
  readonly bestTimeMs: number | null;
}

/** `GET /api/daily` (`?deviceId=` adds `streak`). */
export interface DailyIndexView {
  /** The server's UTC day now. */
  readonly today: string;
  readonly streak: DailyStreakView | null;
  readonly variants: readonly DailySummaryView[];
  /** The `DAILY_ARCHIVE_DAYS` days before today (not before the first), newest first. */
  readonly archive: readonly {
    readonly day: string;
    readonly variants: readonly DailySummaryView[];
  }[];
}

/** The grade the engine's human solver gives the puzzle. */
export interface DailyGradeView {
  readonly difficulty: DifficultyLevel;
  readonly score: number;
  /** The hardest technique needed, or `search` when logic alone gets stuck. */
  readonly hardest: string;
  readonly solvedByLogic: boolean;
}

/** A row of a day's leaderboard: nicknames only, never device ids. */
export interface DailyEntryView {
  /** 1, 2, … (equal times: the earlier post ranks first). */
  readonly rank: number;
  readonly nickname: string;
  readonly timeMs: number;
  readonly mistakes: number;
  /** Begun on the puzzle's own day (UTC), not from the archive later. */
  readonly onTheDay: boolean;
}

/** A device's streak: consecutive UTC days with a daily solved on the day. */
export interface DailyStreakView {
  /** Ending today, or yesterday while today is not solved yet; 0 otherwise. */
  readonly current: number;
  readonly best: number;
  readonly solvedToday: boolean;
}

/** `GET /api/daily/:day/:variant` (`?deviceId=` adds `you` and `streak`). */
export interface DailyPuzzleView {
  readonly day: string;
  readonly variant: string;
  readonly today: string;
  /** 81 characters, `0` for a blank. */
  readonly puzzle: string;
  readonly solution: string;
  readonly grade: DailyGradeView;
  readonly solvers: number;
  /** Fastest first, at most `limit` (default 20, up to 100). */
  readonly leaderboard: readonly DailyEntryView[];
  /** This device's best solve of the day, or null. */
  readonly you: DailyEntryView | null;
  readonly streak: DailyStreakView | null;
}

/** `POST …/start` answers this. */
export interface DailyStartView {
  /** Names this attempt in its `POST …/results`. */
  readonly startId: string;
  /** The server's clock when the attempt began (ms since the epoch). */
  readonly startedAt: number;
}

/** `POST …/results` answers this. */
export interface DailyResultView {
  /** The device's standing with its best solve (which may be an earlier one). */
  readonly rank: number;
  readonly solvers: number;
  /** This solve's time and mistakes. */
  readonly timeMs: number;
  readonly mistakes: number;
  /** Whether this solve became the device's best (the first always does). */
  readonly improved: boolean;
  readonly best: DailyEntryView;
  /** This solve's start was on the puzzle's own day (UTC): it counts for the streak. */
  readonly onTheDay: boolean;
  readonly streak: DailyStreakView;
}

/** `GET …/ghost?rank=N`: a ranked solve with its moves, to race against. */
export interface DailyGhostView {
  readonly day: string;
  readonly variant: string;
  readonly puzzle: string;
  readonly solution: string;
  readonly entry: DailyEntryView;
  readonly moves: readonly DailyMove[];
}
