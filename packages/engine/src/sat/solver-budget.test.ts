/**
 * Budgets, cancellation and statistics: a solve call on a hard formula ends with
 * `unknown` for the right reason and promptly, the event loop keeps running under
 * `solveAsync`, and the solver still answers correctly afterwards.
 */
import { describe, expect, it } from 'vitest';
import { firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { pigeonhole } from '../cnf/generators.ts';
import { createRng, type Rng } from '../rng.ts';
import { Solver } from './solver.ts';
import { solveCnf, solveCnfAsync } from './solve-cnf.ts';
import { isSatisfiable, randomLiteral, randomMessyCnf, showCnf } from './testing/brute-force.ts';
import { SOLVER_MODES, type SolveResult, type SolverModeName, type SolverStats } from './types.ts';

/** PHP(10, 9): far beyond any budget used here in either mode. */
const HARD = pigeonhole(10, 9);
/**
 * PHP(10, 9) with a guard variable appended to every clause: SAT at once under the
 * assumption that the guard is true, the full hard pigeonhole problem when it is false.
 */
const GUARD = HARD.numVars + 1;
const GUARDED: Cnf = {
  numVars: GUARD,
  clauses: HARD.clauses.map((c) => Int32Array.of(...c, GUARD)),
};

/** A solver of the given mode holding every clause of `formula`. */
function loaded(formula: Cnf, mode: SolverModeName): Solver {
  const solver = new Solver(formula.numVars, { mode });
  for (const clause of formula.clauses) solver.addClause(clause);
  return solver;
}

/** `sat`, `unsat` or `unknown/<reason>`: one comparable string per outcome. */
function reasonOf(result: SolveResult): string {
  return result.status === 'unknown' ? `unknown/${result.reason}` : result.status;
}

/** Runs `work` and returns its result with the wall-clock milliseconds it took. */
async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

describe.each(SOLVER_MODES)('%s mode', (mode) => {
  it('stops at the conflict budget, which is per call', () => {
    const solver = loaded(HARD, mode);
    const first = solver.solve({ budget: { conflicts: 100 } });
    expect(reasonOf(first)).toBe('unknown/conflicts');
    expect(first.stats.conflicts).toBeGreaterThanOrEqual(100);
    expect(first.stats.conflicts).toBeLessThanOrEqual(105);
    const second = solver.solve({ budget: { conflicts: 100 } });
    expect(reasonOf(second)).toBe('unknown/conflicts');
    expect(solver.stats.conflicts).toBeGreaterThanOrEqual(200);
    expect(solver.stats.conflicts).toBeLessThanOrEqual(210);
  });

  it('stops at the time budget promptly', async () => {
    const solver = loaded(HARD, mode);
    const { value, ms } = await timed(() => solver.solve({ budget: { timeMs: 50 } }));
    expect(reasonOf(value)).toBe('unknown/time');
    expect(ms).toBeGreaterThanOrEqual(45);
    expect(ms).toBeLessThan(500);
    const later = await timed(() => solver.solveAsync({ budget: { timeMs: 50 } }));
    expect(reasonOf(later.value)).toBe('unknown/time');
    expect(later.ms).toBeLessThan(500);
  });

  it('returns aborted at once for a signal aborted beforehand', async () => {
    const solver = loaded(HARD, mode);
    const sync = await timed(() => solver.solve({ signal: abortedSignal() }));
    expect(reasonOf(sync.value)).toBe('unknown/aborted');
    expect(sync.ms).toBeLessThan(100);
    const viaAsync = await timed(() => solveCnfAsync(HARD, { mode, signal: abortedSignal() }));
    expect(reasonOf(viaAsync.value)).toBe('unknown/aborted');
    expect(viaAsync.ms).toBeLessThan(100);
  });

  it('solveAsync honours an abort 30 ms in', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const run = await timed(() => solveCnfAsync(HARD, { mode, signal: controller.signal }));
    expect(reasonOf(run.value)).toBe('unknown/aborted');
    expect(run.ms).toBeGreaterThanOrEqual(25);
    expect(run.ms).toBeLessThan(300);
  });

  it('solveAsync lets timers run throughout a long search', async () => {
    const controller = new AbortController();
    const solver = loaded(HARD, mode);
    let ticks = 0;
    const interval = setInterval(() => ticks++, 10);
    setTimeout(() => controller.abort(), 300);
    try {
      const running = solver.solveAsync({ signal: controller.signal });
      // The formula cannot change under a search in progress.
      expect(() => solver.addClause([1])).toThrow(/busy/);
      const run = await timed(() => running);
      expect(reasonOf(run.value)).toBe('unknown/aborted');
      // Stopped within a few 50 ms slices of the abort, not at the end of a search that would
      // take minutes. The margin allows for CI, where this file shares its worker (and that
      // worker's garbage collections) with every unit test while browsers run beside it: the
      // abort once came 288 ms late there, never more than 40 ms on a quiet machine.
      expect(run.ms).toBeLessThan(300 + 400);
      // Well more than one tick: the loop ran during the search, not only after it.
      expect(ticks).toBeGreaterThanOrEqual(4);
    } finally {
      clearInterval(interval);
    }
  });

  it.each(['conflicts', 'time', 'aborted'] as const)(
    'answers correctly after an unknown caused by %s',
    async (reason) => {
      const { side, combined } = withSide(`side-${reason}-${mode}`);
      const solver = loaded(combined, mode);
      const assumptions = [-GUARD];
      const interrupted =
        reason === 'conflicts'
          ? solver.solve({ assumptions, budget: { conflicts: 50 } })
          : reason === 'time'
            ? solver.solve({ assumptions, budget: { timeMs: 20 } })
            : await solver.solveAsync({ assumptions, signal: AbortSignal.timeout(20) });
      expect(reasonOf(interrupted)).toBe(`unknown/${reason}`);
      expect(querySide(solver, side, combined, createRng(reason))).toEqual([]);
    },
  );

  it('keeps answering correctly through restarts and clause-database reductions', () => {
    const { side, combined } = withSide(`long-${mode}`);
    const solver = loaded(combined, mode);
    const rng = createRng(`long-${mode}`);
    for (let round = 0; round < 4; round++) {
      const run = solver.solve({ assumptions: [-GUARD], budget: { conflicts: 1500 } });
      expect(reasonOf(run)).toBe('unknown/conflicts');
      expect(querySide(solver, side, combined, rng)).toEqual([]);
    }
    // Make sure the machinery under test actually ran.
    if (mode === 'cdcl') {
      expect(solver.stats.restarts).toBeGreaterThan(0);
      expect(solver.stats.deleted).toBeGreaterThan(0);
    }
  });
});

