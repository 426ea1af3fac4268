/**
 * The daily puzzle's use cases over a `DailyStore` and the puzzle workers: the index, a day's
 * puzzle with its leaderboard, attempts played move by move against the server, a ranked
 * solve as a ghost. The clock comes in (`now`), so tests can be on any day. Answers are result
 * values; only a store that fails throws (the HTTP layer answers 503).
 */
import { randomBytes } from 'node:crypto';
import {
  DAILY_ARCHIVE_DAYS,
  DailyErrorCode,
  HUMAN_FLOOR_MS_PER_CELL,
  mistakesIn,
  VARIANTS,
  type DailyAttemptView,
  type DailyErrorCodeName,
  type DailyGhostView,
  type DailyIndexView,
  type DailyMovePayload,
  type DailyMoveReply,
  type DailyPuzzleView,
  type DailyResultView,
  type DailySummaryView,
  type DifficultyLevel,
  type VariantName,
} from '@percent/protocol';
import type { SeededPuzzles } from '../puzzles/pool.ts';
import type { DailyAttempt, DailyPuzzleRecord, DailyStore } from '../store/daily-store.ts';
import { judgeAttemptMove, summaryOf } from './attempt.ts';
import { archiveDays, dayOf, difficultyOf, statusOf, streakOf } from './calendar.ts';
import { DailyPuzzles } from './puzzles.ts';

export { DailyUnavailable } from './puzzles.ts';

export const DEFAULT_BOARD_LIMIT = 20;

export type DailyResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: DailyErrorCodeName | 'BAD_PAYLOAD';
      readonly message: string;
    };

export interface DailyServiceOptions {
  readonly store: DailyStore;
  readonly puzzles: SeededPuzzles;
  readonly now?: () => number;
  /**
   * `HUMAN_FLOOR_MS_PER_CELL` when absent: a solve whose right digits came faster is not
   * ranked (`tooFast`). Test servers, whose scripted players type in milliseconds, set 0.
   */
  readonly humanFloorMs?: number;
}

/** A move's write lost to another request's this many times: the move is refused, to be sent again. */
const MOVE_WRITE_TRIES = 3;

export class DailyService {
  private readonly now: () => number;
  /** The days' puzzles, made on the workers and stored (`puzzles.ts`). */
  private readonly puzzles: DailyPuzzles;

  constructor(private readonly options: DailyServiceOptions) {
    this.now = options.now ?? Date.now;
    this.puzzles = new DailyPuzzles(options.store, options.puzzles, this.now);
  }

  today(): string {
    return dayOf(this.now());
  }

  async index(deviceId?: string): Promise<DailyIndexView> {
    const today = this.today();
    const days = archiveDays(today, DAILY_ARCHIVE_DAYS);
    const [counts, streak] = await Promise.all([
      this.options.store.counts(days.at(-1) ?? today, today),
      deviceId ? this.streakOf(deviceId) : null,
    ]);
    const summaries = (day: string): DailySummaryView[] =>
      VARIANTS.map((variant) => {
        const count = counts.find((c) => c.day === day && c.variant === variant);
        return {
          day,
          variant,
          difficulty: difficultyOf(day),
          solvers: count?.solvers ?? 0,
          bestTimeMs: count?.bestTimeMs ?? null,
        };
      });
    return {
      today,
      streak,
      variants: summaries(today),
      archive: days.map((day) => ({ day, variants: summaries(day) })),
    };
  }

  async puzzleView(
    day: string,
    variant: VariantName,
    deviceId: string | undefined,
    limit = DEFAULT_BOARD_LIMIT,
  ): Promise<DailyResult<DailyPuzzleView>> {
    const open = this.openDay(day);
    if (!open.ok) return open;
    const record = await this.puzzles.puzzleOf(day, variant);
    const { store } = this.options;
    const [grade, solvers, leaderboard, you, streak] = await Promise.all([
      this.puzzles.gradeOf(record),
      store.solvers(day, variant),
      store.leaderboard(day, variant, limit),
      deviceId ? store.entryOf(day, variant, deviceId) : null,
      deviceId ? this.streakOf(deviceId) : null,
    ]);
    return {
      ok: true,
      value: {
        day,
        variant,
        today: open.value,
        puzzle: record.puzzle,
        grade,
        solvers,
        leaderboard,
        you,
        streak,
      },
    };
  }

