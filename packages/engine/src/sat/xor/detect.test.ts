/**
 * XOR detection must find every XOR encoded as clauses (plain, with shorter clauses standing
 * for several, split into chains) and nothing that is not one; merging must remove exactly
 * the auxiliary chain variables.
 */
import { describe, expect, it } from 'vitest';
import { cnf, type Cnf } from '../../cnf/formula.ts';
import { randomKSat } from '../../cnf/generators.ts';
import { createRng } from '../../rng.ts';
import { detectXors } from './detect.ts';
import { quadraticXor } from './anf.ts';
import { chainedXorClauses, gatedXorClauses, xorClauses } from './generators.ts';
import { mergeAuxVariables } from './merge.ts';
import type { Xor } from './xor.ts';

/** The XORs as `"1 2 3=1"` strings over DIMACS variables, sorted. */
function shown(xors: readonly Xor[]): string[] {
  return xors.map((x) => `${Array.from(x.vars, (v) => v + 1).join(' ')}=${x.rhs}`).sort();
}

function found(formula: Cnf): string[] {
  return shown(detectXors(formula).xors);
}

describe('detectXors', () => {
  it('finds plain XOR encodings of 2 to 8 variables with their parity', () => {
    for (let k = 2; k <= 8; k++) {
      const vars = Array.from({ length: k }, (_, i) => 2 * i + 1);
      for (const odd of [false, true]) {
        const formula = { numVars: 2 * k, clauses: xorClauses(vars, odd) };
        expect(found(formula), `k=${k} odd=${odd}`).toEqual([`${vars.join(' ')}=${odd ? 1 : 0}`]);
      }
    }
  });

  it('finds XORs among unrelated clauses, in any clause and literal order', () => {
    const rng = createRng('detect-mixed');
    const noise = randomKSat(rng, 30, 60, 3).clauses;
    const xors = [xorClauses([3, 7, 11], true), xorClauses([2, 5, 8, 20], false)].flat();
    const clauses = [...noise, ...xors.map((c) => c.slice().reverse())].reverse();
    expect(found({ numVars: 30, clauses })).toEqual(['2 5 8 20=0', '3 7 11=1']);
  });

  it('finds an XOR whose clauses are partly replaced by a shorter clause (camouflage)', () => {
    // x1 ⊕ x2 ⊕ x3 = 1 rules out 000, 011, 101, 110; ¬x1 ∨ ¬x2 rules out 110 (and 111).
    const formula = cnf(3, [
      [1, 2, 3],
      [1, -2, -3],
      [-1, 2, -3],
      [-1, -2],
    ]);
    expect(found(formula)).toEqual(['1 2 3=1']);
  });

  it('finds nothing in clause sets that are not XORs', () => {
    const rng = createRng('detect-none');
    expect(found(randomKSat(rng, 50, 210, 3))).toEqual([]);
    // One clause of x1 ⊕ x2 ⊕ x3 = 1 missing.
    expect(found({ numVars: 3, clauses: xorClauses([1, 2, 3], true).slice(1) })).toEqual([]);
    // Eight clauses over four variables but of mixed parity (a camouflaged mod2 constraint).
    const mixed = cnf(4, [
      [1, -4, 3, 2],
      [-1, 4, -3, 2],
      [4, 3, 1, -2],
      [-1, 2, -3, 4],
      [-3, -4, 1, -2],
      [-1, -4, 3, -2],
      [2, -3, -1, -4],
      [1, 4, 3, 2],
    ]);
    expect(found(mixed)).toEqual([]);
    // Duplicate literals and tautologies are no XOR clauses.
    expect(
      found(
        cnf(2, [
          [1, 1, 2],
          [-1, -2, 2],
          [1, 2],
          [-1, 1],
        ]),
      ),
    ).toEqual([]);
  });

  it('marks exactly the clauses that encode the XORs', () => {
    const formula = cnf(4, [...xorClauses([1, 2, 3], false).map((c) => [...c]), [1, 4], [-2, 4]]);
    expect(Array.from(detectXors(formula).encoding)).toEqual([1, 1, 1, 1, 0, 0]);
  });
});

describe('XORs camouflaged behind AND gates', () => {
  it('reads an XOR of AND gates off the algebraic normal form of the forbidden set', () => {
    // Forbidden where (x0 ∧ ¬x1) ⊕ x2 ⊕ x3 = 0, i.e. allowed where it is 1.
    const forbidden = Uint8Array.from({ length: 16 }, (_, a) => {
      const bit = (i: number): number => (a >> i) & 1;
      return ((bit(0) & (bit(1) ^ 1)) ^ bit(2) ^ bit(3)) === 0 ? 1 : 0;
    });
    expect(quadraticXor(forbidden, 4)).toEqual({
      gates: [[0, false, 1, true]],
      singles: [2, 3],
      rhs: 1,
    });
    // x0 ∧ x1 ∧ x2 has degree three; x0x1 ⊕ x1x2 shares x1.
    const cubic = Uint8Array.from({ length: 8 }, (_, a) => (a === 7 ? 1 : 0));
    expect(quadraticXor(cubic, 3)).toBeNull();
    const shared = Uint8Array.from(
      { length: 8 },
      (_, a) => (a & 1 & (a >> 1)) ^ ((a >> 1) & (a >> 2) & 1),
    );
    expect(quadraticXor(shared, 3)).toBeNull();
  });

  it('finds them with one gate variable per pair of literals, shared between XORs', () => {
    const gate = [-1, 2] as const;
    const clauses = [
      ...gatedXorClauses([gate, 3, 4], true),
      ...gatedXorClauses([[2, -1], 5, 6], false),
    ];
    const detected = detectXors({ numVars: 6, clauses });
    expect(detected.gates).toEqual([[-1, 2]]);
    expect(shown(detected.xors)).toEqual(['3 4 7=1', '5 6 7=0']);
  });

  it('leaves AND gate definitions alone', () => {
    // p ↔ a ∧ b is p ⊕ (a ∧ b) = 0: two terms, no XOR worth a variable.
    expect(
      found(
        cnf(3, [
          [-3, 1],
          [-3, 2],
          [3, -1, -2],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('mergeAuxVariables', () => {
  it('adds the links of a split XOR back into one XOR', () => {
    const chain = chainedXorClauses([1, 2, 3, 4, 5, 6], true, 7);
    const formula = { numVars: chain.nextVar - 1, clauses: chain.clauses };
    const detected = detectXors(formula);
    expect(detected.xors).toHaveLength(4);
    expect(shown(mergeAuxVariables(detected.xors, formula, detected.encoding))).toEqual([
      '1 2 3 4 5 6=1',
    ]);
  });

  it('keeps a link that another clause uses, and XORs that share no link', () => {
    const chain = chainedXorClauses([1, 2, 3, 4], false, 5);
    const clauses = [...chain.clauses, Int32Array.of(5, 1)];
    const formula = { numVars: 5, clauses };
    const detected = detectXors(formula);
    expect(shown(mergeAuxVariables(detected.xors, formula, detected.encoding))).toEqual([
      '1 2 5=0',
      '3 4 5=0',
    ]);
  });

  it('turns XORs that add up to 0 = 1 into one empty XOR of parity 1', () => {
    const formula = {
      numVars: 3,
      clauses: [...xorClauses([1, 2, 3], true), ...xorClauses([1, 2, 3], false)],
    };
    const detected = detectXors(formula);
    expect(detected.xors).toHaveLength(2);
    const merged = mergeAuxVariables(detected.xors, formula, detected.encoding);
    expect(merged).toEqual([{ vars: new Int32Array(0), rhs: 1 }]);
  });
});
