/**
 * The exactly-one DPLL behind the sudoku solver: verdicts, models and model counts agree with
 * brute force on thousands of small seeded instances; known counts (Latin squares); budgets,
 * the abort signal and bad input.
 */
import { describe, expect, it } from 'vitest';
import { createRng, shuffle, type Rng } from '../rng.ts';
import { ExactlyOneSolver, type ExactlyOneOptions, type ExactlyOneResult } from './exactly-one.ts';

interface Instance {
  readonly numVars: number;
  readonly groups: readonly (readonly number[])[];
}

/** Up to 10 variables and 6 groups of distinct variables; now and then an empty group. */
function randomInstance(rng: Rng): Instance {
  const numVars = 1 + rng.int(10);
  const vars = Array.from({ length: numVars }, (_, i) => i + 1);
  const groups = Array.from({ length: rng.int(7) }, () => {
    const size = rng.int(40) === 0 ? 0 : 1 + rng.int(Math.min(numVars, 5));
    return shuffle(vars, rng).slice(0, size);
  });
  return { numVars, groups };
}

/** 0..3 literals, possibly repeated or contradictory. */
function randomAssumptions(rng: Rng, numVars: number): number[] {
  return Array.from({ length: rng.int(4) }, () => (1 + rng.int(numVars)) * (rng.int(2) ? 1 : -1));
}

/** Whether assignment word `a` (bit v−1 is variable v) satisfies the groups and assumptions. */
function holds(instance: Instance, assumptions: readonly number[], a: number): boolean {
  const bit = (v: number): number => (a >>> (v - 1)) & 1;
  for (const lit of assumptions) if (bit(Math.abs(lit)) !== (lit > 0 ? 1 : 0)) return false;
  return instance.groups.every((g) => g.reduce((n, v) => n + bit(v), 0) === 1);
}

/**
 * The number of models by exhaustive search, counted as the solver counts them: variables in
 * no group are never branched on, so models differing only there are one.
 */
function bruteForceCount(instance: Instance, assumptions: readonly number[]): number {
  let grouped = 0;
  for (const g of instance.groups) for (const v of g) grouped |= 1 << (v - 1);
  const projections = new Set<number>();
  for (let a = 0; a < 2 ** instance.numVars; a++)
    if (holds(instance, assumptions, a)) projections.add(a & grouped);
  return projections.size;
}

/** Why a model is wrong, or null: it must cover 1..numVars and satisfy every group and assumption. */
function modelError(
  instance: Instance,
  assumptions: readonly number[],
  model: Uint8Array,
): string | null {
  if (model.length !== instance.numVars + 1) return `model length ${model.length}`;
  let a = 0;
  for (let v = 1; v <= instance.numVars; v++) {
    if (model[v] !== 0 && model[v] !== 1) return `model[${v}] = ${model[v]}`;
    a |= model[v]! << (v - 1);
  }
  return holds(instance, assumptions, a) ? null : 'model breaks a group or an assumption';
}

/** Every disagreement with brute force on one instance, under several assumption sets. */
function crossCheck(instance: Instance, rng: Rng): string[] {
  const solver = new ExactlyOneSolver(instance.numVars, instance.groups);
  const errors: string[] = [];
  for (let round = 0; round < 3; round++) {
    const assumptions = randomAssumptions(rng, instance.numVars);
    const expected = bruteForceCount(instance, assumptions);
    const one = solver.solve({ assumptions, rng: round === 1 ? rng : undefined });
    const all = solver.solve({ assumptions, limit: 2 ** instance.numVars + 1 });
    const where = `${JSON.stringify(instance.groups)} assuming ${JSON.stringify(assumptions)}`;
    if (one.status !== 'done' || all.status !== 'done') {
      errors.push(`unknown without a budget for ${where}`);
      continue;
    }
    if (one.count !== Math.min(expected, 1))
      errors.push(`found ${one.count} of ${expected} for ${where}`);
    if (all.count !== expected)
      errors.push(`counted ${all.count}, expected ${expected} for ${where}`);
    for (const model of [one.model, all.model]) {
      const error = model ? modelError(instance, assumptions, model) : null;
      if (error !== null) errors.push(`${error} for ${where}`);
    }
    if ((one.model === undefined) !== (expected === 0))
      errors.push(`model presence wrong for ${where}`);
  }
  return errors;
}

/** Latin squares of order n: each cell one symbol, each symbol once per row and per column. */
function latinSquare(n: number): Instance {
  const v = (r: number, c: number, s: number): number => (r * n + c) * n + s + 1;
  const range = Array.from({ length: n }, (_, i) => i);
  const groups: number[][] = [];
  for (const a of range) {
    for (const b of range) {
      groups.push(range.map((s) => v(a, b, s)));
      groups.push(range.map((c) => v(a, c, b)));
      groups.push(range.map((r) => v(r, a, b)));
    }
  }
  return { numVars: n ** 3, groups };
}

/**
 * n + 1 pigeons each in exactly one of n holes, each hole holding exactly one: unsatisfiable,
 * and refuted only after n! backtracks (n = 10: 1.8 million, seconds).
 */
