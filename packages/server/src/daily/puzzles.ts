/**
 * The days' puzzles: read from the store, or generated from the day's seed on the puzzle
 * workers and stored (first one wins, so every node serves the same), and graded. Generations
 * run one at a time, concurrent first reads share one, and at most 8 wait.
 */
import type { DailyGradeView, DifficultyLevel, VariantName } from '@percent/protocol';
import type { SeededPuzzles } from '../puzzles/pool.ts';
import type { DailyPuzzleRecord, DailyStore } from '../store/daily-store.ts';
import { difficultyOf, seedOf } from './calendar.ts';

/** Budget of one generation; a miss retries with the next seed (`#1`, `#2`). */
const GENERATE_MS = 20_000;
const GENERATE_ATTEMPTS = 3;
/** Generations that may wait at once; past that a day not made yet answers `PUZZLE_UNAVAILABLE`. */
const MAX_PENDING_GENERATIONS = 8;

export class DailyPuzzles {
  /** Generations in flight per day/variant, so concurrent first reads make one puzzle. */
  private readonly making = new Map<string, Promise<DailyPuzzleRecord>>();
  /** Grades by puzzle text (a grade is a pure function of the puzzle). */
  private readonly grades = new Map<string, Promise<DailyGradeView>>();
  /** The last generation queued: generations run one after another. */
  private generating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: DailyStore,
    private readonly workers: SeededPuzzles,
    private readonly now: () => number,
  ) {}

  /** The stored puzzle, or one generated from the day's seed and stored (first one wins). */
  async puzzleOf(day: string, variant: VariantName): Promise<DailyPuzzleRecord> {
    const stored = await this.store.puzzle(day, variant);
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
    const kept = await this.store.putPuzzle(record, this.now());
    if (kept.puzzle === made.puzzle) this.grades.set(made.puzzle, Promise.resolve(made.grade));
    return kept;
  }

  /** The day's seed, or the next (`#1`, `#2`) when the generator fails or runs out of time. */
  private async generateSeeded(day: string, variant: VariantName, difficulty: DifficultyLevel) {
    let lastError: unknown;
    for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
      try {
        return await this.workers.generateSeeded({
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

  gradeOf(record: DailyPuzzleRecord): Promise<DailyGradeView> {
    let grade = this.grades.get(record.puzzle);
    if (!grade) {
      const variant = record.variant as VariantName;
      grade = this.workers.grade(variant, record.puzzle, record.solution);
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
