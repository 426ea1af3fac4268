/**
 * Incremental use of one Solver: assumptions, failed-assumption cores, clauses and
 * variables added between solve calls, and learned clauses carried from call to call —
 * all checked against brute force.
 */
import { describe, expect, it } from 'vitest';
import { firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { randomKSat } from '../cnf/generators.ts';
import { createRng, type Rng } from '../rng.ts';
import { Solver } from './solver.ts';
import {
  countModels,
  errorOrThrown,
  isSatisfiable,
  randomLiteral,
  randomMessyCnf,
  showCnf,
} from './testing/brute-force.ts';
import {
  HEURISTICS,
  SOLVER_MODES,
  type HeuristicName,
  type SolveResult,
  type SolverModeName,
} from './types.ts';

/**
 * Why `result` is a wrong answer for `formula` under `assumptions`, or null when right.
 * SAT: the model satisfies every clause and every assumption. UNSAT: the formula plus the
 * assumptions has no model, and `failedAssumptions` is a subset of the assumptions that
 * is itself enough to make the formula UNSAT.
 */
function answerError(
  formula: Cnf,
  assumptions: readonly number[],
  result: SolveResult,
): string | null {
  const sat = isSatisfiable(formula, assumptions);
  if (result.status !== (sat ? 'sat' : 'unsat')) return `expected sat=${sat}, got ${result.status}`;
  if (result.status === 'sat') {
    if (result.model.length !== formula.numVars + 1) return `model length ${result.model.length}`;
    if (firstFalsifiedClause(formula, result.model) !== -1) return 'model falsifies a clause';
    const broken = assumptions.find((lit) => (result.model[Math.abs(lit)] === 1) !== lit > 0);
    if (broken !== undefined) return `model violates assumption ${broken}`;
  }
  if (result.status === 'unsat') {
    const failed = result.failedAssumptions;
    const stray = failed.find((lit) => !assumptions.includes(lit));
    if (stray !== undefined) return `failedAssumptions has ${stray}, not an assumption`;
    if (isSatisfiable(formula, failed)) return `formula plus ${JSON.stringify(failed)} is SAT`;
  }
  return null;
}

/** 0 to `most - 1` random literals, repeats and contradictions included. */
function randomAssumptions(rng: Rng, numVars: number, most = 4): number[] {
  const count = rng.int(most);
  return Array.from({ length: count }, () => randomLiteral(rng, numVars));
}

/**
 * numVars + 1 to numVars + 8 copies of the literal ±1: more assumptions than variables, and
 * since an assumption already true still opens a decision level, more levels too.
 */
function repeatedAssumptions(rng: Rng, numVars: number): number[] {
  const lit = rng.int(2) === 1 ? 1 : -1;
  return new Array<number>(numVars + 1 + rng.int(8)).fill(lit);
}

describe.each(SOLVER_MODES)('%s mode', (mode) => {
  it.each(HEURISTICS)('with %s: assumptions act as unit clauses for one call', (heuristic) => {
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const rng = createRng(`assume-${i}`);
      const formula = randomMessyCnf(rng, 12);
      const assumptions = randomAssumptions(rng, formula.numVars);
      const solver = new Solver(formula.numVars, { mode, heuristic });
      for (const clause of formula.clauses) solver.addClause(clause);
      const check = (assumed: number[]): string | null =>
        errorOrThrown(() => answerError(formula, assumed, solver.solve({ assumptions: assumed })));
      // The assumptions must not linger: the same solver answers for the bare formula.
      const after = check(assumptions) ?? check([]);
      if (after !== null) failures.push(`${after}: ${showCnf(formula)} assume ${assumptions}`);
    }
    expect(failures.slice(0, 5), `${failures.length} wrong answers`).toEqual([]);
  });

  it.each(HEURISTICS)('with %s: takes more assumptions than variables', (heuristic) => {
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const rng = createRng(`repeat-${i}`);
      // Near-threshold 3-SAT half the time, for a real search below the assumptions.
      const formula = i % 2 === 0 ? randomMessyCnf(rng, 12) : randomKSat(rng, 12, 50, 3);
      const assumptions = repeatedAssumptions(rng, formula.numVars);
      const solver = new Solver(formula.numVars, { mode, heuristic });
      for (const clause of formula.clauses) solver.addClause(clause);
      // 12 variables need far fewer than 2^12 conflicts even in plain DPLL: a budget makes a
      // solver stuck in a loop fail instead of hanging the suite.
      const options = { assumptions, budget: { conflicts: 10_000 } };
      const error = errorOrThrown(() => answerError(formula, assumptions, solver.solve(options)));
      if (error !== null) failures.push(`${error}: ${showCnf(formula)} assume ${assumptions}`);
    }
    expect(failures.slice(0, 5), `${failures.length} wrong answers`).toEqual([]);
  });

  it.each(HEURISTICS)('with %s: enumerating models by blocking clauses counts them all', (h) => {
    for (let i = 0; i < 60; i++) {
      const formula = randomMessyCnf(createRng(`enumerate-${i}`), 8);
      const solver = new Solver(formula.numVars, { mode, heuristic: h });
      for (const clause of formula.clauses) solver.addClause(clause);
      const models = countModels(formula);
      let found = 0;
      // Bounded, so that a solver ignoring the blocking clauses fails instead of looping.
      for (let result = solver.solve(); result.status === 'sat'; result = solver.solve()) {
        if (found > models) break;
        expect(firstFalsifiedClause(formula, result.model), showCnf(formula)).toBe(-1);
        found++;
        const blocking: number[] = [];
        for (let v = 1; v <= formula.numVars; v++) blocking.push(result.model[v] === 1 ? -v : v);
        solver.addClause(blocking);
      }
      expect(found, showCnf(formula)).toBe(models);
    }
  });
});

