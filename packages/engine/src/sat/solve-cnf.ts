import { firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { eliminateVariables, type Simplified } from './eliminate.ts';
import { Solver } from './solver.ts';
import type { SolveOptions, SolveResult, SolverOptions } from './types.ts';

/** Options of the whole-formula calls. */
export type SolveCnfOptions = SolverOptions &
  SolveOptions & {
    /**
     * Simplify by bounded variable elimination before the search (default: on in `cdcl` mode,
     * never in plain DPLL, which stays the course design's baseline).
     */
    readonly eliminate?: boolean;
  };

/** Loads `cnf` into a solver; the returned time includes loading. */
function load(cnf: Cnf, options: SolverOptions): Solver {
  const solver = new Solver(cnf.numVars, options);
  for (const clause of cnf.clauses) if (!solver.addClause(clause)) break;
  return solver;
}

/** The preprocessed formula, or undefined when preprocessing is off for these options. */
function preprocess(cnf: Cnf, options: SolveCnfOptions, started: number): Simplified | undefined {
  if (options.mode === 'dpll' || options.eliminate === false) return undefined;
  const timeMs = options.budget?.timeMs;
  return eliminateVariables(cnf, {
    deadline: timeMs === undefined ? undefined : started + timeMs,
    signal: options.signal,
  });
}

/** The caller's options with the time budget shortened by what preprocessing used. */
function rest<T extends SolveOptions>(options: T, started: number): T {
  const timeMs = options.budget?.timeMs;
  if (timeMs === undefined) return options;
  const left = Math.max(0, timeMs - (performance.now() - started));
  return { ...options, budget: { ...options.budget, timeMs: left } };
}

/**
 * Extends a model of the simplified formula to the input's variables and re-checks a sat
 * answer against the caller's own clauses, independently of the solver's copy.
 */
function verified(
  cnf: Cnf,
  result: SolveResult,
  simplified: Simplified | undefined,
  started: number,
): SolveResult {
  if (result.status === 'sat') simplified?.extend(result.model);
  if (result.status === 'sat' && firstFalsifiedClause(cnf, result.model) !== -1) {
    throw new Error('internal error: the model falsifies a clause of the input');
  }
  const stats = {
    ...result.stats,
    eliminated: simplified?.eliminated ?? 0,
    ms: performance.now() - started,
  };
  return { ...result, stats };
}

/** Solves a whole formula in one call. `stats.ms` includes preprocessing and loading it. */
export function solveCnf(cnf: Cnf, options: SolveCnfOptions = {}): SolveResult {
  const started = performance.now();
  const simplified = preprocess(cnf, options, started);
  const solver = load(simplified?.cnf ?? cnf, options);
  return verified(cnf, solver.solve(rest(options, started)), simplified, started);
}

/** As `solveCnf`, yielding to the event loop while it searches, so `signal` can stop it. */
export async function solveCnfAsync(
  cnf: Cnf,
  options: SolveCnfOptions & { sliceMs?: number } = {},
): Promise<SolveResult> {
  const started = performance.now();
  const simplified = preprocess(cnf, options, started);
  const solver = load(simplified?.cnf ?? cnf, options);
  return verified(cnf, await solver.solveAsync(rest(options, started)), simplified, started);
}
