/**
 * The cheap first look decides whether a whole-formula solve looks for XORs before its first
 * search: it must see two or more directly encoded XORs wherever their clauses are, and say no
 * for formulas whose clauses only resemble them (random k-SAT, one XOR, an encoding with a
 * clause missing or two of different parity over the same variables).
 */
import { describe, expect, it } from 'vitest';
import { pigeonhole, randomKSat } from '../../cnf/generators.ts';
import { createRng } from '../../rng.ts';
import type { Cnf } from '../../cnf/formula.ts';
import { directXorClauses } from './first-look.ts';
import { xorClauses, parityCycle, randomTseitin, randomXorMix } from './generators.ts';
import { parseDimacsBytes } from '../../cnf/dimacs-bytes.ts';
import { formatDimacs } from '../../cnf/dimacs-write.ts';
import { recordsOf } from '../../cnf/records.ts';
import { xorGroupsOf } from '../kernel/kernel.ts';
import { MAX_XOR_SIZE } from './detect.ts';

const shuffled = (clauses: Int32Array[], seed: string): Int32Array[] => {
  const rng = createRng(seed);
  const out = clauses.map((c) => c.slice().reverse());
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/** Whether the first look sees at least `atLeast` (default 2) directly encoded XORs. */
const hasDirectXors = (formula: Cnf, atLeast?: number): boolean =>
  directXorClauses(formula, atLeast).length > 0;

const shown = (clauses: readonly Int32Array[]): string[] =>
  clauses
    .map((c) =>
      Array.from(c)
        .sort((a, b) => a - b)
        .join(' '),
    )
    .sort();

describe('directXorClauses', () => {
  it('returns exactly the clauses of the encodings, none of the noise', () => {
    const noise = randomKSat(createRng('look-exact'), 40, 160, 3).clauses;
    const xors = [
      ...xorClauses([1, 2, 3, 4], true),
      ...xorClauses([5, 9, 13], false),
      ...xorClauses([4, 5], true),
    ];
    const clauses = shuffled([...noise, ...xors], 'exact');
    const named = directXorClauses({ numVars: 40, clauses }).map((i) => clauses[i]!);
    expect(shown(named)).toEqual(shown(xors));
  });

  it('sees two XORs of 3 to 8 variables among noise, in any order', () => {
    const noise = randomKSat(createRng('look-noise'), 40, 160, 3).clauses;
    for (let k = 3; k <= 8; k++) {
      const a = Array.from({ length: k }, (_, i) => i + 1);
      const b = Array.from({ length: k }, (_, i) => 2 * i + 10);
      const clauses = shuffled(
        [...noise, ...xorClauses(a, true), ...xorClauses(b, false)],
        `k${k}`,
      );
      expect(hasDirectXors({ numVars: 40, clauses }), `k=${k}`).toBe(true);
    }
  });

  it('sees a parity chain (dubois-like)', () => {
    expect(hasDirectXors(parityCycle(20))).toBe(true);
  });

  it('says no to random 3-SAT, pigeonhole and a single XOR', () => {
    const rng = createRng('look-random');
    for (let i = 0; i < 20; i++) {
      expect(hasDirectXors(randomKSat(rng, 50, 218, 3))).toBe(false);
    }
    expect(hasDirectXors(pigeonhole(9, 8))).toBe(false);
    const one = [...randomKSat(rng, 30, 100, 3).clauses, ...xorClauses([1, 2, 3, 4], true)];
    expect(hasDirectXors({ numVars: 30, clauses: one })).toBe(false);
  });

  it('says no when an encoding misses a clause or mixes parities', () => {
    const a = xorClauses([1, 2, 3, 4], true);
    const b = xorClauses([5, 6, 7, 8], false);
    expect(hasDirectXors({ numVars: 8, clauses: [...a, ...b.slice(1)] })).toBe(false);
    // Half of the even encoding and half of the odd one over the same variables: 8 clauses over
    // one set, but neither parity complete.
    const even = xorClauses([5, 6, 7, 8], false).slice(0, 4);
    const odd = xorClauses([5, 6, 7, 8], true).slice(0, 4);
    expect(hasDirectXors({ numVars: 8, clauses: [...a, ...even, ...odd] })).toBe(false);
  });

  it('says no when a repeated clause stands in for a missing one (as in qg)', () => {
    const a = xorClauses([1, 2, 3], true);
    const b = xorClauses([4, 5, 6], false);
    // Each encoding one clause short, its first clause written twice (reordered once).
    const clauses = [...a.slice(1), a[1]!.slice().reverse(), ...b.slice(1), b[1]!];
    expect(clauses).toHaveLength(8);
    expect(hasDirectXors({ numVars: 6, clauses })).toBe(false);
    // Complete, the same repeats change nothing.
    expect(hasDirectXors({ numVars: 6, clauses: [...a, ...b, a[1]!, b[2]!] })).toBe(true);
  });

  it('counts up to the number asked for', () => {
    const three = [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ].flatMap((vars) => xorClauses(vars, true));
    expect(hasDirectXors({ numVars: 9, clauses: three }, 3)).toBe(true);
    expect(hasDirectXors({ numVars: 9, clauses: three }, 4)).toBe(false);
  });
});

describe('the first look on parsed clauses (its first pass in the kernel)', () => {
  /** The formula as `percent sat` reads it: parsed from bytes, its records registered. */
  const parsed = (formula: Cnf): Cnf => {
    const result = parseDimacsBytes(new TextEncoder().encode(formatDimacs(formula)));
    if (!result.ok) throw new Error('the formula did not parse');
    expect(recordsOf(result.cnf.clauses)).toBeDefined();
    return result.cnf;
  };

  it('finds what the JavaScript pass finds, at every threshold', () => {
    const rng = createRng('first-look-kernel');
    const a = xorClauses([1, 2, 3], true);
    const b = xorClauses([4, 5, 6], false);
    const formulas: Cnf[] = [
      randomKSat(rng, 60, 255, 3),
      pigeonhole(5, 4),
      parityCycle(12),
      randomTseitin(rng, 10),
      randomXorMix(rng, { numVars: 40, xors: 6, maxLength: 5, clauses: 80, k: 3 }),
      // One clause short but for a repeat (qg): counted with repeats by the first pass.
      { numVars: 6, clauses: [...a.slice(1), ...b, a[1]!] },
      {
        numVars: 9,
        clauses: [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ].flatMap((v) => xorClauses(v, true)),
      },
    ];
    let found = 0;
    for (const small of formulas) {
      // Enough clauses for the kernel's count (KERNEL_LOOK): ones of 9 literals, which no XOR
      // of the look has.
      const wide = Array.from({ length: 300 }, (_, i) =>
        Int32Array.from({ length: 9 }, (_, v) => ((i >> v) & 1 ? v + 1 : -(v + 1))),
      );
      const formula = { numVars: Math.max(small.numVars, 9), clauses: [...small.clauses, ...wide] };
      const fromRecords = parsed(formula);
      for (let atLeast = 1; atLeast <= 4; atLeast++) {
        const expected = directXorClauses(formula, atLeast);
        expect(directXorClauses(fromRecords, atLeast)).toEqual(expected);
        if (expected.length > 0) found++;
      }
    }
    // Both answers were met: some thresholds find XORs, some do not.
    expect(found).toBeGreaterThan(5);
    expect(found).toBeLessThan(28);
  });

  it('counts in the kernel the XORs full without repeats, each once', () => {
    const count = (formula: Cnf) => {
      const { clauses } = parsed(formula);
      let size = 16;
      while (size < 2 * clauses.length) size *= 2;
      return xorGroupsOf(recordsOf(clauses)!, size, MAX_XOR_SIZE);
    };
    const a = xorClauses([1, 2, 3], true);
    const b = xorClauses([4, 5, 6, 7], false);
    expect(count({ numVars: 7, clauses: [...a, ...b, ...a] })).toBe(2);
    expect(count({ numVars: 7, clauses: [...a.slice(1), ...b, a[1]!] })).toBe(1);
    expect(count({ numVars: 7, clauses: [...a, ...xorClauses([1, 2], true)] })).toBe(1);
    expect(count(randomKSat(createRng('kernel-count'), 50, 200, 3))).toBe(0);
    expect(count(parityCycle(12))).toBe(24); // two XORs of 3 per step of the cycle
  });
});
