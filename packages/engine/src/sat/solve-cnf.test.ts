import { describe, expect, it } from 'vitest';
import { randomKSat } from '../cnf/generators.ts';
import { createRng } from '../rng.ts';
import { solveCnf } from './solve-cnf.ts';

describe('solveCnf after a short search that did not decide', () => {
  it('goes on with the same solver when elimination would remove little (random 3-SAT)', () => {
    // Unsatisfiable random 3-SAT beyond the short search's thousand conflicts: elimination
    // removes a few of its 150 variables, not worth searching afresh (and paying the thousand
    // conflicts again) — the search is the one without elimination, conflict for conflict.
    const formula = randomKSat(createRng('go-on'), 150, 690, 3);
    const plain = solveCnf(formula, { eliminate: false });
    const piped = solveCnf(formula);
    expect(plain.status).toBe('unsat');
    expect(plain.stats.conflicts).toBeGreaterThan(1000);
    expect(piped.status).toBe('unsat');
    expect(piped.stats.conflicts).toBe(plain.stats.conflicts);
    expect(piped.stats.eliminated).toBe(0);
  });
});
