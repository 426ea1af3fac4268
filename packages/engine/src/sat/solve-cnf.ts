import { firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { eliminateVariables, type Simplified } from './eliminate.ts';
import { Solver } from './solver.ts';
import type { SolveOptions, SolveResult, SolverOptions, SolverStats } from './types.ts';
import { detectXors } from './xor/detect.ts';
import { worthMatrix } from './xor/engine.ts';
import { mergeAuxVariables } from './xor/merge.ts';
import type { Xor } from './xor/xor.ts';

/** Options of the whole-formula calls. */
export type SolveCnfOptions = SolverOptions &
  SolveOptions & {
    /**
     * Simplify by bounded variable elimination before the search (default: on in `cdcl` mode,
     * never in plain DPLL, which stays the course design's baseline).
     */
    readonly eliminate?: boolean;
    /**
     * Find XOR constraints among the clauses and reason about them by Gauss–Jordan elimination
     * during the search (default: on in `cdcl` mode, never in plain DPLL).
     */
    readonly xor?: boolean;
  };

/** What the whole-formula pipeline prepared before the search. */
interface Prepared {
  /** The input, plus a variable and its clauses for each AND gate camouflaged XORs use. */
  readonly formula: Cnf;
  /** The XORs found, auxiliary chain variables merged away. */
  readonly xors: readonly Xor[];
  /** How many XORs the clauses held before merging. */
  readonly found: number;
  readonly simplified: Simplified | undefined;
}

/** XOR detection, then elimination of the variables outside every XOR. */
function prepare(cnf: Cnf, options: SolveCnfOptions, started: number): Prepared {
  const dpll = options.mode === 'dpll';
  let xors: readonly Xor[] = [];
  let found = 0;
  let formula = cnf;
  if (!dpll && options.xor !== false) {
    const detected = detectXors(cnf);
    found = detected.xors.length;
    if (found > 0) {
      formula = withGates(cnf, detected.gates);
      const encoding = new Uint8Array(formula.clauses.length);
      encoding.set(detected.encoding);
      const merged = mergeAuxVariables(detected.xors, formula, encoding);
      xors = worthMatrix(merged, formula.numVars);
    }
  }
  // XORs adding up to 0 = 1 (a parity chain's refutation): the solver answers at once.
  const refuted = xors.some((x) => x.vars.length === 0 && x.rhs === 1);
  if (dpll || refuted || options.eliminate === false) {
    return { formula, xors, found, simplified: undefined };
  }
  const timeMs = options.budget?.timeMs;
  const frozen = new Uint8Array(formula.numVars);
  for (const x of xors) for (const v of x.vars) frozen[v] = 1;
  const simplified = eliminateVariables(formula, {
    deadline: timeMs === undefined ? undefined : started + timeMs,
    signal: options.signal,
    frozen,
  });
  return { formula, xors, found, simplified };
}

/** `cnf` with variable numVars + g + 1 defined as AND gate g: g ↔ a ∧ b. */
function withGates(cnf: Cnf, gates: readonly (readonly [number, number])[]): Cnf {
  if (gates.length === 0) return cnf;
  const clauses = cnf.clauses.slice();
  gates.forEach(([a, b], g) => {
    const out = cnf.numVars + g + 1;
    clauses.push(Int32Array.of(-out, a), Int32Array.of(-out, b), Int32Array.of(out, -a, -b));
  });
  return { numVars: cnf.numVars + gates.length, clauses };
}

/** Loads the prepared formula and its XORs into a solver. */
function load(prepared: Prepared, options: SolverOptions): Solver {
  const formula = prepared.simplified?.cnf ?? prepared.formula;
  const solver = new Solver(formula.numVars, options);
  for (const clause of formula.clauses) if (!solver.addClause(clause)) return solver;
  for (const x of prepared.xors) {
    if (
      !solver.addXor(
        Array.from(x.vars, (v) => v + 1),
        x.rhs === 1,
      )
    )
      break;
  }
  return solver;
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
function verified(cnf: Cnf, result: SolveResult, prepared: Prepared, started: number): SolveResult {
  const { simplified } = prepared;
  if (result.status === 'sat') {
    simplified?.extend(result.model);
    if (firstFalsifiedClause(cnf, result.model) !== -1) {
      throw new Error('internal error: the model falsifies a clause of the input');
    }
    // Without the variables of AND gates the pipeline added.
    const model = result.model.slice(0, cnf.numVars + 1);
    return { ...result, model, stats: statsOf(result, prepared, started) };
  }
  return { ...result, stats: statsOf(result, prepared, started) };
}

function statsOf(result: SolveResult, prepared: Prepared, started: number): SolverStats {
  const { simplified } = prepared;
  return {
    ...result.stats,
    eliminated: simplified?.eliminated ?? 0,
    xors: prepared.found,
    ms: performance.now() - started,
  };
}

/** Solves a whole formula in one call. `stats.ms` includes preprocessing and loading it. */
export function solveCnf(cnf: Cnf, options: SolveCnfOptions = {}): SolveResult {
  const started = performance.now();
  const prepared = prepare(cnf, options, started);
  const solver = load(prepared, options);
  return verified(cnf, solver.solve(rest(options, started)), prepared, started);
}

/** As `solveCnf`, yielding to the event loop while it searches, so `signal` can stop it. */
export async function solveCnfAsync(
  cnf: Cnf,
  options: SolveCnfOptions & { sliceMs?: number } = {},
): Promise<SolveResult> {
  const started = performance.now();
  const prepared = prepare(cnf, options, started);
  const solver = load(prepared, options);
  return verified(cnf, await solver.solveAsync(rest(options, started)), prepared, started);
}
