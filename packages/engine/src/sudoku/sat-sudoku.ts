import { Solver } from '../sat/solver.ts';
import type { Budget, SolveResult, SolverOptions } from '../sat/types.ts';
import { encodeRules, cellVar, decodeModel, givenLiterals } from './encode.ts';
import { CELLS, type Grid } from './grid.ts';
import type { Variant } from './variant.ts';

export interface SudokuSolveOptions {
  readonly budget?: Budget;
  readonly signal?: AbortSignal;
}

export type SudokuAnswer =
  | { readonly status: 'solved'; readonly solution: Grid }
  | { readonly status: 'unsolvable' }
  | { readonly status: 'unknown'; readonly reason: 'time' | 'conflicts' | 'aborted' };

/** How many solutions, capped: 2 means "two or more". */
export type CountAnswer =
  | { readonly status: 'counted'; readonly count: 0 | 1 | 2; readonly solution?: Grid }
  | { readonly status: 'unknown'; readonly reason: 'time' | 'conflicts' | 'aborted' };

/** Fresh activation variables before the solver is rebuilt, so retired ones do not pile up. */
const MAX_ACTIVATIONS = 4096;

/**
 * Sudoku through the engine's SAT solver, incrementally: the variant's rules are encoded once
 * and each puzzle's givens are solved as assumptions, so what the solver learns about the
 * rules carries over from one question to the next.
 */
export class SudokuSat {
  private solver!: Solver;
  /** Activation variables handed out since the solver was built. */
  private activations = 0;

  constructor(
    readonly variant: Variant,
    private readonly solverOptions: SolverOptions = {},
  ) {
    this.rebuild();
  }

  /** The raw SAT answer under the given DIMACS assumptions over the rule variables. */
  solveAssuming(assumptions: readonly number[], options: SudokuSolveOptions = {}): SolveResult {
    return this.solver.solve({ ...options, assumptions });
  }

  /** One solution of the puzzle, if any. Does not say whether it is unique: see `count`. */
  solve(puzzle: Grid, options: SudokuSolveOptions = {}): SudokuAnswer {
    const result = this.solveAssuming(givenLiterals(puzzle), options);
    if (result.status === 'sat') return { status: 'solved', solution: decodeModel(result.model) };
    if (result.status === 'unsat') return { status: 'unsolvable' };
    return { status: 'unknown', reason: result.reason };
  }

  /** Counts solutions up to two: 0, 1, or 2 for "two or more". */
  count(puzzle: Grid, options: SudokuSolveOptions = {}): CountAnswer {
    const first = this.solve(puzzle, options);
    if (first.status === 'unknown') return first;
    if (first.status === 'unsolvable') return { status: 'counted', count: 0 };
    const other = this.findOtherSolution(puzzle, first.solution, options);
    if (other.status === 'unknown') return other;
    const count = other.status === 'solved' ? 2 : 1;
    return { status: 'counted', count, solution: first.solution };
  }

  /**
   * A solution of `puzzle` that differs from `solution` somewhere, or unsolvable when
   * `solution` is the only one. Adds a blocking clause guarded by a fresh activation
   * literal, then retires it, so the formula stays the variant's rules.
   */
  findOtherSolution(puzzle: Grid, solution: Grid, options: SudokuSolveOptions = {}): SudokuAnswer {
    if (this.activations >= MAX_ACTIVATIONS) this.rebuild();
    const act = this.solver.newVar();
    this.activations++;
    const blocking = [-act];
    for (let cell = 0; cell < CELLS; cell++) {
      if (puzzle[cell] === 0) blocking.push(-cellVar(cell, solution[cell]!));
    }
    this.solver.addClause(blocking);
    const result = this.solveAssuming([...givenLiterals(puzzle), act], options);
    this.solver.addClause([-act]);
    if (result.status === 'sat') return { status: 'solved', solution: decodeModel(result.model) };
    if (result.status === 'unsat') return { status: 'unsolvable' };
    return { status: 'unknown', reason: result.reason };
  }

  private rebuild(): void {
    const rules = encodeRules(this.variant);
    this.solver = new Solver(rules.numVars, this.solverOptions);
    for (const clause of rules.clauses) this.solver.addClause(clause);
    this.activations = 0;
  }
}
