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
  ImportCheck,
  ImportProblem,
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
  /** A brought puzzle (81 cells or a link): read, checked for one solution, graded. */
  | { readonly type: 'import'; readonly variant: VariantIdName; readonly text: string }
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

/**
 * A brought puzzle: playable (its one solution and grade), or why not — it could not be read
 * (`problem`), or it is not a proper puzzle under the variant (`check`).
 */
export type ImportAnswer =
  | ({ readonly ok: true } & GeneratedPuzzle)
  | { readonly ok: false; readonly problem: ImportProblem }
  | { readonly ok: false; readonly check: Exclude<ImportCheck, { ok: true }> };

/** The answer type for each request type. */
export interface EngineResults {
  generate: GeneratedPuzzle | { readonly timedOut: true };
  hint: Hint;
  sat: SatReport;
  debrief: readonly Debrief[];
  import: ImportAnswer;
}

export type EngineResponse =
  | { readonly id: number; readonly ok: true; readonly result: EngineResults[keyof EngineResults] }
  | { readonly id: number; readonly ok: false; readonly error: string };
