/**
 * The search loop in the kernel (kernel/search.ts `run`) is the same search as JavaScript's
 * loop (search.ts), which still carries XORs and plain DPLL: decision for decision, conflict
 * for conflict, the same proof and the same assumptions found responsible — and it keeps the
 * limits JavaScript's loop keeps.
 */
import { describe, expect, it } from 'vitest';
import type { Cnf } from '../cnf/formula.ts';
import { randomKSat } from '../cnf/generators.ts';
import { createRng } from '../rng.ts';
import { MemoryProof } from './proof.ts';
import { Solver } from './solver.ts';
import type { SolverCore } from './solver-core.ts';
import type { SolveOptions, SolveResult, SolverOptions } from './types.ts';

type Loop = 'kernel' | 'javascript';

function loaded(formula: Cnf, loop: Loop, options: SolverOptions = {}): Solver {
  const solver = new Solver(formula.numVars, options);
  (solver as unknown as { core: SolverCore }).core.kernelLoop = loop === 'kernel';
  solver.addClauses(formula.clauses);
  return solver;
}

/** The answer, the counters (not the time), the model or the failed assumptions. */
function outcome(result: SolveResult): unknown {
  const { ms: _ms, ...counters } = result.stats;
  if (result.status === 'sat') return { sat: counters, model: Array.from(result.model) };
  if (result.status === 'unsat') return { unsat: counters, failed: result.failedAssumptions };
  return { unknown: counters, reason: result.reason };
}

/** Random 3-SAT around the threshold: hundreds to thousands of conflicts, restarts, reductions. */
const SIZES = [
  [100, 430],
  [120, 515],
  [150, 645],
  [175, 750],
  [200, 860],
] as const;

describe("the kernel's search loop", () => {
  it("searches exactly as JavaScript's loop does", () => {
    const rng = createRng('kernel-search');
    let conflicts = 0;
    let reduced = 0;
    let restarted = 0;
    const statuses = new Set<string>();
    for (const [vars, clauses] of SIZES) {
      const formula = randomKSat(rng, vars, clauses, 3);
      const inKernel = loaded(formula, 'kernel').solve();
      expect(outcome(inKernel)).toEqual(outcome(loaded(formula, 'javascript').solve()));
      conflicts += inKernel.stats.conflicts;
      if (inKernel.stats.deleted > 0) reduced++;
      if (inKernel.stats.restarts > 0) restarted++;
      statuses.add(inKernel.status);
    }
    expect(conflicts).toBeGreaterThan(5000);
    expect(reduced).toBeGreaterThan(0);
    expect(restarted).toBeGreaterThan(0);
    expect([...statuses].sort()).toEqual(['sat', 'unsat']);
  });

  it('writes the same DRAT proof, lemma for lemma and deletion for deletion', () => {
    const rng = createRng('kernel-proof');
    let lemmas = 0;
    for (const [vars, clauses] of SIZES.slice(2)) {
      const formula = randomKSat(rng, vars, clauses, 3);
      const proofs = (['kernel', 'javascript'] as const).map((loop) => {
        const proof = new MemoryProof();
        const result = loaded(formula, loop, { proof }).solve();
        return { outcome: outcome(result), text: new TextDecoder().decode(proof.bytes()) };
      });
      expect(proofs[0]).toEqual(proofs[1]);
      lemmas += proofs[0]!.text.split('\n').filter((line) => !line.startsWith('d ')).length;
      expect(proofs[0]!.text).toMatch(/^d /m);
    }
    expect(lemmas).toBeGreaterThan(2000);
  });

  it('places assumptions as JavaScript does: same answers, same failed assumptions', () => {
    const rng = createRng('kernel-assume');
    const formula = randomKSat(rng, 150, 600, 3);
    const solvers = {
      kernel: loaded(formula, 'kernel'),
      javascript: loaded(formula, 'javascript'),
    };
    const kinds = new Set<string>();
    for (let call = 0; call < 40; call++) {
      // 3–12 random literals, a variable sometimes twice (true twice, or contradictory).
      const assumptions = Array.from({ length: 3 + rng.int(10) }, () => {
        const v = 1 + rng.int(formula.numVars);
        return rng.int(2) === 0 ? v : -v;
      });
      const [inKernel, inJavaScript] = (['kernel', 'javascript'] as const).map((loop) =>
        solvers[loop].solve({ assumptions }),
      );
      expect(outcome(inKernel!)).toEqual(outcome(inJavaScript!));
      kinds.add(
        inKernel!.status === 'unsat' && inKernel!.failedAssumptions.length > 0
          ? 'failed'
          : inKernel!.status,
      );
    }
    expect([...kinds].sort()).toEqual(['failed', 'sat']);
  });

  it('stops at exactly the conflict budget, and goes on from there in the next call', () => {
    const formula = randomKSat(createRng('kernel-budget'), 200, 860, 3);
    const whole = loaded(formula, 'kernel').solve();
    expect(whole.stats.conflicts).toBeGreaterThan(600);
    const sliced = loaded(formula, 'kernel');
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
    const whole = loaded(formula, 'kernel').solve();
    const progress: number[] = [];
    const options: SolveOptions & { sliceMs: number } = {
      sliceMs: 1,
      onProgress: (stats) => progress.push(stats.conflicts),
    };
    const sliced = await loaded(formula, 'kernel').solveAsync(options);
    expect(outcome(sliced)).toEqual(outcome(whole));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
