/**
 * The daily puzzle's use cases over a `DailyStore` and the puzzle workers: the index, a day's
 * puzzle with its leaderboard, posting a solve, a ranked solve as a ghost. The clock comes in
 * (`now`), so tests can be on any day. Answers are result values; only a store that fails
 * throws (the HTTP layer answers 503).
 */
import { randomBytes } from 'node:crypto';
import {
  DAILY_ARCHIVE_DAYS,
  DailyErrorCode,
  VARIANTS,
  type DailyErrorCodeName,
  type DailyGhostView,
  type DailyGradeView,
  type DailyIndexView,
  type DailyPuzzleView,
  type DailyResultPayload,
  type DailyResultView,
  type DailyStartView,
  type DailySummaryView,
  type DifficultyLevel,
  type VariantName,
} from '@percent/protocol';
import type { SeededPuzzles } from '../puzzles/pool.ts';
import type { DailyPuzzleRecord, DailyStore } from '../store/daily-store.ts';
import { archiveDays, dayOf, difficultyOf, seedOf, statusOf, streakOf } from './calendar.ts';
import { verifySolve, verifyStart } from './verify.ts';

/** Budget of one generation; a miss retries with the next seed (`#1`, `#2`). */
const GENERATE_MS = 20_000;
const GENERATE_ATTEMPTS = 3;
/** Generations that may wait at once; past that a day not made yet answers `PUZZLE_UNAVAILABLE`. */
const MAX_PENDING_GENERATIONS = 8;
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
}