/**
 * One random session on a fresh solver: start from a messy formula, then interleave
 * adding clauses, adding variables and solving under random assumptions, comparing each
 * answer with brute force on everything added so far. Returns the first wrong step with
 * the session log, or null.
 */
function runSession(seed: string, mode: SolverModeName, heuristic: HeuristicName): string | null {
  const rng = createRng(seed);
  // A satisfiable start, so that the answers depend on the assumptions and later clauses.
  let start = randomMessyCnf(rng, 12);
  while (!isSatisfiable(start)) start = randomMessyCnf(rng, 12);
  let numVars = start.numVars;
  const clauses: Int32Array[] = [];
  const solver = new Solver(numVars, { mode, heuristic });
  const log: string[] = [`new Solver(${numVars})`];
  const add = (clause: Int32Array): string | null => {
    clauses.push(clause);
    log.push(`add ${[...clause]}`);
    const ok = solver.addClause(clause);
    return !ok && isSatisfiable({ numVars, clauses }) ? 'addClause said UNSAT' : null;
  };
  let error = start.clauses.reduce<string | null>((e, c) => e ?? add(c), null);
  for (let step = 0; step < 20 && error === null; step++) {
    const roll = rng.next();
    if (roll < 0.05 && numVars < 14) {
      numVars++;
      log.push('newVar');
      if (solver.newVar() !== numVars) error = 'newVar returned the wrong number';
    } else if (roll < 0.35) {
      const width = 1 + rng.int(3);
      error = add(Int32Array.from({ length: width }, () => randomLiteral(rng, numVars)));
    } else {
      const assumptions = randomAssumptions(rng, numVars, 6);
      log.push(`solve assuming [${assumptions}]`);
      error = answerError({ numVars, clauses }, assumptions, solver.solve({ assumptions }));
    }
  }
  return error === null ? null : `${seed}: ${error} after ${log.join('; ')}`;
}

describe('random incremental sessions against brute force', () => {
  const sessions: Record<SolverModeName, number> = { cdcl: 500, dpll: 150 };
  const pairs = SOLVER_MODES.flatMap((m) => HEURISTICS.map((h) => [m, h] as const));
  it.each(pairs)('%s with %s never answers wrongly', (mode, heuristic) => {
    const failures: string[] = [];
    for (let i = 0; i < sessions[mode]; i++) {
      const error = runSession(`session-${i}`, mode, heuristic);
      if (error !== null) failures.push(error);
    }
    expect(failures.slice(0, 3), `${failures.length} failed sessions`).toEqual([]);
  });
});

