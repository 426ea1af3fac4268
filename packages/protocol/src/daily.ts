/**
 * The daily puzzle over HTTP (`/api/daily…`): schemas for what a client posts and the views the
 * server answers with. One puzzle per UTC day and variant, the same for everyone, played against
 * the server as a race is: an attempt begins on the server's clock, each move is judged and
 * timed on arrival, the solution never leaves the server before the solve, and a device's first
 * finished solve of the day is its ranked one (later ones are practice). See docs/PROTOCOL.md,
 * "The daily puzzle".
 */
import { z } from 'zod';
import { DIFFICULTIES, MOVE_VERDICTS, VARIANTS } from './rules.ts';
import { NicknameSchema } from './schemas.ts';

/** Error codes of the daily API (beside `BAD_PAYLOAD` and `INTERNAL`). */
export const DailyErrorCode = {
  /** The day has not begun yet (UTC): it cannot be read or solved. */
  futureDay: 'FUTURE_DAY',
  /** Before the first daily (`FIRST_DAILY_DAY`). */
  dayNotFound: 'DAY_NOT_FOUND',
  /** No attempt of this device has that id (or it is older than `MAX_DAILY_MS` and was pruned). */
  attemptNotFound: 'ATTEMPT_NOT_FOUND',
  /** The attempt is solved: it takes no more moves (start another to practise). */
  attemptFinished: 'ATTEMPT_FINISHED',
  /** The attempt began more than `MAX_DAILY_MS` ago: it takes no more moves. */
  attemptExpired: 'ATTEMPT_EXPIRED',
  /**
   * A move's `seq` is not the attempt's next one, or a `seq` already judged came again with
   * another cell or digit; `message` names the seq the server expects.
   */
  moveOutOfOrder: 'MOVE_OUT_OF_ORDER',
  /** The move targets a given (a clue of the puzzle), which cannot change. */
  givenCell: 'GIVEN_CELL',
  /** No solve with that rank (a ghost asked for past the leaderboard). */
  ghostNotFound: 'GHOST_NOT_FOUND',
  /** A day's ghosts (whose moves show the solution) are for devices that have solved that day. */
  ghostLocked: 'GHOST_LOCKED',
  /** Too many posts from this address; wait a minute. */
  rateLimited: 'RATE_LIMITED',
  /** The day's puzzle could not be generated now; try again. */
  puzzleUnavailable: 'PUZZLE_UNAVAILABLE',
} as const;
export type DailyErrorCodeName = (typeof DailyErrorCode)[keyof typeof DailyErrorCode];

/** The first day with a daily puzzle; earlier days answer `DAY_NOT_FOUND`. */
export const FIRST_DAILY_DAY = '2026-01-01';
/** Moves an attempt may take. */
export const MAX_DAILY_MOVES = 500;
/** An attempt takes moves for this long after its start (24 h, in ms). */
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

/** One digit entered (0 clears), `at` ms after the attempt's start on the server's clock. */
export const DailyMoveSchema = z.object({
  at: z.int().min(0).max(MAX_DAILY_MS),
  cell: z.int().min(0).max(80),
  digit: z.int().min(0).max(9),
});
export type DailyMove = z.infer<typeof DailyMoveSchema>;

/** Names an attempt (`POST …/attempts` answers it). */
export const DailyAttemptIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'an attempt id is 16–64 letters, digits, _ or -');

/**
 * `POST /api/daily/:day/:variant/attempts` (with the device headers): an attempt begins on the
 * server's clock, under this nickname on the leaderboard.
 */
export const DailyAttemptPayloadSchema = z.object({ nickname: NicknameSchema });
export type DailyAttemptPayload = z.infer<typeof DailyAttemptPayloadSchema>;

/**
 * `POST /api/daily/attempts/:attemptId/moves` (with the device headers): the attempt's next
 * move. `seq` counts the attempt's moves from 0: a move is judged only as the next one, and a
 * `seq` already judged, sent again with the same cell and digit (a retry after a lost answer),
 * gets its first answer again.
 */
export const DailyMovePayloadSchema = z.object({
  seq: z
    .int()
    .min(0)
    .max(MAX_DAILY_MOVES - 1),
  cell: z.int().min(0).max(80),
  /** 1–9 places a digit; 0 clears the cell. */
  digit: z.int().min(0).max(9),
});
export type DailyMovePayload = z.infer<typeof DailyMovePayloadSchema>;

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