export class DailyService {
  private readonly now: () => number;
  /** Generations in flight per day/variant, so concurrent first reads make one puzzle. */
  private readonly making = new Map<string, Promise<DailyPuzzleRecord>>();
  /** Grades by puzzle text (a grade is a pure function of the puzzle). */
  private readonly grades = new Map<string, Promise<DailyGradeView>>();
  /** The last generation queued: generations run one after another. */
  private generating: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: DailyServiceOptions) {
    this.now = options.now ?? Date.now;
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
    const record = await this.puzzleOf(day, variant);
    const { store } = this.options;
    const [grade, solvers, leaderboard, you, streak] = await Promise.all([
      this.gradeOf(record),
      store.solvers(day, variant),
      store.leaderboard(day, variant, limit),
      deviceId ? store.entryOf(day, variant, deviceId) : null,
      deviceId ? this.streakOf(deviceId) : null,
    ]);
    const { puzzle, solution } = record;
    return {
      ok: true,
      value: {
        day,
        variant,
        today: open.value,
        puzzle,
        solution,
        grade,
        solvers,
        leaderboard,
        you,
        streak,
      },
    };
  }

  /**
   * Begins an attempt on the server's clock. Its solve, posted with the start's id, may claim
   * no more time than has passed on the server since (plus `DAILY_CLOCK_SLACK_MS`).
   */
  async start(
    day: string,
    variant: VariantName,
    deviceId: string,
  ): Promise<DailyResult<DailyStartView>> {
    const open = this.openDay(day);
    if (!open.ok) return open;
    await this.puzzleOf(day, variant);
    const start = { startId: randomBytes(18).toString('base64url'), day, variant, deviceId };
    const startedAt = this.now();
    await this.options.store.putStart({ ...start, startedAt });
    return { ok: true, value: { startId: start.startId, startedAt } };
  }

  async submit(
    day: string,
    variant: VariantName,
    payload: DailyResultPayload,
  ): Promise<DailyResult<DailyResultView>> {
    const open = this.openDay(day);
    if (!open.ok) return open;
    const record = await this.puzzleOf(day, variant);
    const verdict = verifySolve(record.puzzle, record.solution, payload.moves);
    if (!verdict.ok)
      return fail(422, DailyErrorCode.badSolve, `${verdict.field}: ${verdict.message}`);
    const start = await this.options.store.startOf(payload.startId);
    const { deviceId } = payload;
    const timed = verifyStart(
      start,
      { day, variant, deviceId, timeMs: verdict.timeMs },
      this.now(),
    );
    if (!timed.ok) return fail(422, DailyErrorCode.badSolve, `${timed.field}: ${timed.message}`);
    // A game begun on the puzzle's own day counts for the streak even if it ends after midnight.
    const onTheDay = dayOf(timed.start.startedAt) === day;
    const { store } = this.options;
    const { improved } = await store.recordSolve({
      day,
      variant,
      deviceId: payload.deviceId,
      nickname: payload.nickname,
      timeMs: verdict.timeMs,
      mistakes: verdict.mistakes,
      moves: payload.moves,
      submittedAt: this.now(),
      onTheDay,
    });
    const [best, solvers, streak] = await Promise.all([
      store.entryOf(day, variant, payload.deviceId),
      store.solvers(day, variant),
      this.streakOf(payload.deviceId),
    ]);
    if (!best) throw new Error(`the solve of ${day}/${variant} was not stored`);
    const { timeMs, mistakes } = verdict;
    return {
      ok: true,
      value: { rank: best.rank, solvers, timeMs, mistakes, improved, best, onTheDay, streak },
    };
  }

  async ghost(
    day: string,
    variant: VariantName,
    rank: number,
  ): Promise<DailyResult<DailyGhostView>> {
    const open = this.openDay(day);
    if (!open.ok) return open;
    const ranked = await this.options.store.ranked(day, variant, rank);
    if (!ranked)
      return fail(404, DailyErrorCode.ghostNotFound, `rank: no solve ranked ${rank} on ${day}`);
    const record = await this.puzzleOf(day, variant);
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

  /** The stored puzzle, or one generated from the day's seed and stored (first one wins). */
  private async puzzleOf(day: string, variant: VariantName): Promise<DailyPuzzleRecord> {
    const stored = await this.options.store.puzzle(day, variant);
    if (stored) return stored;
    const key = `${day}/${variant}`;
    let pending = this.making.get(key);
    if (!pending && this.making.size >= MAX_PENDING_GENERATIONS)
      throw new DailyUnavailable(day, variant, new Error('too many puzzles are being made'));
    if (!pending) {
      // One generation at a time, whatever asks: a client walking the whole archive keeps at
      // most one puzzle worker busy, and races keep the others.
      pending = this.generating
        .catch(() => undefined)
        .then(() => this.generate(day, variant))
        .finally(() => this.making.delete(key));
      this.generating = pending;
      this.making.set(key, pending);
    }
    return pending;
  }

  private async generate(day: string, variant: VariantName): Promise<DailyPuzzleRecord> {
    const difficulty = difficultyOf(day);
    const made = await this.generateSeeded(day, variant, difficulty);
    const record = { day, variant, difficulty, puzzle: made.puzzle, solution: made.solution };
    // A store that fails throws from here: the next read tries the same seed again.
    const kept = await this.options.store.putPuzzle(record, this.now());
    if (kept.puzzle === made.puzzle) this.grades.set(made.puzzle, Promise.resolve(made.grade));
    return kept;
  }

  /** The day's seed, or the next (`#1`, `#2`) when the generator fails or runs out of time. */
  private async generateSeeded(day: string, variant: VariantName, difficulty: DifficultyLevel) {
    let lastError: unknown;
    for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
      try {
        return await this.options.puzzles.generateSeeded({
          variant,
          difficulty,
          seed: seedOf(day, variant, attempt),
          timeMs: GENERATE_MS,
        });
      } catch (error) {
        lastError = error;
      }
    }
    throw new DailyUnavailable(day, variant, lastError);
  }

  private gradeOf(record: DailyPuzzleRecord): Promise<DailyGradeView> {
    let grade = this.grades.get(record.puzzle);
    if (!grade) {
      const variant = record.variant as VariantName;
      grade = this.options.puzzles.grade(variant, record.puzzle, record.solution);
      grade.catch(() => this.grades.delete(record.puzzle));
      this.grades.set(record.puzzle, grade);
    }
    return grade;
  }
}

/** No puzzle could be made for the day (the workers failed or ran out of time). */
export class DailyUnavailable extends Error {
  constructor(day: string, variant: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`the daily ${variant} puzzle of ${day} could not be generated: ${reason}`, { cause });
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