/**
 * A satisfiable messy `side` formula (so that side questions have both answers), and
 * `combined`: GUARDED plus `side` moved onto the variables after GUARD.
 */
function withSide(seed: string): { side: Cnf; combined: Cnf } {
  for (let i = 0; ; i++) {
    const side = randomMessyCnf(createRng(`${seed}-${i}`), 10);
    if (!isSatisfiable(side)) continue;
    const clauses = [...GUARDED.clauses, ...side.clauses.map((c) => c.map(shift))];
    return { side, combined: { numVars: GUARD + side.numVars, clauses } };
  }
}

/** Moves a side-formula literal past GUARD, onto the combined formula's variables. */
const shift = (lit: number): number => (lit > 0 ? lit + GUARD : lit - GUARD);
const unshift = (lit: number): number => (lit > 0 ? lit - GUARD : lit + GUARD);

/**
 * Asks `solver` (loaded with `combined` = GUARDED + `side` shifted past GUARD) 40 questions
 * under GUARD plus random side assumptions. GUARD satisfies the pigeonhole part, so each
 * answer must be brute force's answer for `side`. Returns the wrong answers.
 */
function querySide(solver: Solver, side: Cnf, combined: Cnf, rng: Rng): string[] {
  const errors: string[] = [];
  for (let q = 0; q < 40; q++) {
    const local = Array.from({ length: rng.int(4) }, () => randomLiteral(rng, side.numVars));
    const result = solver.solve({ assumptions: [GUARD, ...local.map(shift)] });
    const context = `assuming [${local}] on ${showCnf(side)}`;
    if (result.status !== (isSatisfiable(side, local) ? 'sat' : 'unsat')) {
      errors.push(`${result.status} ${context}`);
    } else if (result.status === 'sat' && firstFalsifiedClause(combined, result.model) !== -1) {
      errors.push(`bad model ${context}`);
    } else if (result.status === 'unsat') {
      const core = result.failedAssumptions.filter((lit) => lit !== GUARD).map(unshift);
      if (!core.every((lit) => local.includes(lit)) || isSatisfiable(side, core)) {
        errors.push(`bad core [${core}] ${context}`);
      }
    }
  }
  return errors;
}

/**
 * Every counter a whole number ≥ 0, `ms` a finite number ≥ 0, and the phases (of a whole-formula
 * solve) each ≥ 0 and adding up to `ms`.
 */
