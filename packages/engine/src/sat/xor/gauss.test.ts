/**
 * Gauss–Jordan elimination through `Solver.addXor`: systems of XORs alone and with clauses
 * must get the right verdict (against brute force), models satisfying every XOR, refutation
 * at level 0 when the XORs add up to 0 = 1, and propagation strong enough that a consistent
 * XOR system needs no conflict at all.
 */
import { describe, expect, it } from 'vitest';
import type { Cnf } from '../../cnf/formula.ts';
import { randomKSat } from '../../cnf/generators.ts';
import { createRng, type Rng } from '../../rng.ts';
import { Solver } from '../solver.ts';
import { isSatisfiable } from '../testing/brute-force.ts';
import { xorClauses } from './generators.ts';
import { Gf2Rows, reduceRows } from './rows.ts';

interface System {
  readonly numVars: number;
  readonly xors: { vars: number[]; odd: boolean }[];
}

function randomSystem(rng: Rng, numVars: number, count: number, maxLength: number): System {
  const xors = Array.from({ length: count }, () => {
    const length = 1 + rng.int(Math.min(maxLength, numVars));
    const vars = new Set<number>();
    while (vars.size < length) vars.add(1 + rng.int(numVars));
    return { vars: [...vars], odd: rng.int(2) === 1 };
  });
  return { numVars, xors };
}

/** The system as clauses, for the brute-force oracle. */
function asCnf(system: System, extra: readonly Int32Array[] = []): Cnf {
  const clauses = system.xors.flatMap((x) => xorClauses(x.vars, x.odd));
  return { numVars: system.numVars, clauses: [...clauses, ...extra] };
}

function satisfies(model: Uint8Array, system: System): boolean {
  return system.xors.every(
    (x) => x.vars.reduce((sum, v) => sum ^ model[v]!, 0) === (x.odd ? 1 : 0),
  );
}

describe('reduceRows', () => {
  it('brings rows into reduced echelon form and finds 0 = 1', () => {
    const rows = new Gf2Rows(3, 3);
    // x0 ⊕ x1 = 1, x1 ⊕ x2 = 0, x0 ⊕ x2 = 1: consistent, the third row depends on the others.
    for (const [r, c] of [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 2],
      [2, 0],
      [2, 2],
    ] as const)
      rows.flip(r, c);
    rows.rhs.set([1, 0, 1]);
    const echelon = reduceRows(rows);
    expect(echelon.consistent).toBe(true);
    expect(echelon.rows).toEqual([0, 1]);
    for (const [i, r] of echelon.rows.entries()) {
      const pivot = echelon.pivots[i]!;
      expect(echelon.rows.filter((o) => rows.has(o, pivot))).toEqual([r]);
    }
    rows.rhs[2] = 0;
    const broken = new Gf2Rows(3, 3);
    broken.bits.set([0b011, 0b110, 0b101]);
    broken.rhs.set([1, 0, 0]);
    expect(reduceRows(broken).consistent).toBe(false);
  });
});

describe('Solver.addXor', () => {
  it('agrees with brute force on hundreds of random XOR systems, with and without clauses', () => {
    for (let i = 0; i < 400; i++) {
      const rng = createRng(`gauss-${i}`);
      const numVars = 2 + rng.int(12);
      const system = randomSystem(rng, numVars, 1 + rng.int(numVars + 2), 6);
      const clauses =
        i % 2 === 0
          ? []
          : randomKSat(rng, numVars, rng.int(3 * numVars), Math.min(3, numVars)).clauses;
      const solver = new Solver(numVars);
      for (const c of clauses) solver.addClause(c);
      for (const x of system.xors) solver.addXor(x.vars, x.odd);
      const result = solver.solve();
      const expected = isSatisfiable(asCnf(system, clauses));
      expect(result.status, `#${i}`).toBe(expected ? 'sat' : 'unsat');
      if (result.status === 'sat') expect(satisfies(result.model, system), `#${i}`).toBe(true);
    }
  });

  it('refutes XORs that add up to 0 = 1 without search', () => {
    const solver = new Solver(40);
    for (let i = 1; i < 40; i++) solver.addXor([i, i + 1], false);
    solver.addXor([1, 40], true);
    const result = solver.solve();
    expect(result.status).toBe('unsat');
    expect(result.stats.conflicts + result.stats.decisions).toBe(0);
  });

  it('solves a consistent random XOR system by propagation alone', () => {
    const rng = createRng('gauss-propagation');
    const planted = Array.from({ length: 201 }, () => rng.int(2));
    const solver = new Solver(200);
    const system = randomSystem(rng, 200, 150, 5);
    for (const x of system.xors) {
      const odd = x.vars.reduce((sum, v) => sum ^ planted[v]!, 0) === 1;
      x.odd = odd;
      solver.addXor(x.vars, odd);
    }
    const result = solver.solve();
    expect(result.status).toBe('sat');
    expect(result.stats.conflicts).toBe(0);
    if (result.status === 'sat') expect(satisfies(result.model, system)).toBe(true);
  });

  it('answers under assumptions and keeps XORs across calls', () => {
    const solver = new Solver(3);
    solver.addXor([1, 2, 3], true);
    expect(solver.solve({ assumptions: [1, 2] }).status).toBe('sat');
    const refuted = solver.solve({ assumptions: [1, 2, -3] });
    expect(refuted.status).toBe('unsat');
    if (refuted.status === 'unsat') expect(refuted.failedAssumptions.length).toBeGreaterThan(0);
    solver.addXor([1, 2], false);
    solver.addXor([3], false);
    expect(solver.solve().status).toBe('unsat');
  });

  it('keeps working when variables are added after a solve with a matrix', () => {
    const solver = new Solver(4);
    solver.addXor([1, 2, 3], true);
    solver.addXor([2, 3, 4], false);
    expect(solver.solve().status).toBe('sat');
    const added = solver.newVar();
    solver.addClause([added, 1]);
    solver.addClause([-added, -4]);
    // ¬x1 makes x5 true and so x4 false; then x2 ⊕ x3 must be both 1 and 0.
    expect(solver.solve({ assumptions: [-1] }).status).toBe('unsat');
    const result = solver.solve();
    expect(result.status).toBe('sat');
    if (result.status === 'sat') {
      expect(result.model[1]).toBe(1);
      expect(result.model[4]).toBe(0);
    }
  });

  it('rejects a negative or out-of-range XOR variable', () => {
    const solver = new Solver(2);
    expect(() => solver.addXor([1, -2], true)).toThrow(RangeError);
    expect(() => solver.addXor([3], true)).toThrow(RangeError);
  });
});