/** `GET /api/daily` (the device headers add `streak`). */
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

/** `GET /api/daily/:day/:variant` (the device headers add `you` and `streak`). No solution. */
export const DailyPuzzleViewSchema = z.object({
  day: Day,
  variant: Variant,
  today: Day,
  /** 81 characters, `0` for a blank. */
  puzzle: Board,
  grade: DailyGradeViewSchema,
  solvers: Count,
  /** Fastest first, at most `limit` (default 20, up to 100). */
  leaderboard: z.array(DailyEntryViewSchema),
  /** This device's ranked solve of the day, or null. */
  you: DailyEntryViewSchema.nullable(),
  streak: DailyStreakViewSchema.nullable(),
});
export type DailyPuzzleView = z.infer<typeof DailyPuzzleViewSchema>;

/** Why a finished attempt is not on the leaderboard. */
export const DAILY_UNRANKED_REASONS = [
  /** The device had already finished a ranked solve of this day and variant. */
  'practice',
  /** Its right digits came faster than a person places them (`isTooFast`, rules.ts). */
  'tooFast',
] as const;

/** A solved attempt: what it counted for. */
export const DailyResultViewSchema = z.object({
  /** The server's time from the attempt's start to its last move (ms), and its mistakes. */
  timeMs: Count,
  mistakes: Count,
  /** This solve is the device's ranked one (its first finished solve of the day). */
  ranked: z.boolean(),
  unranked: z.enum(DAILY_UNRANKED_REASONS).nullable(),
  /** The device's ranked solve with its rank now (this one, or the earlier one); null if none. */
  best: DailyEntryViewSchema.nullable(),
  solvers: Count,
  /** The attempt began on the puzzle's own day (UTC): a ranked one counts for the streak. */
  onTheDay: z.boolean(),
  streak: DailyStreakViewSchema,
});
export type DailyResultView = z.infer<typeof DailyResultViewSchema>;

/** One judged move of an attempt. */
export const DailyAttemptMoveViewSchema = z.object({
  seq: Count,
  cell: z.int().min(0).max(80),
  digit: z.int().min(0).max(9),
  /** ms after the attempt's start, on the server's clock, when the move arrived. */
  at: Count,
  verdict: z.enum(MOVE_VERDICTS),
});
export type DailyAttemptMoveView = z.infer<typeof DailyAttemptMoveViewSchema>;

/** `POST …/attempts` and `GET /api/daily/attempts/:attemptId`: an attempt as it stands. */
export const DailyAttemptViewSchema = z.object({
  attemptId: DailyAttemptIdSchema,
  day: Day,
  variant: Variant,
  difficulty: Difficulty,
  puzzle: Board,
  /** The server's clock at the start and now (ms since the epoch): the client's stopwatch. */
  startedAt: z.number().int(),
  serverNow: z.number().int(),
  /** Solved now, this attempt would be ranked (the device has no ranked solve of the day). */
  ranked: z.boolean(),
  moves: z.array(DailyAttemptMoveViewSchema),
  /** Set once the board is solved. */
  result: DailyResultViewSchema.nullable(),
});
export type DailyAttemptView = z.infer<typeof DailyAttemptViewSchema>;

/** `POST …/moves` answers this: the move as judged, and the result when it solved the board. */
export const DailyMoveReplySchema = z.object({
  move: DailyAttemptMoveViewSchema,
  /** The attempt's mistakes so far (one per cell and wrong digit: `mistakesIn`). */
  mistakes: Count,
  result: DailyResultViewSchema.nullable(),
});
export type DailyMoveReply = z.infer<typeof DailyMoveReplySchema>;

/**
 * `GET …/ghost?rank=N` (with the device headers of a device that has solved the day): a ranked
 * solve with its moves as the server timed them, to race against.
 */
export const DailyGhostViewSchema = z.object({
  day: Day,
  variant: Variant,
  puzzle: Board,
  solution: Board,
  entry: DailyEntryViewSchema,
  moves: z.array(DailyMoveSchema),
});
export type DailyGhostView = z.infer<typeof DailyGhostViewSchema>;
