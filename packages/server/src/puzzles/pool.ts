import type { CheckTaskResult } from './generate-task.ts';
import type { DifficultyName, VariantIdName } from '@percent/engine';

export interface PoolPuzzle {
  /** 81 chars, '0' blanks. */
  readonly puzzle: string;
  readonly solution: string;
  readonly variant: VariantIdName;
  readonly difficulty: DifficultyName;
  readonly score: number;
  readonly clues: number;
}

export interface PuzzlePool {
  /**
   * At once when one is ready (then refills in the background), else generates one off the
   * event loop. Rejects with a clear error when generation fails; the pool keeps working.
   */
  take(variant: VariantIdName, difficulty: DifficultyName): Promise<PoolPuzzle>;
  /** Puzzles ready now for that kind. */
  ready(variant: VariantIdName, difficulty: DifficultyName): number;
  /**
   * A brought puzzle (`room:puzzle`) read and checked under `variant` off the event loop: its
   * one solution and grade, or why it is refused. Rejects only when the check itself failed.
   */
  check(text: string, variant: VariantIdName): Promise<CheckTaskResult>;
  /** Stops refilling and terminates the worker threads. */
  close(): Promise<void>;
}

/** The engine's grade of a puzzle (`gradePuzzle`), as the daily API shows it. */
export interface PuzzleGrade {
  readonly difficulty: DifficultyName;
  readonly score: number;
  readonly hardest: string;
  readonly solvedByLogic: boolean;
}

/**
 * Deterministic work on the pool's worker threads (the daily puzzle): never on the event loop.
 */
export interface SeededPuzzles {
  /**
   * The puzzle the engine's generator makes from `seed` (the same seed, variant and difficulty
   * give the same puzzle, unless the budget runs out first). Rejects when none is found.
   */
  generateSeeded(request: {
    readonly variant: VariantIdName;
    readonly difficulty: DifficultyName;
    readonly seed: string;
    readonly timeMs: number;
  }): Promise<PoolPuzzle & { readonly grade: PuzzleGrade }>;
  grade(variant: VariantIdName, puzzle: string, solution: string): Promise<PuzzleGrade>;
}

export const isSeeded = (pool: PuzzlePool): pool is PuzzlePool & SeededPuzzles =>
  'generateSeeded' in pool && 'grade' in pool;

export interface PuzzlePoolOptions {
  /** Puzzles kept ready per kind (default 2). */
  readonly perKind?: number;
  /** Worker threads (default 1). */
  readonly threads?: number;
  /** Kinds kept ready (default: every variant × every difficulty); others are made on demand. */
  readonly kinds?: readonly { variant: VariantIdName; difficulty: DifficultyName }[];
  /**
   * Time budget of one generation in ms (default 10 s). A task not done within three budgets
   * (queue time included) is abandoned, so that a take never hangs on a stuck worker.
   */
  readonly budgetMs?: number;
  /** The worker entry (default `worker.mjs`); tests pass a failing one. */
  readonly workerFile?: URL;
}

export { createPuzzlePool } from './piscina-pool.ts';