describe.each(SOLVER_MODES)('%s mode, by example', (mode) => {
  it('names the assumptions that clash with the formula, then solves without them', () => {
    const solver = new Solver(4, { mode });
    solver.addClause([-1, -2]);
    solver.addClause([1, 4]);
    const clash = solver.solve({ assumptions: [3, 1, 2] });
    expect(clash.status).toBe('unsat');
    // {1, 2} is the only subset the formula refutes, so both must be named.
    if (clash.status === 'unsat') expect([...clash.failedAssumptions].sort()).toEqual([1, 2]);
    const free = solver.solve();
    expect(free.status).toBe('sat');
    const fine = solver.solve({ assumptions: [3, 2] });
    expect(fine.status === 'sat' && [...fine.model.subarray(1)]).toEqual([0, 1, 1, 1]);
  });

  it('treats contradictory assumptions as UNSAT with both named', () => {
    const solver = new Solver(2, { mode });
    solver.addClause([1, 2]);
    const result = solver.solve({ assumptions: [-1, 2, 1] });
    expect(result.status).toBe('unsat');
    if (result.status === 'unsat') expect([...result.failedAssumptions].sort()).toEqual([-1, 1]);
    expect(solver.solve().status).toBe('sat');
  });

  it('takes repeated assumptions beyond the number of variables', () => {
    // Found by fuzzing: each repeat opens a decision level, and the per-level arrays were
    // sized by the number of variables.
    const small = new Solver(4, { mode });
    for (const clause of [
      [4, -3],
      [3, -4],
      [3, 4],
    ])
      small.addClause(clause);
    const four = errorOrThrown(() => reasonOrModel(small.solve(FIVE_TIMES_NOT_1)));
    expect(four).toBe('sat 0,0,1,1');
    const other = new Solver(6, { mode });
    for (const clause of [
      [5, 6, -3],
      [3, 5],
      [2, 3],
    ])
      other.addClause(clause);
    const six = errorOrThrown(() => reasonOrModel(other.solve(SIX_TIMES_1)));
    expect(six).toMatch(/^sat 1,/);
  });

  it('returns an empty core when the formula alone is UNSAT', () => {
    const solver = new Solver(2, { mode });
    solver.addClause([1]);
    solver.addClause([-1, 2]);
    solver.addClause([-2]);
    const result = solver.solve({ assumptions: [2] });
    expect(result.status === 'unsat' && result.failedAssumptions).toEqual([]);
  });

  it('respects clauses added between calls', () => {
    const solver = new Solver(3, { mode });
    solver.addClause([1, 2, 3]);
    expect(solver.solve().status).toBe('sat');
    solver.addClause([-1]);
    solver.addClause([-2]);
    const only = solver.solve();
    expect(only.status === 'sat' && [...only.model.subarray(1)]).toEqual([0, 0, 1]);
    solver.addClause([-3]);
    expect(solver.solve().status).toBe('unsat');
  });

  it('grows with newVar, before and after solving', () => {
    const solver = new Solver(0, { mode });
    expect(solver.numVars).toBe(0);
    expect(() => solver.addClause([1])).toThrow(RangeError);
    expect(solver.newVar()).toBe(1);
    expect(solver.newVar()).toBe(2);
    expect(solver.numVars).toBe(2);
    solver.addClause([1, 2]);
    solver.addClause([-1]);
    const before = solver.solve();
    expect(before.status === 'sat' && [...before.model]).toHaveLength(3);
    expect(solver.newVar()).toBe(3);
    solver.addClause([-2, 3]);
    const after = solver.solve({ assumptions: [3] });
    expect(after.status === 'sat' && [...after.model.subarray(1)]).toEqual([0, 1, 1]);
    solver.addClause([-3, -2]);
    expect(solver.solve().status).toBe('unsat');
  });
});

const FIVE_TIMES_NOT_1 = { assumptions: [-1, -1, -1, -1, -1], budget: { conflicts: 10_000 } };
const SIX_TIMES_1 = { assumptions: [1, 1, 1, 1, 1, 1], budget: { conflicts: 10_000 } };

/** `sat <model from variable 1>`, `unsat`, or `unknown/<reason>`. */
function reasonOrModel(result: SolveResult): string {
  if (result.status === 'sat') return `sat ${[...result.model.subarray(1)]}`;
  return result.status === 'unknown' ? `unknown/${result.reason}` : 'unsat';
}