  /** Begins an attempt on the server's clock for `deviceId` (checked by the caller). */
  async startAttempt(
    day: string,
    variant: VariantName,
    deviceId: string,
    nickname: string,
  ): Promise<DailyResult<DailyAttemptView>> {
    const open = this.openDay(day);
    if (!open.ok) return open;
    const record = await this.puzzles.puzzleOf(day, variant);
    const attempt: DailyAttempt = {
      attemptId: randomBytes(18).toString('base64url'),
      day,
      variant,
      deviceId,
      nickname,
      startedAt: this.now(),
      moves: [],
      finishedAt: null,
    };
    await this.options.store.putAttempt(attempt);
    return { ok: true, value: await this.attemptView(attempt, record) };
  }

  /** The device's attempt as it stands (to resume it after a reload). */
  async attempt(attemptId: string, deviceId: string): Promise<DailyResult<DailyAttemptView>> {
    const attempt = await this.ownAttempt(attemptId, deviceId);
    if (!attempt.ok) return attempt;
    const record = await this.puzzles.puzzleOf(
      attempt.value.day,
      attempt.value.variant as VariantName,
    );
    return { ok: true, value: await this.attemptView(attempt.value, record) };
  }

  /**
   * The attempt's next move, judged and timed now. A move that solves the board finishes the
   * attempt: the device's first finished solve of the day is ranked, unless too fast.
   */
  async move(
    attemptId: string,
    deviceId: string,
    payload: DailyMovePayload,
  ): Promise<DailyResult<DailyMoveReply>> {
    for (let tries = 0; tries < MOVE_WRITE_TRIES; tries++) {
      const own = await this.ownAttempt(attemptId, deviceId);
      if (!own.ok) return own;
      const attempt = own.value;
      const record = await this.puzzles.puzzleOf(attempt.day, attempt.variant as VariantName);
      const judged = judgeAttemptMove(record.puzzle, record.solution, attempt, payload, this.now());
      if (judged.kind === 'refused') return fail(judged.status, judged.code, judged.message);
      if (judged.kind === 'again') {
        const upTo = attempt.moves.slice(0, judged.move.seq + 1);
        const last = attempt.finishedAt !== null && judged.move.seq === attempt.moves.length - 1;
        const result = last ? await this.finish(attempt) : null;
        return { ok: true, value: { move: judged.move, mistakes: mistakesIn(upTo), result } };
      }
      const finishedAt = judged.solved ? this.now() : null;
      const { store } = this.options;
      if (!(await store.saveMoves(attemptId, attempt.moves.length, judged.moves, finishedAt)))
        continue; // another request wrote first: read the attempt again
      const next = { ...attempt, moves: judged.moves, finishedAt };
      const result = judged.solved ? await this.finish(next) : null;
      const move = judged.moves.at(-1)!;
      return { ok: true, value: { move, mistakes: mistakesIn(judged.moves), result } };
    }
    return fail(
      409,
      DailyErrorCode.moveOutOfOrder,
      'seq: the attempt changed meanwhile; send again',
    );
  }