function pigeons(n: number): ExactlyOneSolver {
  const v = (p: number, h: number): number => p * n + h + 1;
  const groups: number[][] = [];
  for (let p = 0; p <= n; p++) groups.push(Array.from({ length: n }, (_, h) => v(p, h)));
  for (let h = 0; h < n; h++) groups.push(Array.from({ length: n + 1 }, (_, p) => v(p, h)));
  return new ExactlyOneSolver((n + 1) * n, groups);
}

const reason = (r: ExactlyOneResult): string =>
  r.status === 'unknown' ? `unknown/${r.reason}` : r.status;

function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

describe('ExactlyOneSolver', () => {
  it('agrees with brute force on 3000 random instances with assumptions', () => {
    const errors: string[] = [];
    let satisfiable = 0;
    for (let i = 0; i < 3000; i++) {
      const rng = createRng(`exactly-one-${i}`);
      const instance = randomInstance(rng);
      errors.push(...crossCheck(instance, rng));
      if (bruteForceCount(instance, []) > 0) satisfiable++;
    }
    expect(errors.slice(0, 5)).toEqual([]);
    // The corpus must exercise both verdicts.
    expect(satisfiable).toBeGreaterThan(600);
    expect(satisfiable).toBeLessThan(2400);
  });

  it('counts known numbers of models', () => {
    const disjoint = new ExactlyOneSolver(9, [
      [1, 2],
      [3, 4, 5],
      [6, 7, 8, 9],
    ]);
    expect(disjoint.solve({ limit: 100 })).toMatchObject({ status: 'done', count: 24 });
    const latin3 = latinSquare(3);
    expect(new ExactlyOneSolver(latin3.numVars, latin3.groups).solve({ limit: 100 })).toMatchObject(
      { count: 12 },
    );
    const latin4 = latinSquare(4);
    const solver4 = new ExactlyOneSolver(latin4.numVars, latin4.groups);
    expect(solver4.solve({ limit: 1000 })).toMatchObject({ count: 576 });
    // Fixing the first row leaves 576 / 4! reduced squares.
    expect(solver4.solve({ limit: 1000, assumptions: [1, 6, 11, 16] })).toMatchObject({
      count: 24,
    });
    expect(solver4.solve({ limit: 10 })).toMatchObject({ count: 10 });
  });

  it('treats an empty group as unsatisfiable and no groups as one model', () => {
    expect(new ExactlyOneSolver(3, [[1, 2], []]).solve()).toMatchObject({
      status: 'done',
      count: 0,
    });
    const none = new ExactlyOneSolver(2, []).solve({ limit: 10, assumptions: [1, -2] });
    expect(none).toMatchObject({ status: 'done', count: 1 });
    expect(none.status === 'done' && Array.from(none.model!)).toEqual([0, 1, 0]);
  });

  it('rejects variables and assumptions outside 1..numVars', () => {
    expect(() => new ExactlyOneSolver(3, [[1, 4]])).toThrow(
      /variable 4 of group 0 is not in 1\.\.3/,
    );
    expect(() => new ExactlyOneSolver(3, [[1], [0]])).toThrow(/variable 0 of group 1/);
    expect(() => new ExactlyOneSolver(3, [[1.5]])).toThrow(RangeError);
    const solver = new ExactlyOneSolver(3, [[1, 2, 3]]);
    for (const bad of [0, 4, -4, 1.5]) {
      expect(() => solver.solve({ assumptions: [bad] })).toThrow(/is not a literal over 1\.\.3/);
    }
    // Still usable after a rejected call.
    expect(solver.solve({ limit: 5 })).toMatchObject({ status: 'done', count: 3 });
  });

  it('takes groups of up to 31 variables, and says so for a larger one', () => {
    const vars = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
    expect(new ExactlyOneSolver(31, [vars(31)]).solve({ limit: 40 })).toMatchObject({
      status: 'done',
      count: 31,
    });
    expect(() => new ExactlyOneSolver(32, [vars(32)])).toThrow(/group 0 has 32 variables/);
  });

  describe('on a formula too hard for the budget', () => {
    const hard = pigeons(11);

    it('stops exactly at the conflict budget', () => {
      const result = hard.solve({ budget: { conflicts: 100 } });
      expect(reason(result)).toBe('unknown/conflicts');
      expect(result).toMatchObject({ count: 0 });
    });

    it('stops on an aborted signal or when the time is up', () => {
      expect(reason(hard.solve({ signal: abortedSignal() }))).toBe('unknown/aborted');
      const start = performance.now();
      expect(reason(hard.solve({ budget: { timeMs: 20 } }))).toBe('unknown/time');
      expect(performance.now() - start).toBeLessThan(1000);
    });

    it('answers correctly after stopping', () => {
      const options: ExactlyOneOptions = { budget: { conflicts: 10 } };
      expect(reason(hard.solve(options))).toBe('unknown/conflicts');
      // A pigeon assumed into two holes is refuted at the root.
      expect(hard.solve({ assumptions: [1, 2] })).toMatchObject({
        status: 'done',
        count: 0,
        conflicts: 0,
      });
    });
  });
});
