/**
 * The safety net of XOR reasoning: on hundreds of seeded random formulas mixing XORs (as
 * clauses, some split into chains with auxiliary variables) with random 3-SAT clauses, the
 * whole-formula solve with XOR reasoning must agree with the solve without it and, when the
 * formula is small, with brute force; every model must satisfy the formula.
 */
import { describe, expect, it } from 'vitest';
import { firstFalsifiedClause } from '../../cnf/formula.ts';
import { createRng } from '../../rng.ts';
import { solveCnf } from '../solve-cnf.ts';
import { BRUTE_FORCE_MAX_VARS, isSatisfiable, showCnf } from '../testing/brute-force.ts';
import { parityCycle, randomTseitin, randomXorMix } from './generators.ts';

describe('solveCnf with XOR reasoning', () => {
  it('agrees with the solve without it and with brute force on random XOR mixes', () => {
    let xorsSeen = 0;
    for (let i = 0; i < 400; i++) {
      const rng = createRng(`xor-mix-${i}`);
      const small = i % 2 === 0;
      const numVars = small ? 4 + rng.int(9) : 20 + rng.int(30);
      const formula = randomXorMix(rng, {
        numVars,
        xors: 1 + rng.int(small ? 6 : numVars),
        maxLength: small ? 5 : 7,
        clauses: rng.int(small ? 3 * numVars : 2 * numVars),
        k: 3,
        gated: i % 3 === 0,
      });
      const on = solveCnf(formula, { xor: true });
      const off = solveCnf(formula, { xor: false });
      const name = `#${i} ${small ? showCnf(formula) : ''}`;
      xorsSeen += on.stats.xors;
      expect(off.stats.xors, name).toBe(0);
      expect(on.status, name).toBe(off.status);
      if (small && formula.numVars <= BRUTE_FORCE_MAX_VARS) {
        expect(on.status, name).toBe(isSatisfiable(formula) ? 'sat' : 'unsat');
      }
      if (on.status === 'sat') {
        expect(firstFalsifiedClause(formula, on.model), name).toBe(-1);
        expect(on.model.length, name).toBe(formula.numVars + 1);
      }
    }
    expect(xorsSeen).toBeGreaterThan(1000);
  });

  it('refutes parity cycles without search, where search without XORs needs conflicts', () => {
    const formula = parityCycle(60);
    const on = solveCnf(formula, { xor: true });
    expect(on.status).toBe('unsat');
    expect(on.stats.xors).toBe(120);
    expect(on.stats.conflicts + on.stats.decisions).toBe(0);
    const off = solveCnf(formula, { xor: false, eliminate: false });
    expect(off.status).toBe('unsat');
    expect(off.stats.conflicts).toBeGreaterThan(0);
  });

  it('by default reasons with XORs a first look sees from the first search on', () => {
    // Tseitin on a random 3-regular graph: beyond a thousand conflicts without Gauss.
    const hard = randomTseitin(createRng('xor-lazy'), 60);
    const off = solveCnf(hard, { xor: false, budget: { conflicts: 1000 } });
    expect(off.status).toBe('unknown');
    const found = solveCnf(hard);
    expect(found.status).toBe('unsat');
    expect(found.stats.xors).toBe(60);
    expect(found.stats.conflicts).toBeLessThan(100);
  });

  it('looks for the XORs a first look cannot see once a short search has not decided', () => {
    // Half the vertices' XORs hidden: one clause of each shortened to two literals (stronger
    // clauses; the XOR is still implied, but its encoding is no longer the direct one).
    const plain = randomTseitin(createRng('xor-lazy'), 60);
    const clauses = plain.clauses.map((c, i) => (i % 8 === 0 ? c.subarray(0, 2) : c));
    const hidden = { numVars: plain.numVars, clauses };
    expect(solveCnf(hidden, { xor: false, budget: { conflicts: 1000 } }).status).toBe('unknown');
    const lazy = solveCnf(hidden);
    expect(lazy.status).toBe('unsat');
    expect(lazy.stats.xors).toBe(60);
    expect(lazy.stats.conflicts).toBeGreaterThanOrEqual(1000);
  });

  it('never looks for XORs when a formula is decided without them', () => {
    const rng = createRng('xor-easy');
    const mix = randomXorMix(rng, { numVars: 30, xors: 1, maxLength: 3, clauses: 60, k: 3 });
    const easy = solveCnf(mix);
    expect(easy.stats.conflicts).toBeLessThan(1000);
    expect(easy.stats.xors).toBe(0);
  });

  it('leaves formulas without XORs alone and stays off in plain DPLL', () => {
    const rng = createRng('xor-none');
    const mix = randomXorMix(rng, { numVars: 30, xors: 0, maxLength: 3, clauses: 100, k: 3 });
    expect(solveCnf(mix, { xor: true }).stats.xors).toBe(0);
    expect(solveCnf(parityCycle(4), { mode: 'dpll', xor: true }).stats.xors).toBe(0);
  });
});