  /**
   * A solved attempt's result. Its solve is recorded as the device's ranked one unless the
   * device has one (or it was too fast); recording again is harmless, so a finish whose
   * answer was lost, or whose recording a crash cut short, is completed by its retry.
   */
  private async finish(attempt: DailyAttempt): Promise<DailyResultView> {
    const { timeMs, mistakes, tooFast } = summaryOf(
      attempt.moves,
      this.options.humanFloorMs ?? HUMAN_FLOOR_MS_PER_CELL,
    );
    // A game begun on the puzzle's own day counts for the streak even if it ends after midnight.
    const onTheDay = dayOf(attempt.startedAt) === attempt.day;
    const { store } = this.options;
    const { day, variant, deviceId } = attempt;
    const ranked =
      !tooFast &&
      (
        await store.recordSolve({
          day,
          variant,
          deviceId,
          nickname: attempt.nickname,
          timeMs,
          mistakes,
          moves: attempt.moves.map(({ at, cell, digit }) => ({ at, cell, digit })),
          submittedAt: attempt.finishedAt ?? this.now(),
          onTheDay,
          attemptId: attempt.attemptId,
        })
      ).ranked;
    const [best, solvers, streak] = await Promise.all([
      store.entryOf(day, variant, deviceId),
      store.solvers(day, variant),
      this.streakOf(deviceId),
    ]);
    const unranked = ranked ? null : tooFast ? 'tooFast' : 'practice';
    return { timeMs, mistakes, ranked, unranked, best, solvers, onTheDay, streak };
  }

  private async attemptView(
    attempt: DailyAttempt,
    record: DailyPuzzleRecord,
  ): Promise<DailyAttemptView> {
    const { store } = this.options;
    const [entry, result] = await Promise.all([
      store.entryOf(attempt.day, attempt.variant, attempt.deviceId),
      attempt.finishedAt === null ? null : this.finish(attempt),
    ]);
    return {
      attemptId: attempt.attemptId,
      day: attempt.day,
      variant: attempt.variant as VariantName,
      difficulty: record.difficulty as DifficultyLevel,
      puzzle: record.puzzle,
      startedAt: attempt.startedAt,
      serverNow: this.now(),
      ranked: entry === null,
      moves: [...attempt.moves],
      result,
    };
  }

  /** The attempt if it is this device's; otherwise `ATTEMPT_NOT_FOUND` (never "someone else's"). */
  private async ownAttempt(
    attemptId: string,
    deviceId: string,
  ): Promise<DailyResult<DailyAttempt>> {
    const attempt = await this.options.store.attemptOf(attemptId);
    if (attempt?.deviceId !== deviceId)
      return fail(404, DailyErrorCode.attemptNotFound, `attemptId: no attempt ${attemptId}`);
    return { ok: true, value: attempt };
  }

  /**
   * A ranked solve with its moves, for a device that has solved the day itself: the moves show
   * the solution, which never leaves the server before the asking device's own solve.
   */
  async ghost(
    day: string,
    variant: VariantName,
    rank: number,
    deviceId: string | undefined,
  ): Promise<DailyResult<DailyGhostView>> {
    const open = this.openDay(day);
    if (!open.ok) return open;
    const solved = deviceId && (await this.options.store.entryOf(day, variant, deviceId));
    if (!solved)
      return fail(
        403,
        DailyErrorCode.ghostLocked,
        `solve ${day}'s ${variant} first: its ghosts show the solution`,
      );
    const ranked = await this.options.store.ranked(day, variant, rank);
    if (!ranked)
      return fail(404, DailyErrorCode.ghostNotFound, `rank: no solve ranked ${rank} on ${day}`);
    const record = await this.puzzles.puzzleOf(day, variant);
    const { puzzle, solution } = record;
    return { ok: true, value: { day, variant, puzzle, solution, ...ranked } };
  }

  /** Today's day when `day` may be read (today or a past day since the first); else an error. */
  private openDay(day: string): DailyResult<string> {
    const today = this.today();
    const status = statusOf(day, today);
    if (status === 'future')
      return fail(
        400,
        DailyErrorCode.futureDay,
        `day: ${day} has not begun (today is ${today} UTC)`,
      );
    if (status === 'before-first')
      return fail(404, DailyErrorCode.dayNotFound, `day: there is no daily before the first one`);
    return { ok: true, value: today };
  }

  private async streakOf(deviceId: string) {
    return streakOf(await this.options.store.streakDays(deviceId), this.today());
  }
}

const fail = (
  status: number,
  code: DailyErrorCodeName,
  message: string,
): { ok: false; status: number; code: DailyErrorCodeName; message: string } => ({
  ok: false,
  status,
  code,
  message,
});
