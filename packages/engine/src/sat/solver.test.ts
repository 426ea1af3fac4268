/**
 * Correctness of one-shot solving: every heuristic in both modes agrees with an
 * exhaustive checker on thousands of small messy formulas, proves pigeonhole formulas
 * UNSAT, and returns models that satisfy every clause.
 */
import { describe, expect, it } from 'vitest';
import { cnf, firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { pigeonhole, plantedKSat, randomKSat } from '../cnf/generators.ts';
import { createRng } from '../rng.ts';
import { Solver } from './solver.ts';
import { solveCnf } from './solve-cnf.ts';
import {
  countModels,
  errorOrThrown,
  findModel,
  isSatisfiable,
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

interface Case {
  readonly formula: Cnf;
  readonly sat: boolean;
}

/** Formulas cross-checked per mode/heuristic pair. */
const CASES = 4000;

/** The seeded corpus with its brute-force verdicts, built once and shared by every pair. */
const corpus: readonly Case[] = Array.from({ length: CASES }, (_, i) => {
  const formula = randomMessyCnf(createRng(`cross-check-${i}`), 16);
  return { formula, sat: isSatisfiable(formula) };
});

/**
 * Why `result` is a wrong answer for `formula`, or null when it is right: the verdict must
 * match brute force, a model must cover every variable and satisfy every clause, and an
 * UNSAT answer without assumptions must blame no assumption.
 */
function verdictError(formula: Cnf, sat: boolean, result: SolveResult): string | null {
  const want = sat ? 'sat' : 'unsat';
  if (result.status !== want) return `expected ${want}, got ${result.status}`;
  if (result.status === 'sat') {
    if (result.model.length !== formula.numVars + 1) {
      return `model length ${result.model.length}, expected ${formula.numVars + 1}`;
    }
    const falsified = firstFalsifiedClause(formula, result.model);
    if (falsified !== -1) return `model falsifies clause #${falsified}`;
  }
  if (result.status === 'unsat' && result.failedAssumptions.length > 0) {
    return `failedAssumptions ${JSON.stringify(result.failedAssumptions)} without assumptions`;
  }
  return null;
}

/** Every wrong answer on the corpus, smallest formulas first. */
function crossCheck(mode: SolverModeName, heuristic: HeuristicName): string[] {
  const failures: { size: number; text: string }[] = [];
  for (let i = 0; i < corpus.length; i++) {
    const { formula, sat } = corpus[i]!;
    const error = errorOrThrown(() =>
      verdictError(formula, sat, solveCnf(formula, { mode, heuristic })),
    );
    if (error !== null) {
      const size = formula.clauses.reduce((n, c) => n + c.length + 1, 0);
      failures.push({ size, text: `case ${i}: ${error} for ${showCnf(formula)}` });
    }
  }
  return failures.sort((a, b) => a.size - b.size).map((f) => f.text);
}

describe('the brute-force oracle', () => {
  it('counts models of formulas whose count is known', () => {
    expect(countModels(cnf(0, []))).toBe(1);
    expect(countModels(cnf(0, [[]]))).toBe(0);
    expect(countModels(cnf(4, []))).toBe(16);
    expect(countModels(cnf(4, [[1]]))).toBe(8);
    expect(countModels(cnf(4, [[1, -1]]))).toBe(16);
    expect(countModels(cnf(4, [[2, 2, 3]]))).toBe(12);
    expect(countModels(cnf(4, [[1], [-1, 2], [3, 4]]))).toBe(3);
    expect(countModels(cnf(3, [[1, 2]]), [-1, -2])).toBe(0);
    expect(countModels(cnf(20, [[-20]]))).toBe(2 ** 19);
  });

  it('finds a model that satisfies the formula and the assumed literals', () => {
    expect([...findModel(cnf(3, [[1, 2], [-1], [3, -2]]))!]).toEqual([0, 0, 1, 1]);
    expect([...findModel(cnf(2, []), [2, -1])!]).toEqual([0, 0, 1]);
    expect(findModel(cnf(2, [[1], [2]]), [-2])).toBeNull();
  });

  it('refuses formulas it cannot enumerate or read', () => {
    expect(() => countModels(cnf(21, []))).toThrow(RangeError);
    expect(() => countModels(cnf(2, [[3]]))).toThrow(RangeError);
    expect(() => countModels(cnf(2, [[0]]))).toThrow(RangeError);
  });
});

describe('the cross-check corpus', () => {
  it('is balanced between SAT and UNSAT and contains the awkward shapes', () => {
    const satShare = corpus.filter((c) => c.sat).length / corpus.length;
    expect(satShare).toBeGreaterThan(0.3);
    expect(satShare).toBeLessThan(0.7);
    const clauses = corpus.flatMap((c) => c.formula.clauses);
    const has = (test: (c: Int32Array) => boolean): boolean => clauses.some(test);
    expect(has((c) => c.length === 0)).toBe(true);
    expect(has((c) => c.length === 1)).toBe(true);
    expect(has((c) => new Set(c).size < c.length)).toBe(true);
    expect(has((c) => c.some((lit) => c.includes(-lit)))).toBe(true);
    expect(corpus.some((c) => c.formula.numVars === 16)).toBe(true);
  });
});

describe.each(SOLVER_MODES)('%s mode', (mode) => {
  it.each(HEURISTICS)('with %s agrees with brute force on random small formulas', (heuristic) => {
    const failures = crossCheck(mode, heuristic);
    expect(failures.slice(0, 5), `${failures.length} wrong answers`).toEqual([]);
  });

  it.each(HEURISTICS)('with %s proves PHP(n+1, n) UNSAT and solves PHP(n, n)', (heuristic) => {
    for (let n = 1; n <= 5; n++) {
      const unsat = solveCnf(pigeonhole(n + 1, n), { mode, heuristic });
      expect(unsat.status, `PHP(${n + 1}, ${n})`).toBe('unsat');
      const square = pigeonhole(n, n);
      expect(
        verdictError(square, true, solveCnf(square, { mode, heuristic })),
        `PHP(${n}, ${n})`,
      ).toBeNull();
    }
  });

  it.each(HEURISTICS)('with %s handles the degenerate formulas', (heuristic) => {
    const options = { mode, heuristic };
    const empty = solveCnf(cnf(0, []), options);
    expect(empty.status).toBe('sat');
    if (empty.status === 'sat') expect(empty.model.length).toBe(1);
    expect(solveCnf(cnf(0, [[]]), options).status).toBe('unsat');
    expect(solveCnf(cnf(3, [[1], [], [2]]), options).status).toBe('unsat');
    expect(solveCnf(cnf(2, [[1], [-1]]), options).status).toBe('unsat');
    const unused = solveCnf(cnf(5, [[2, -2]]), options);
    expect(unused.status).toBe('sat');
    if (unused.status === 'sat') expect(unused.model.length).toBe(6);
    const forced = solveCnf(cnf(3, [[1], [-1, 2], [-2, -3]]), options);
    expect(forced.status === 'sat' && [...forced.model.subarray(1)]).toEqual([1, 1, 0]);
  });
});

describe('cdcl on larger instances', () => {
  it('proves PHP(n+1, n) UNSAT for n = 1..7 and solves PHP(n, n)', () => {
    for (let n = 1; n <= 7; n++) {
      expect(solveCnf(pigeonhole(n + 1, n)).status, `PHP(${n + 1}, ${n})`).toBe('unsat');
      const square = pigeonhole(n, n);
      expect(verdictError(square, true, solveCnf(square)), `PHP(${n}, ${n})`).toBeNull();
    }
  });

  it('solves planted 3-SAT with 200 variables at ratio 4.0 with a verified model', () => {
    for (let seed = 0; seed < 10; seed++) {
      const { cnf: formula } = plantedKSat(createRng(`planted-${seed}`), 200, 800, 3);
      const result = solveCnf(formula);
      expect(verdictError(formula, true, result), `seed ${seed}`).toBeNull();
    }
  });

  it.each(HEURISTICS)('with %s solves planted 3-SAT with 100 variables', (heuristic) => {
    const { cnf: formula } = plantedKSat(createRng(`planted-h-${heuristic}`), 100, 400, 3);
    expect(verdictError(formula, true, solveCnf(formula, { heuristic }))).toBeNull();
  });
});

describe('dpll and cdcl agree on random 3-SAT near the threshold', () => {
  const sizes = [50, 50, 60, 60, 70, 70, 80, 100];
  it.each(sizes.map((n, i) => [n, i] as const))('with %i variables (#%i)', (numVars, i) => {
    const formula = randomKSat(createRng(`threshold-${i}`), numVars, Math.round(4.26 * numVars), 3);
    const cdcl = solveCnf(formula, { mode: 'cdcl' });
    const heuristic = (['jw', 'moms', 'dlis'] as const)[i % 3];
    const dpll = solveCnf(formula, { mode: 'dpll', heuristic });
    expect(cdcl.status).not.toBe('unknown');
    expect(verdictError(formula, cdcl.status === 'sat', dpll)).toBeNull();
    expect(verdictError(formula, dpll.status === 'sat', cdcl)).toBeNull();
  });
});

describe('cdcl heuristics agree on 150-variable random 3-SAT at the threshold', () => {
  // Thousands of conflicts each: restarts and clause-database reductions happen on the way.
  const formulas = [0, 1, 3, 5].map((i) => randomKSat(createRng(`big-${i}`), 150, 639, 3));
  let solved: SolveResult[] | undefined;
  /** The default solver's answers, computed on first use (inside a test, not at collection). */
  // Without XOR reasoning: its probe (these are small formulas) would cut the search in two.
  const reference = (): SolveResult[] =>
    (solved ??= formulas.map((f) => solveCnf(f, { xor: false })));

  it('with vsids, restarting and reducing on the way', () => {
    const results = reference();
    expect(results.map((r) => r.status)).toEqual(['sat', 'unsat', 'sat', 'unsat']);
    formulas.forEach((f, i) => expect(verdictError(f, i % 2 === 0, results[i]!)).toBeNull());
    expect(results.reduce((n, r) => n + r.stats.restarts, 0)).toBeGreaterThan(0);
    expect(results.reduce((n, r) => n + r.stats.deleted, 0)).toBeGreaterThan(0);
  });

  it.each(HEURISTICS.filter((h) => h !== 'vsids'))('with %s', (heuristic) => {
    formulas.forEach((formula, i) => {
      const sat = reference()[i]!.status === 'sat';
      expect(verdictError(formula, sat, solveCnf(formula, { heuristic })), `#${i}`).toBeNull();
    });
  });
});

describe('Solver.addClause', () => {
  it('rejects literal 0 and variables beyond numVars with a RangeError naming them', () => {
    const solver = new Solver(3);
    solver.addClause([-1]);
    solver.addClause([-2]);
    expect(() => solver.addClause([1, 0, 2])).toThrow(RangeError);
    expect(() => solver.addClause([0])).toThrow(/\b0\b/);
    expect(() => solver.addClause([1, 4])).toThrow(RangeError);
    expect(() => solver.addClause([-7])).toThrow(/7/);
    expect(() => solver.addClause([2, -4])).toThrow(/4/);
    expect(() => solver.addClause([1.5])).toThrow(RangeError);
    // Int32Arrays (the parser's clauses) are checked by the kernel itself: the same errors.
    expect(() => solver.addClause(Int32Array.of(3, 0))).toThrow(/literal 0 at position 1/);
    expect(() => solver.addClause(Int32Array.of(3, -5))).toThrow(/literal -5 at position 1/);
    expect(() => solver.addClauses([Int32Array.of(3), Int32Array.of(9)])).toThrow(/literal 9/);
    expect(() => solver.solve({ assumptions: [4] })).toThrow(RangeError);
    expect(() => solver.solve({ assumptions: [0] })).toThrow(RangeError);
    // A rejected clause leaves the formula untouched: no part of one was added (the batch's
    // clauses before it were: x3 is true now).
    const answer = solver.solve();
    expect(answer.status === 'sat' && Array.from(answer.model.slice(1))).toEqual([0, 0, 1]);
  });

  it('reports false once the formula is known UNSAT, and solve agrees', () => {
    const solver = new Solver(2);
    expect(solver.addClause([1, 2])).toBe(true);
    expect(solver.addClause([])).toBe(false);
    expect(solver.addClause([1])).toBe(false);
    expect(solver.solve().status).toBe('unsat');
  });

  it('accepts any array-like of DIMACS literals', () => {
    const solver = new Solver(2);
    expect(solver.addClause(Int32Array.of(-1, 2))).toBe(true);
    expect(solver.addClause({ length: 1, 0: 1 })).toBe(true);
    const result = solver.solve();
    expect(result.status === 'sat' && [...result.model.subarray(1)]).toEqual([1, 1]);
  });
});
