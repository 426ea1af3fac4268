import { firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { eliminateVariables, type Simplified } from './eliminate.ts';
import {
  addProbe,
  afterProbe,
  continued,
  probeDecided,
  probeOptions,
  rest,
  stopReason,
} from './probe.ts';
import { uniformRandomLike } from './random-like.ts';
import { Solver } from './solver.ts';
import type { PhaseTimes, SolveOptions, SolveResult, SolverOptions, SolverStats } from './types.ts';
import { directXors, findXors, NO_XORS, type FoundXors } from './xor/found.ts';
import { proveXorContradiction } from './xor/xor-proof.ts';

/** Options of the whole-formula calls. */
export type SolveCnfOptions = SolverOptions &
  SolveOptions & {
    /**
     * Simplify by bounded variable elimination before the search (default: on in `cdcl` mode,
     * never in plain DPLL, which stays the course design's baseline), once a short search on
     * the formula as given has not decided.
     */
    readonly eliminate?: boolean;
    /**
     * Find XOR constraints among the clauses and reason about them by Gauss–Jordan elimination
     * during the search, never in plain DPLL. Default: before the short first search when a
     * cheap first look (`directXorClauses`) sees XORs in their direct encoding, else once that
     * search (a thousand conflicts) has not decided, so that formulas without XORs never pay
     * for the full detection; `true` looks for XORs before any search, `false` never.
     */
    readonly xor?: boolean;
  };

/** What the whole-formula pipeline prepared before the search. */
interface Prepared extends FoundXors {
  readonly simplified: Simplified | undefined;
}

/** Adds the wall time of `work` to `phases[key]` and returns its value. */
function timed<T>(phases: PhaseTimes, key: keyof PhaseTimes, work: () => T): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    phases[key] += performance.now() - start;
  }
}

const noPhases = (): PhaseTimes => ({ xorMs: 0, eliminateMs: 0, loadMs: 0, searchMs: 0 });

/** Elimination of the variables outside every XOR (when on for these options). */
function prepare(found: FoundXors, options: SolveCnfOptions, started: number): Prepared {
  const { formula, xors } = found;
  // XORs adding up to 0 = 1 (a parity chain's refutation): the solver answers at once.
  const refuted = xors.some((x) => x.vars.length === 0 && x.rhs === 1);
  if (options.mode === 'dpll' || refuted || options.eliminate === false) {
    return { ...found, simplified: undefined };
  }
  const timeMs = options.budget?.timeMs;
  const frozen = new Uint8Array(formula.numVars);
  for (const x of xors) for (const v of x.vars) frozen[v] = 1;
  const simplified = eliminateVariables(formula, {
    deadline: timeMs === undefined ? undefined : started + timeMs,
    signal: options.signal,
    frozen,
    proof: options.proof,
  });
  return { ...found, simplified };
}

