// Random k-SAT goes on after its short first search without XOR detection or elimination
// (random-like.ts): the shape is recognised, and nothing else is taken for it.
import { describe, expect, it } from 'vitest';
import { cnf, firstFalsifiedClause } from '../cnf/formula.ts';
import { pigeonhole, randomKSat } from '../cnf/generators.ts';
import { createRng } from '../rng.ts';
import { uniformRandomLike } from './random-like.ts';
import { solveCnf } from './solve-cnf.ts';

describe('uniformRandomLike', () => {
  it('recognises uniform random 3-SAT near the threshold, and 4-SAT', () => {
    const rng = createRng('random-like');
    expect(uniformRandomLike(randomKSat(rng, 150, 645, 3), 0.1)).toBe(true);
    expect(uniformRandomLike(randomKSat(rng, 200, 860, 3), 0.1)).toBe(true);
    expect(uniformRandomLike(randomKSat(rng, 80, 790, 4), 0.1)).toBe(true);
  });

  it('takes nothing else for it', () => {
    const rng = createRng('random-like-not');
    const random = randomKSat(rng, 150, 645, 3);
    // One binary clause, or one clause of another length: not uniform.
    expect(
      uniformRandomLike({ ...random, clauses: [...random.clauses, Int32Array.of(1, 2)] }, 0.1),
    ).toBe(false);
    expect(
      uniformRandomLike(
        { ...random, clauses: [...random.clauses, Int32Array.of(1, 2, 3, 4)] },
        0.1,
      ),
    ).toBe(false);
    // Under-constrained: many variables in one or two clauses, which elimination removes.
    expect(uniformRandomLike(randomKSat(rng, 150, 250, 3), 0.1)).toBe(false);
    expect(uniformRandomLike(pigeonhole(6, 5), 0.1)).toBe(false);
    expect(uniformRandomLike(cnf(3, []), 0.1)).toBe(false);
  });

  it('lets a hard random formula go on past the first search without the look', () => {
    // Satisfiable, well past the first search's thousand conflicts.
    const formula = randomKSat(createRng('random-like-hard-d'), 190, 817, 3);
    const result = solveCnf(formula);
    expect(result.stats.conflicts).toBeGreaterThan(1_000);
    expect(result.stats.phases?.eliminateMs).toBe(0);
    expect(result.status).toBe('sat');
    if (result.status === 'sat') expect(firstFalsifiedClause(formula, result.model)).toBe(-1);
    // The same answer as with the look forced (XORs looked for first, then elimination).
    expect(solveCnf(formula, { xor: true }).status).toBe(result.status);
  });
});