function expectWellFormed(stats: SolverStats): void {
  const { ms, phases, ...counters } = stats;
  for (const [name, value] of Object.entries(counters)) {
    expect(Number.isInteger(value) && value >= 0, `${name} = ${value}`).toBe(true);
  }
  expect(Number.isFinite(ms) && ms >= 0, `ms = ${ms}`).toBe(true);
  if (phases === undefined) return;
  for (const [name, value] of Object.entries(phases)) expect(value, name).toBeGreaterThanOrEqual(0);
  const sum = phases.xorMs + phases.eliminateMs + phases.loadMs + phases.searchMs;
  expect(sum).toBeCloseTo(ms, 6);
}

describe('statistics', () => {
  it('counts the work of a CDCL refutation', () => {
    const result = solveCnf(pigeonhole(6, 5), { mode: 'cdcl' });
    expect(result.status).toBe('unsat');
    expectWellFormed(result.stats);
    expect(Object.keys(result.stats.phases ?? {})).toEqual([
      'xorMs',
      'eliminateMs',
      'loadMs',
      'searchMs',
    ]);
    expect(result.stats.decisions).toBeGreaterThan(0);
    expect(result.stats.propagations).toBeGreaterThan(0);
    expect(result.stats.conflicts).toBeGreaterThan(0);
    expect(result.stats.learned).toBeGreaterThan(0);
  });

  it('accumulates over the calls of one solver, and only that solver', () => {
    const other = loaded(pigeonhole(6, 5), 'cdcl');
    other.solve();
    const otherBefore = other.stats;
    const solver = loaded(GUARDED, 'cdcl');
    solver.solve({ assumptions: [-GUARD], budget: { conflicts: 20 } });
    const firstCall = solver.stats;
    solver.solve({ assumptions: [-GUARD], budget: { conflicts: 20 } });
    expectWellFormed(solver.stats);
    expect(solver.stats.conflicts).toBeGreaterThanOrEqual(firstCall.conflicts + 20);
    expect(solver.stats.decisions).toBeGreaterThan(firstCall.decisions);
    expect(solver.stats.propagations).toBeGreaterThan(firstCall.propagations);
    expect(solver.stats.ms).toBeGreaterThanOrEqual(firstCall.ms);
    expect(other.stats).toEqual(otherBefore);
  });

  it('reports progress that never goes back, across the probe of a small formula', async () => {
    // Pigeonhole 8 → 7 outlasts the probe's thousand conflicts, so a second search follows.
    const seen: SolverStats[] = [];
    const result = await solveCnfAsync(pigeonhole(8, 7), {
      sliceMs: 1,
      onProgress: (stats) => seen.push(stats),
    });
    expect(result.status).toBe('unsat');
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.conflicts).toBeGreaterThanOrEqual(seen[i - 1]!.conflicts);
      expect(seen[i]!.ms).toBeGreaterThanOrEqual(seen[i - 1]!.ms);
    }
    expect(result.stats.conflicts).toBeGreaterThanOrEqual(seen.at(-1)!.conflicts);
  });

  it('learns nothing and never restarts in plain DPLL', () => {
    const result = solveCnf(pigeonhole(6, 5), { mode: 'dpll' });
    expect(result.status).toBe('unsat');
    expectWellFormed(result.stats);
    expect(result.stats.decisions).toBeGreaterThan(0);
    expect(result.stats.conflicts).toBeGreaterThan(0);
    expect(result.stats.learned).toBe(0);
    expect(result.stats.restarts).toBe(0);
    expect(result.stats.deleted).toBe(0);
  });
});

describe('tiny budgets', () => {
  it('cdcl re-solved under a 2-conflict budget converges to the right answers', () => {
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const formula = randomMessyCnf(createRng(`budget-${i}`), 14);
      const solver = loaded(formula, 'cdcl');
      let result = solver.solve({ budget: { conflicts: 2 } });
      for (let call = 1; result.status === 'unknown' && call < 5000; call++) {
        result = solver.solve({ budget: { conflicts: 2 } });
      }
      const want = isSatisfiable(formula) ? 'sat' : 'unsat';
      const wrong = result.status !== want;
      const badModel =
        result.status === 'sat' && firstFalsifiedClause(formula, result.model) !== -1;
      if (wrong || badModel) failures.push(`${result.status} for ${showCnf(formula)}`);
    }
    expect(failures.slice(0, 3), `${failures.length} wrong answers`).toEqual([]);
  });
});
