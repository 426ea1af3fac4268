/**
 * Messages between the page and the engine worker. Grids travel as Uint8Array(81)
 * (structured clone). Every request carries an id; the worker answers each exactly once.
 */
import type {
  Debrief,
  DebriefInput,
  DifficultyName,
  Grade,
  Grid,
  Hint,
  SolverStats,
  VariantIdName,
} from '@percent/engine';

export type EngineRequest =
  | {
      readonly type: 'generate';
      readonly variant: VariantIdName;
      readonly difficulty: DifficultyName;
      readonly seed: string;
      readonly timeMs: number;
    }
  | {
      readonly type: 'hint';
      readonly variant: VariantIdName;
      readonly puzzle: Grid;
      readonly board: Grid;
      readonly solution: Grid;
    }
  | { readonly type: 'sat'; readonly variant: VariantIdName; readonly puzzle: Grid }
  | {
      readonly type: 'debrief';
      /** One per player (plain JSON); the answer keeps their order. */
      readonly inputs: readonly DebriefInput[];
      /** For all of them together: each player gets an equal share of what is left. */
      readonly budgetMs: number;
    };

export interface GeneratedPuzzle {
  readonly puzzle: Grid;
  readonly solution: Grid;
  readonly grade: Grade;
  readonly clues: number;
}

export interface SatReport {
  readonly status: 'solved' | 'unsolvable' | 'unknown';
  readonly solution?: Grid;
  readonly vars: number;
  readonly clauses: number;
  readonly stats: SolverStats;
}

/** The answer type for each request type. */
export interface EngineResults {
  generate: GeneratedPuzzle | { readonly timedOut: true };
  hint: Hint;
  sat: SatReport;
  debrief: readonly Debrief[];
}

export type EngineResponse =
  | { readonly id: number; readonly ok: true; readonly result: EngineResults[keyof EngineResults] }
  | { readonly id: number; readonly ok: false; readonly error: string };
