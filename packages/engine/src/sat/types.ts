/** Public vocabulary of the SAT solver: options, budgets, three-valued results, statistics. */
import type { ProofSink } from './proof.ts';

/** How the solver branches. Every heuristic works in both modes. */
export const Heuristic = {
  /** First unassigned literal of the first open clause: the course design's baseline. */
  first: 'first',
  /** Dynamic Largest Individual Sum: the literal occurring most often in open clauses. */
  dlis: 'dlis',
  /** Maximum Occurrences in clauses of Minimum Size. */
  moms: 'moms',
  /** Two-sided Jeroslow–Wang: weight 2^-|clause| summed over open clauses. */
  jw: 'jw',
  /** Variable State Independent Decaying Sum with phase saving (MiniSat's). */
  vsids: 'vsids',
} as const;
export type HeuristicName = (typeof Heuristic)[keyof typeof Heuristic];
export const HEURISTICS = Object.values(Heuristic) as readonly HeuristicName[];

/** The search procedure. */
export const SolverMode = {
  /** Plain DPLL: unit propagation and chronological backtracking, no learning. */
  dpll: 'dpll',
  /** Conflict-driven clause learning: 1-UIP learning, backjumping, restarts, phase saving, clause-database reduction. */
  cdcl: 'cdcl',
} as const;
export type SolverModeName = (typeof SolverMode)[keyof typeof SolverMode];
export const SOLVER_MODES = Object.values(SolverMode) as readonly SolverModeName[];

export interface SolverOptions {
  /** Default `cdcl`, the fastest. */
  readonly mode?: SolverModeName;
  /** Default `vsids`. */
  readonly heuristic?: HeuristicName;
  /**
   * Write a DRAT proof here as the solver works (proof.ts): an unsat answer's proof ends
   * with the empty clause. No XOR constraints then (they have no clausal derivation).
   */
  readonly proof?: ProofSink;
}

/** Limits on one solve call; whichever is reached first ends it with `unknown`. */
export interface Budget {
  /** Wall-clock milliseconds. */
  readonly timeMs?: number;
  /** Conflicts (in plain DPLL: backtracks). */
  readonly conflicts?: number;
}

export interface SolveOptions {
  /** DIMACS literals assumed true for this call only. */
  readonly assumptions?: readonly number[];
  readonly budget?: Budget;
  /** Checked between slices of work; `solveAsync` yields to the event loop so it can fire. */
  readonly signal?: AbortSignal;
  /**
   * Called by the async solves between slices (every `sliceMs`) with the statistics so far,
   * `ms` being the time since the call began: live progress for a UI or a CLI.
   */
  readonly onProgress?: (stats: SolverStats) => void;
}

export interface SolverStats {
  /** Branching decisions made. */
  decisions: number;
  /** Literals assigned by unit propagation. */
  propagations: number;
  /** Conflicts met (each one a backtrack in plain DPLL). */
  conflicts: number;
  /** Clauses learned (CDCL only). */
  learned: number;
  /** Restarts (CDCL only). */
  restarts: number;
  /** Learned clauses deleted by database reduction. */
  deleted: number;
  /** Variables removed by preprocessing before the search (whole-formula solves only). */
  eliminated: number;
  /**
   * XOR constraints found in the clauses by a whole-formula solve (0 when a short search
   * decided before they were looked for), or added with
   * `Solver.addXor`. Gauss–Jordan elimination uses those in connected sets worth a matrix.
   */
  xors: number;
  /** Wall-clock milliseconds spent in solve calls. */
  ms: number;
  /** Where a whole-formula solve spent `ms` (absent from other calls). */
  phases?: PhaseTimes;
}

/** Wall-clock milliseconds of each phase of a whole-formula solve; they add up to its `ms`. */
export interface PhaseTimes {
  /** Looking for XOR constraints and merging their chain variables. */
  xorMs: number;
  /** Bounded variable elimination and subsumption. */
  eliminateMs: number;
  /** Building solvers: clauses into watch lists, XORs into matrices. */
  loadMs: number;
  /** The searches, the short first one included. */
  searchMs: number;
}

export const UnknownReason = {
  time: 'time',
  conflicts: 'conflicts',
  aborted: 'aborted',
} as const;
export type UnknownReasonName = (typeof UnknownReason)[keyof typeof UnknownReason];

export type SolveResult =
  | {
      readonly status: 'sat';
      /** `model[v]` is 1 when variable v is true, 0 when false; index 0 is unused. Checked against every clause. */
      readonly model: Uint8Array;
      readonly stats: SolverStats;
    }
  | {
      readonly status: 'unsat';
      /**
       * With assumptions: a subset of them that together with the formula is unsatisfiable
       * (empty when the formula itself is).
       */
      readonly failedAssumptions: readonly number[];
      readonly stats: SolverStats;
    }
  | {
      readonly status: 'unknown';
      readonly reason: UnknownReasonName;
      readonly stats: SolverStats;
    };
