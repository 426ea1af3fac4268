import { describe, expect, it } from 'vitest';
import { cnf as makeCnf, type Cnf } from '../../cnf/formula.ts';
import { randomKSat } from '../../cnf/generators.ts';
import { checkDrat } from '../../proof/check.ts';
import { createRng } from '../../rng.ts';
import { MemoryProof } from '../proof.ts';
import { solveCnf } from '../solve-cnf.ts';
import { parityCycle, randomTseitin, xorClauses } from './generators.ts';
import { contradictingXors, encodedXors } from './refute.ts';
import { proveXorContradiction } from './xor-proof.ts';
import { addXors, type Xor } from './xor.ts';

/** Clauses as plain arrays, as `makeCnf` takes them. */
const plain = (clauses: readonly Int32Array[]): number[][] => clauses.map((c) => Array.from(c));

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const bytesOf = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The proof `proveXorContradiction` writes for `formula` (which must have one). */
function xorProof(formula: Cnf): { bytes: Uint8Array; used: number } {
  const proof = new MemoryProof('text');
  const used = proveXorContradiction(formula, proof);
  if (typeof used !== 'number') throw new Error(`no proof: ${used}`);
  return { bytes: proof.bytes(), used };
}

describe('encodedXors', () => {
  it('finds an XOR only when every clause of its encoding is there', () => {
    const full = makeCnf(4, [
      ...plain(xorClauses([1, 2, 3], true)),
      ...plain(xorClauses([2, 3, 4], false)),
      [4],
    ]);
    const found = encodedXors(full).map((x) => [Array.from(x.vars), x.rhs]);
    expect(found).toEqual(
      expect.arrayContaining([
        [[0, 1, 2], 1],
        [[1, 2, 3], 0],
        [[3], 1],
      ]),
    );
    expect(found).toHaveLength(3);
    // One clause of the first XOR missing: only the second (and the unit) remain.
    const partial = makeCnf(4, [...full.clauses.slice(1).map((c) => Array.from(c))]);
    expect(encodedXors(partial).map((x) => Array.from(x.vars))).not.toContainEqual([0, 1, 2]);
  });
});

describe('contradictingXors', () => {
  it('names XORs adding up to 0 = 1, and none for consistent ones', () => {
    const formula = randomTseitin(createRng('refute-1'), 20);
    const xors = encodedXors(formula);
    const subset = contradictingXors(xors)!;
    expect(subset.length).toBeGreaterThan(0);
    const sum = subset.map((i) => xors[i]!).reduce((a, b) => addXors(a, b));
    expect([sum.vars.length, sum.rhs]).toEqual([0, 1]);
    // Every vertex charged even: satisfiable, no contradiction.
    const even: Xor[] = xors.map((x) => ({ vars: x.vars, rhs: 0 }));
    expect(contradictingXors(even)).toBeUndefined();
  });
});

describe('DRAT proofs of XOR contradictions', () => {
  const formulas: [string, Cnf][] = [
    ['a parity cycle of 12', parityCycle(12)],
    ['Tseitin on a random 3-regular graph of 40 vertices', randomTseitin(createRng('xp-40'), 40)],
    ['Tseitin on 60 vertices', randomTseitin(createRng('xp-60'), 60)],
  ];
  for (const [name, formula] of formulas) {
    it(`proves ${name}: the checker verifies it, with extension variables by RAT`, () => {
      const { bytes, used } = xorProof(formula);
      expect(used).toBeGreaterThan(1);
      const lines = text(bytes).trimEnd().split('\n');
      expect(lines.at(-1)).toBe('0');
      const checked = checkDrat(formula, bytes, { lrat: true });
      expect(checked.status).toBe('verified');
      if (checked.status !== 'verified') return;
      expect(checked.stats.rat).toBeGreaterThan(0);
      expect(checked.lrat?.ok).toBe(true);
    });
  }

  it('a corrupted definition of an extension variable is rejected', () => {
    const formula = randomTseitin(createRng('xp-corrupt'), 30);
    const lines = text(xorProof(formula).bytes).split('\n');
    // The first definition's clause ¬e ∨ a ∨ b becomes ¬e ∨ ¬a ∨ b: e is no longer a ⊕ b.
    const first = lines.findIndex((l) => Math.abs(Number(l.split(' ')[0])) > formula.numVars);
    const [e, a, b] = lines[first]!.split(' ').map(Number);
    lines[first] = `${e} ${-a!} ${b} 0`;
    const checked = checkDrat(formula, bytesOf(lines.join('\n')));
    expect(checked.status).toBe('failed');
  });

  it('without the XORs it was derived from, the proof does not check', () => {
    const formula = parityCycle(10);
    const { bytes } = xorProof(formula);
    const weaker = { ...formula, clauses: formula.clauses.slice(4) };
    expect(checkDrat(weaker, bytes).status).toBe('failed');
  });

  it('writes nothing when the derivation would be longer than its bound', () => {
    const formula = randomTseitin(createRng('xp-bound'), 40);
    const proof = new MemoryProof('text');
    expect(proveXorContradiction(formula, proof, { maxSteps: 10 })).toBeUndefined();
    expect(proof.bytes()).toHaveLength(0);
    expect(proveXorContradiction(formula, proof)).toBe(40);
  });

  it('writes nothing for XORs that are consistent, or a formula without XORs', () => {
    const consistent = makeCnf(
      3,
      plain([...xorClauses([1, 2, 3], true), ...xorClauses([1, 2], true)]),
    );
    const none = randomKSat(createRng('xp-none'), 30, 120, 3);
    for (const formula of [consistent, none]) {
      const proof = new MemoryProof('text');
      expect(proveXorContradiction(formula, proof)).toBeUndefined();
      expect(proof.bytes()).toHaveLength(0);
    }
  });

  it('stops writing at the time budget or an abort, answering unknown', () => {
    const formula = randomTseitin(createRng('xp-stop'), 200);
    const late = solveCnf(formula, { proof: new MemoryProof(), budget: { timeMs: 0 } });
    expect(late.status === 'unknown' && late.reason).toBe('time');
    const aborted = solveCnf(formula, { proof: new MemoryProof(), signal: AbortSignal.abort() });
    expect(aborted.status === 'unknown' && aborted.reason).toBe('aborted');
    let asked = 0;
    const proof = new MemoryProof();
    expect(proveXorContradiction(formula, proof, { stopped: () => ++asked > 50 })).toBe('stopped');
    expect(asked).toBe(51);
    expect(text(proof.bytes())).not.toMatch(/(^|\n)0\n/); // no empty clause
  });

  it('solveCnf with a proof answers a parity problem unsat without a search', () => {
    const formula = randomTseitin(createRng('xp-solve'), 80);
    const proof = new MemoryProof('binary');
    const result = solveCnf(formula, { proof });
    expect(result.status).toBe('unsat');
    expect(result.stats.conflicts).toBe(0);
    expect(result.stats.xors).toBe(80);
    expect(checkDrat(formula, proof.bytes()).status).toBe('verified');
    // With XOR reasoning switched off, it is not tried: the search works on (and gives up).
    const off = solveCnf(formula, {
      proof: new MemoryProof(),
      xor: false,
      budget: { conflicts: 50 },
    });
    expect(off.status).toBe('unknown');
  });
});
