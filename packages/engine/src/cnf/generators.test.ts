import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { countModels, isSatisfiable } from '../sat/testing/brute-force.ts';
import { firstFalsifiedClause, type Cnf } from './formula.ts';
import { pigeonhole, plantedKSat, randomKSat } from './generators.ts';

/** Asserts `numClauses` clauses of k distinct in-range variables each. */
function expectShape(formula: Cnf, numVars: number, numClauses: number, k: number): void {
  expect(formula.numVars).toBe(numVars);
  expect(formula.clauses).toHaveLength(numClauses);
  for (const clause of formula.clauses) {
    expect(clause).toHaveLength(k);
    const vars = [...clause].map(Math.abs);
    expect(new Set(vars).size).toBe(k);
    for (const v of vars) expect(v >= 1 && v <= numVars).toBe(true);
  }
}

const asArrays = (formula: Cnf): number[][] => formula.clauses.map((c) => [...c]);

describe('randomKSat', () => {
  it('draws clauses of k distinct variables', () => {
    expectShape(randomKSat(createRng(1), 10, 50, 3), 10, 50, 3);
    expectShape(randomKSat(createRng(2), 4, 30, 4), 4, 30, 4);
    expectShape(randomKSat(createRng(3), 1, 5, 1), 1, 5, 1);
    expectShape(randomKSat(createRng(4), 7, 0, 2), 7, 0, 2);
  });

  it('is reproducible from the seed and varies with it', () => {
    const a = asArrays(randomKSat(createRng('s'), 20, 40, 3));
    expect(asArrays(randomKSat(createRng('s'), 20, 40, 3))).toEqual(a);
    expect(asArrays(randomKSat(createRng('t'), 20, 40, 3))).not.toEqual(a);
  });

  it('spreads variables and signs evenly', () => {
    const formula = randomKSat(createRng('uniform'), 10, 10_000, 3);
    const perVar = new Array<number>(11).fill(0);
    let positive = 0;
    for (const clause of formula.clauses) {
      for (const lit of clause) {
        perVar[Math.abs(lit)]!++;
        if (lit > 0) positive++;
      }
    }
    // Each variable is expected 3,000 times (σ ≈ 46); each sign 15,000 times (σ ≈ 87).
    for (let v = 1; v <= 10; v++) expect(Math.abs(perVar[v]! - 3000)).toBeLessThan(300);
    expect(Math.abs(positive - 15_000)).toBeLessThan(500);
  });

  it('rejects impossible shapes', () => {
    const rng = createRng(0);
    expect(() => randomKSat(rng, 3, 5, 4)).toThrow(RangeError);
    expect(() => randomKSat(rng, 3, 5, 0)).toThrow(RangeError);
    expect(() => randomKSat(rng, -1, 5, 1)).toThrow(RangeError);
    expect(() => randomKSat(rng, 3, 2.5, 2)).toThrow(RangeError);
  });
});

describe('pigeonhole', () => {
  it('numbers variable (p, h) as p * holes + h + 1', () => {
    expect(asArrays(pigeonhole(3, 2))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [-1, -3],
      [-1, -5],
      [-3, -5],
      [-2, -4],
      [-2, -6],
      [-4, -6],
    ]);
    expect(pigeonhole(3, 2).numVars).toBe(6);
  });

  it('has one clause per pigeon and one per pair of pigeons per hole', () => {
    const formula = pigeonhole(10, 9);
    expect(formula.numVars).toBe(90);
    expect(formula.clauses).toHaveLength(10 + 9 * 45);
  });

  it('is UNSAT with more pigeons than holes and has n! models when they are equal', () => {
    for (let n = 1; n <= 3; n++) expect(isSatisfiable(pigeonhole(n + 1, n)), `n=${n}`).toBe(false);
    expect(isSatisfiable(pigeonhole(1, 0))).toBe(false);
    const factorial = [1, 1, 2, 6, 24];
    for (let n = 1; n <= 4; n++) expect(countModels(pigeonhole(n, n))).toBe(factorial[n]);
    expect(isSatisfiable(pigeonhole(2, 5))).toBe(true);
  });
});

describe('plantedKSat', () => {
  it('is satisfied by its planted assignment, even far beyond the threshold', () => {
    for (const ratio of [2, 4.26, 10]) {
      const { cnf, planted } = plantedKSat(createRng(`p${ratio}`), 50, Math.round(50 * ratio), 3);
      expectShape(cnf, 50, Math.round(50 * ratio), 3);
      expect(planted).toHaveLength(51);
      expect(planted.every((bit) => bit === 0 || bit === 1)).toBe(true);
      expect(firstFalsifiedClause(cnf, planted)).toBe(-1);
    }
  });

  it('is SAT by brute force on small instances, dense enough that most formulas would not be', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { cnf } = plantedKSat(createRng(`small-${seed}`), 12, 120, 3);
      expect(isSatisfiable(cnf), `seed ${seed}`).toBe(true);
    }
    const unplanted = Array.from({ length: 20 }, (_, s) => randomKSat(createRng(s), 12, 120, 3));
    expect(unplanted.filter((f) => isSatisfiable(f)).length).toBeLessThan(5);
  });

  it('does not simply copy the planted signs and is reproducible', () => {
    const { cnf, planted } = plantedKSat(createRng('signs'), 30, 300, 3);
    const literals = cnf.clauses.flatMap((c) => [...c]);
    const agreeing = literals.filter((lit) => (planted[Math.abs(lit)] === 1) === lit > 0).length;
    // Uniform over the 7 of 8 sign patterns the planted assignment satisfies: 4/7 agree.
    expect(agreeing / literals.length).toBeGreaterThan(0.5);
    expect(agreeing / literals.length).toBeLessThan(0.65);
    const again = plantedKSat(createRng('signs'), 30, 300, 3);
    expect(asArrays(again.cnf)).toEqual(asArrays(cnf));
    expect([...again.planted]).toEqual([...planted]);
  });
});
