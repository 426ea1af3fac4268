import { ExactlyOneSolver, type ExactlyOneResult } from '../sat/exactly-one.ts';
import { createRng, type Rng } from '../rng.ts';
import { luby } from '../sat/search.ts';
import type { Budget, UnknownReasonName } from '../sat/types.ts';
import { cellVar, decodeModel, givenLiterals, NUM_VARS } from './encode.ts';
import { CELLS, DIGITS, type Grid } from './grid.ts';
import type { Variant } from './variant.ts';

export interface SudokuSolveOptions {
  readonly budget?: Budget;
  readonly signal?: AbortSignal;
  /** Randomises branching: different seeds give different solutions of an open grid. */
  readonly rng?: Rng;
}

export type SudokuAnswer =
  | { readonly status: 'solved'; readonly solution: Grid }
  | { readonly status: 'unsolvable' }
  | { readonly status: 'unknown'; readonly reason: UnknownReasonName };

/** How many solutions, capped: 2 means "two or more". */
export type CountAnswer =
  | { readonly status: 'counted'; readonly count: 0 | 1 | 2; readonly solution: Grid | undefined }
  | { readonly status: 'unknown'; readonly reason: UnknownReasonName };

/**
 * The exactly-one groups of a variant's CNF (`encodeRules`): one per cell (its 9 digit
 * variables) and one per house and digit (the house's 9 cells). The same constraints as the
 * clauses, kept whole so the solver can propagate them as cardinality constraints.
 */
export function exactlyOneGroups(variant: Variant): number[][] {
  const groups: number[][] = [];
  for (let cell = 0; cell < CELLS; cell++) groups.push(DIGITS.map((d) => cellVar(cell, d)));
  for (const house of variant.houses) {
    for (const d of DIGITS) groups.push(house.cells.map((cell) => cellVar(cell, d)));
  }
  return groups;
}

/**
 * The puzzle solver: the variant's rules prepared once as exactly-one constraints over the
 * course's 729 variables; each puzzle's givens are assumptions.
 */
export class SudokuSolver {
  private readonly sat: ExactlyOneSolver;

  constructor(readonly variant: Variant) {
    this.sat = new ExactlyOneSolver(NUM_VARS, exactlyOneGroups(variant));
  }

  /** One solution, if any; with `rng`, a random one (used to make full grids). */
  solve(puzzle: Grid, options: SudokuSolveOptions = {}): SudokuAnswer {
    const result = this.restarting(givenLiterals(puzzle), 1, options);
    if (result.status === 'unknown') return { status: 'unknown', reason: result.reason };
    if (result.model === undefined) return { status: 'unsolvable' };
    return { status: 'solved', solution: decodeModel(result.model) };
  }

  /** Counts solutions up to two: 0, 1, or 2 for "two or more". */
  count(puzzle: Grid, options: SudokuSolveOptions = {}): CountAnswer {
    return toCount(this.restarting(givenLiterals(puzzle), 2, options));
  }

  /**
   * The search with restarts. A DPLL without learning that always branches the same way can
   * wander for seconds in a region with no solution (seen on sparse percent puzzles with 6–9
   * givens), so after RESTART_CONFLICTS × Luby(i) backtracks it starts over with randomised
   * branching. The first attempt branches in order: almost every real puzzle ends there.
   */
  private restarting(
    assumptions: readonly number[],
    limit: number,
    options: SudokuSolveOptions,
  ): ExactlyOneResult {
    const { budget, signal } = options;
    const deadline = budget?.timeMs === undefined ? Infinity : performance.now() + budget.timeMs;
    let conflictsLeft = budget?.conflicts ?? Infinity;
    for (let attempt = 0; ; attempt++) {
      // An attempt reads the clock and the signal only every 1024 backtracks: check here too.
      if (signal?.aborted) return { status: 'unknown', reason: 'aborted', count: 0 };
      const now = performance.now();
      if (now >= deadline) return { status: 'unknown', reason: 'time', count: 0 };
      const conflicts = Math.min(conflictsLeft, RESTART_CONFLICTS * luby(attempt));
      const result = this.sat.solve({
        assumptions,
        limit,
        signal,
        rng: options.rng ?? (attempt === 0 ? undefined : createRng(attempt)),
        budget: { conflicts, timeMs: deadline === Infinity ? undefined : deadline - now },
      });
      if (result.status === 'done' || result.reason !== 'conflicts') return result;
      conflictsLeft -= conflicts;
      if (conflictsLeft <= 0) return result;
    }
  }

  /** Counts under raw DIMACS assumptions over the 729 variables, up to `limit`. */
  countAssuming(
    assumptions: readonly number[],
    limit: number,
    options: SudokuSolveOptions = {},
  ): ExactlyOneResult {
    return this.sat.solve({ ...options, assumptions, limit });
  }
}

/** Backtracks before the first restart of `solve` and `count`; later ones get Luby multiples. */
const RESTART_CONFLICTS = 100;

/** Conflicts allowed in the first attempt at a random full grid; later attempts get Luby multiples. */
const GRID_ATTEMPT_CONFLICTS = 20;

/**
 * A uniformly-branching random solution of the empty grid. Random search on an empty board
 * is heavy-tailed (a rare attempt backtracks for seconds), so it restarts with short
 * conflict budgets that grow along Luby's sequence; it always ends.
 */
export function randomSolvedGrid(solver: SudokuSolver, rng: Rng): Grid {
  const empty = new Uint8Array(CELLS);
  for (let attempt = 0; ; attempt++) {
    const budget = { conflicts: GRID_ATTEMPT_CONFLICTS * luby(attempt) };
    const answer = solver.solve(empty, { rng, budget });
    if (answer.status === 'solved') return answer.solution;
    if (answer.status === 'unsolvable')
      throw new Error(`the ${solver.variant.id} rules have no solution`);
  }
}

function toCount(result: ExactlyOneResult): CountAnswer {
  if (result.status === 'unknown') return { status: 'unknown', reason: result.reason };
  const count = Math.min(result.count, 2) as 0 | 1 | 2;
  return { status: 'counted', count, solution: result.model && decodeModel(result.model) };
}
