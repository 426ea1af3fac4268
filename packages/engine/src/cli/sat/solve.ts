import type { Cnf } from '../../cnf/formula.ts';
import { solveCnf, solveCnfAsync, type SolveCnfOptions } from '../../sat/solve-cnf.ts';
import type { HeuristicName, SolveResult, SolverModeName } from '../../sat/types.ts';
import type { ProofSink } from '../../sat/proof.ts';

/** One solver configuration with its budget, as chosen on the command line. */
export interface SolveConfig {
  readonly mode: SolverModeName;
  readonly heuristic: HeuristicName;
  readonly timeoutMs?: number;
  readonly conflicts?: number;
  /** Bounded variable elimination before CDCL (default on; never in DPLL). */
  readonly eliminate?: boolean;
  /** XOR detection and Gauss–Jordan elimination in CDCL (default on; `--no-xor` turns it off). */
  readonly xor?: boolean;
}

export interface TimedResult {
  readonly config: SolveConfig;
  readonly result: SolveResult;
  /** Wall time of the whole solve call (loading the clauses included, parsing excluded). */
  readonly ms: number;
}

/** The engine's options for `config` (and the proof being written, if any). */
function cnfOptions(config: SolveConfig, proof?: ProofSink): SolveCnfOptions {
  return {
    ...(proof && { proof }),
    mode: config.mode,
    heuristic: config.heuristic,
    eliminate: config.eliminate,
    // On is the engine's default (small formulas try a short search first); only off is said.
    xor: config.xor ? undefined : false,
    budget: { timeMs: config.timeoutMs, conflicts: config.conflicts },
  };
}

/**
 * Solves once. A `sat` model has been checked against every clause of `cnf` by then (solveCnf
 * re-checks it against the caller's own clauses, apart from the solver's copy, and throws
 * when one is falsified), so a wrong model can never reach the `.res` file or the benchmark's
 * "correct" column: it fails loudly instead.
 */
export async function solveTimed(
  cnf: Cnf,
  config: SolveConfig,
  signal: AbortSignal,
  proof?: ProofSink,
): Promise<TimedResult> {
  const started = performance.now();
  const result = await solveCnfAsync(cnf, { ...cnfOptions(config, proof), signal });
  return { config, result, ms: performance.now() - started };
}

/**
 * As `solveTimed`, without yielding to the event loop: for a worker thread, which is
 * stopped by terminating it rather than by a signal.
 */
export function solveTimedSync(cnf: Cnf, config: SolveConfig): TimedResult {
  const started = performance.now();
  const result = solveCnf(cnf, cnfOptions(config));
  return { config, result, ms: performance.now() - started };
}

/** `SATISFIABLE`, `UNSATISFIABLE` or `UNKNOWN (time)`, as printed. */
export function verdictText(result: SolveResult): string {
  if (result.status === 'sat') return 'SATISFIABLE';
  if (result.status === 'unsat') return 'UNSATISFIABLE';
  return `UNKNOWN (${result.reason})`;
}