/** Loads the prepared formula and its XORs into a solver. */
function load(prepared: Prepared, options: SolverOptions): Solver {
  const formula = prepared.simplified?.cnf ?? prepared.formula;
  const solver = new Solver(formula.numVars, options);
  if (!solver.addClauses(formula.clauses)) return solver;
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

/**
 * Extends a model of the simplified formula to the input's variables and re-checks a sat
 * answer against the caller's own clauses, independently of the solver's copy.
 */
function verified(cnf: Cnf, result: SolveResult, prepared: Prepared, clock: Clock): SolveResult {
  const { simplified } = prepared;
  if (result.status === 'sat') {
    simplified?.extend(result.model);
    if (firstFalsifiedClause(cnf, result.model) !== -1) {
      throw new Error('internal error: the model falsifies a clause of the input');
    }
    // Without the variables of AND gates the pipeline added.
    const model = result.model.slice(0, cnf.numVars + 1);
    return { ...result, model, stats: statsOf(result, prepared, clock) };
  }
  return { ...result, stats: statsOf(result, prepared, clock) };
}

function statsOf(result: SolveResult, prepared: Prepared, clock: Clock): SolverStats {
  const { simplified } = prepared;
  const ms = performance.now() - clock.started;
  const { xorMs, eliminateMs, loadMs } = clock.phases;
  const searchMs = Math.max(0, ms - xorMs - eliminateMs - loadMs);
  return {
    ...result.stats,
    eliminated: simplified?.eliminated ?? 0,
    xors: prepared.found,
    ms,
    phases: { xorMs, eliminateMs, loadMs, searchMs },
  };
}

/**
 * Whether XOR reasoning is on for these options: CDCL unless switched off, and never while a
 * proof is written (Gauss–Jordan steps during the search have no clausal derivation here; a
 * contradiction among the XORs alone does, see `provesXors`).
 */
const wantsXor = (options: SolveCnfOptions): boolean =>
  options.mode !== 'dpll' && options.xor !== false && options.proof === undefined;

/**
 * Whether a proof-writing CDCL solve first asks if the formula's XORs alone add up to 0 = 1
 * (parity problems, which a search without Gauss–Jordan may not decide in a lifetime), and if
 * so answers unsat with that derivation as the proof (`xor/xor-proof.ts`).
 */
const provesXors = (options: SolveCnfOptions): boolean =>
  options.mode !== 'dpll' && options.xor !== false && options.proof !== undefined;

/**
 * The answer of a formula whose XORs add up to 0 = 1: unsat when the proof of it was written
 * (`used` XORs), unknown when the caller's limits stopped the writing.
 */
function xorRefuted(
  cnf: Cnf,
  used: number | 'stopped',
  options: SolveOptions,
  clock: Clock,
): SolveResult {
  const counters = { decisions: 0, propagations: 0, conflicts: 0, learned: 0, restarts: 0 };
  const found = used === 'stopped' ? 0 : used;
  const stats: SolverStats = { ...counters, deleted: 0, eliminated: 0, xors: found, ms: 0 };
  const prepared: Prepared = { formula: cnf, xors: [], found, simplified: undefined };
  const result: SolveResult =
    used === 'stopped'
      ? { status: 'unknown', reason: stopReason(options, clock.started) ?? 'aborted', stats }
      : { status: 'unsat', failedAssumptions: [], stats };
  return verified(cnf, result, prepared, clock);
}

/**
 * Whether a short search on the formula as given comes first: for CDCL, unless XORs are asked
 * for outright. Many formulas — small ones, and structured ones of thousands of clauses (ii,
 * qg, flat) — are decided within it and never pay for elimination or XOR detection, which can
 * cost more than the search itself.
 */
const probeFirst = (options: SolveCnfOptions): boolean =>
  options.mode !== 'dpll' && options.xor !== true;

/** Whether the probe's solver can simply go on: nothing was found or simplified since. */
const sameFormula = (prepared: Prepared): boolean =>
  prepared.simplified === undefined && prepared.xors.length === 0 && prepared.found === 0;

/**
 * Elimination removing fewer variables (and clauses) than this share of the formula's is not
 * worth a fresh solver: the probe's solver goes on with what it learned. Random k-SAT loses 2–5 % of its
 * variables, and starting afresh cost it the probe's thousand conflicts again (uuf125: 2,275
 * conflicts instead of 1,287); structured formulas lose far more.
 */
const WORTH_RESTARTING = 0.1;

/**
 * Whether the probe's solver goes on, its formula as it was: nothing was found or simplified,
 * or too little to pay for a fresh search. Not while a proof is written: elimination has
 * written its deletions of the clauses it replaced, which that solver still holds.
 */
function goOn(prepared: Prepared, cnf: Cnf, options: SolveCnfOptions): boolean {
  if (sameFormula(prepared)) return true;
  if (options.proof !== undefined || prepared.xors.length > 0 || prepared.found > 0) return false;
  const { simplified } = prepared;
  if (simplified === undefined) return true;
  const fewerClauses = cnf.clauses.length - simplified.cnf.clauses.length;
  const worth = WORTH_RESTARTING * cnf.numVars;
  return simplified.eliminated < worth && fewerClauses < WORTH_RESTARTING * cnf.clauses.length;
}

/** When a whole-formula solve began, and the time each phase has taken so far. */
interface Clock {
  readonly started: number;
  readonly phases: PhaseTimes;
}

/** One search the plan asks for: this solver, with these options. */
interface Search<T extends SolveOptions> {
  readonly solver: Solver;
  readonly options: T;
}

/**
 * The whole-formula pipeline as a plan of searches, run by `solveCnf` (each search at once) or
 * `solveCnfAsync` (each yielding to the event loop): one decision procedure for both. A short
 * search comes first (see `probeFirst`) — with the XORs worth Gauss–Jordan elimination when a
 * cheap first look sees XORs, on the formula as it is otherwise. If that does not decide, XORs
 * are looked for (unless they were) and variables eliminated, and the search starts afresh on
 * the result (or simply goes on when that changed little: `goOn`).
 */
function* plan<T extends SolveCnfOptions>(
  cnf: Cnf,
  options: T,
): Generator<Search<T>, SolveResult, SolveResult> {
  const clock: Clock = { started: performance.now(), phases: noPhases() };
  const { started, phases } = clock;
  const xorsOf = (formula: Cnf) => timed(phases, 'xorMs', () => findXors(formula));
  const loaded = (prepared: Prepared) => timed(phases, 'loadMs', () => load(prepared, options));
  const eliminated = (found: FoundXors) =>
    timed(phases, 'eliminateMs', () => prepare(found, options, started));
  const afterProbeLook = () => eliminated(wantsXor(options) ? xorsOf(cnf) : NO_XORS(cnf));
  if (provesXors(options)) {
    const stopped = () => stopReason(options, started) !== undefined;
    const refuted = timed(phases, 'xorMs', () =>
      proveXorContradiction(cnf, options.proof!, { stopped }),
    );
    if (refuted !== undefined) return xorRefuted(cnf, refuted, options, clock);
  }
  if (!probeFirst(options)) {
    const prepared = afterProbeLook();
    const result = yield { solver: loaded(prepared), options: rest(options, started) };
    return verified(cnf, result, prepared, clock);
  }
  // The probe reasons with the XORs a first look sees (a parity problem needs them at once).
  const first = wantsXor(options) ? timed(phases, 'xorMs', () => directXors(cnf)) : NO_XORS(cnf);
  const plain: Prepared = { ...first, simplified: undefined };
  const solver = loaded(plain);
  const probe = yield { solver, options: probeOptions(options, started) };
  if (probeDecided(probe, options)) return verified(cnf, probe, plain, clock);
  const used = probe.stats.conflicts;
  // Random k-SAT: nothing to find or eliminate that would change the search; it goes on.
  if (first.found === 0 && uniformRandomLike(cnf, WORTH_RESTARTING)) {
    const result = yield { solver, options: afterProbe(options, started, used) };
    return verified(cnf, result, plain, clock);
  }
  const prepared = afterProbeLook();
  if (goOn(prepared, cnf, options)) {
    const result = yield { solver, options: afterProbe(options, started, used) };
    return verified(cnf, result, plain, clock);
  }
  const after = continued(afterProbe(options, started, used), probe, started);
  const result = yield { solver: loaded(prepared), options: after };
  return verified(cnf, addProbe(result, probe), prepared, clock);
}

/** Solves a whole formula in one call. `stats.ms` includes preprocessing and loading it. */
export function solveCnf(cnf: Cnf, options: SolveCnfOptions = {}): SolveResult {
  const searches = plan(cnf, options);
  let step = searches.next();
  while (!step.done) step = searches.next(step.value.solver.solve(step.value.options));
  return step.value;
}

/** As `solveCnf`, yielding to the event loop while it searches, so `signal` can stop it. */
export async function solveCnfAsync(
  cnf: Cnf,
  options: SolveCnfOptions & { sliceMs?: number } = {},
): Promise<SolveResult> {
  const searches = plan(cnf, options);
  let step = searches.next();
  while (!step.done) step = searches.next(await step.value.solver.solveAsync(step.value.options));
  return step.value;
}
