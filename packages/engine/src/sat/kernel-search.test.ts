/**
 * The search loop in the kernel (kernel/search.ts `run`) is the same search as JavaScript's
 * loop (search.ts), which still carries proofs, XORs and assumptions: decision for decision,
 * conflict for conflict — and it keeps the limits JavaScript's loop keeps.
 */
import { describe, expect, it } from 'vitest';
import type { Cnf } from '../cnf/formula.ts';
import { randomKSat } from '../cnf/generators.ts';
import { createRng } from '../rng.ts';
import { MemoryProof } from './proof.ts';
import { Solver } from './solver.ts';
import type { SolveOptions, SolveResult, SolverOptions } from './types.ts';

function loaded(formula: Cnf, options: SolverOptions = {}): Solver {
  const solver = new Solver(formula.numVars, options);
  solver.addClauses(formula.clauses);
  return solver;
}

/** The counters of a search, without its time. */
function counters(result: SolveResult): Record<string, number> {
  const { ms: _ms, ...rest } = result.stats;
  return rest;
}

/** The answer and counters, and the model of a sat answer. */
function outcome(result: SolveResult): unknown {
  const model = result.status === 'sat' ? Array.from(result.model) : undefined;
  return { status: result.status, counters: counters(result), model };
}

describe("the kernel's search loop", () => {
  it("searches exactly as JavaScript's loop does (which a proof-writing solve runs)", () => {
    // Random 3-SAT around the threshold: hundreds to thousands of conflicts, restarts and
    // learned-clause reductions (the first after 2,000 conflicts) on both sides.
    const rng = createRng('kernel-search');
    let conflicts = 0;
    let reductions = 0;
    const statuses = new Set<string>();
    for (const [vars, clauses] of [
      [100, 430],
      [120, 515],
      [150, 645],
      [175, 750],
      [200, 860],
    ] as const) {
      const formula = randomKSat(rng, vars, clauses, 3);
      const inKernel = loaded(formula).solve();
      const inJavaScript = loaded(formula, { proof: new MemoryProof() }).solve();
      expect(outcome(inKernel)).toEqual(outcome(inJavaScript));
      conflicts += inKernel.stats.conflicts;
      if (inKernel.stats.deleted > 0) reductions++;
      statuses.add(inKernel.status);
    }
    expect(conflicts).toBeGreaterThan(5000);
    expect(reductions).toBeGreaterThan(0);
    expect([...statuses].sort()).toEqual(['sat', 'unsat']);
  });

  it('stops at exactly the conflict budget, and goes on from there in the next call', () => {
    const formula = randomKSat(createRng('kernel-budget'), 200, 860, 3);
    const whole = loaded(formula).solve();
    expect(whole.stats.conflicts).toBeGreaterThan(600);
    const sliced = loaded(formula);
    let result: SolveResult;
    let calls = 0;
    do {
      const before = sliced.stats.conflicts;
      result = sliced.solve({ budget: { conflicts: 250 } });
      calls++;
      if (result.status === 'unknown') {
        expect(result.reason).toBe('conflicts');
        expect(result.stats.conflicts - before).toBe(250);
      }
    } while (result.status === 'unknown');
    expect(calls).toBeGreaterThan(2);
    expect(result.status).toBe(whole.status);
  });

  it('yields between slices under solveAsync and answers as solve does', async () => {
    const formula = randomKSat(createRng('kernel-slices'), 200, 860, 3);
    const whole = loaded(formula).solve();
    const progress: number[] = [];
    const options: SolveOptions & { sliceMs: number } = {
      sliceMs: 1,
      onProgress: (stats) => progress.push(stats.conflicts),
    };
    const sliced = await loaded(formula).solveAsync(options);
    expect(outcome(sliced)).toEqual(outcome(whole));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
