/**
 * Instances with XOR structure, for tests and benchmarks: XORs as clauses (directly or split
 * into a chain with auxiliary variables), Tseitin-style parity chains, and random mixes of
 * XORs with k-SAT clauses. Every random one takes its chance from an injected Rng.
 */
import type { Cnf } from '../../cnf/formula.ts';
import type { Rng } from '../../rng.ts';

/**
 * The 2^(k−1) clauses of x₁ ⊕ … ⊕ xₖ = rhs over DIMACS variables: one per assignment of the
 * wrong parity, ruling it out.
 */
export function xorClauses(vars: readonly number[], odd: boolean): Int32Array[] {
  const k = vars.length;
  const out: Int32Array[] = [];
  for (let a = 0; a < 1 << k; a++) {
    let ones = 0;
    for (let i = 0; i < k; i++) ones += (a >> i) & 1;
    if ((ones % 2 === 1) === odd) continue;
    // Assignment a is ruled out by the clause whose literals it makes all false.
    out.push(Int32Array.from(vars, (v, i) => (((a >> i) & 1) === 1 ? -v : v)));
  }
  return out;
}

/**
 * The clauses of an XOR whose terms are variables or AND gates of two DIMACS literals, over
 * all the variables involved: one clause per assignment of the wrong parity (the "simple
 * camouflage" of Haanpää, Järvisalo, Kaski & Niemelä's mod2c instances).
 */
export function gatedXorClauses(
  terms: readonly (number | readonly [number, number])[],
  odd: boolean,
): Int32Array[] {
  const vars = [...new Set(terms.flatMap((t) => (typeof t === 'number' ? [t] : t.map(Math.abs))))];
  const out: Int32Array[] = [];
  for (let a = 0; a < 1 << vars.length; a++) {
    const value = (lit: number): number => {
      const bit = (a >> vars.indexOf(Math.abs(lit))) & 1;
      return lit > 0 ? bit : bit ^ 1;
    };
    let sum = 0;
    for (const t of terms) sum ^= typeof t === 'number' ? value(t) : value(t[0]) & value(t[1]);
    if ((sum === 1) === odd) continue;
    out.push(Int32Array.from(vars, (v, i) => (((a >> i) & 1) === 1 ? -v : v)));
  }
  return out;
}

/**
 * The clauses of a long XOR split into a chain of 3-variable XORs through fresh variables
 * numbered from `nextVar`: x₁ ⊕ x₂ ⊕ t₁ = 0, t₁ ⊕ x₃ ⊕ t₂ = 0, …, tₘ ⊕ xₖ₋₁ ⊕ xₖ = rhs.
 * Returns the clauses and the next free variable.
 */
export function chainedXorClauses(
  vars: readonly number[],
  odd: boolean,
  nextVar: number,
): { clauses: Int32Array[]; nextVar: number } {
  if (vars.length <= 3) return { clauses: xorClauses(vars, odd), nextVar };
  const clauses: Int32Array[] = [];
  let carry = vars[0]!;
  let next = nextVar;
  for (let i = 1; i < vars.length - 2; i++) {
    const link = next++;
    clauses.push(...xorClauses([carry, vars[i]!, link], false));
    carry = link;
  }
  clauses.push(...xorClauses([carry, vars[vars.length - 2]!, vars[vars.length - 1]!], odd));
  return { clauses, nextVar: next };
}

/**
 * An unsatisfiable parity cycle in the manner of Dubois's instances: x_i ⊕ x_(i+1) ⊕ y_i = 0
 * and y_i ⊕ z_i ⊕ z_(i+1) = 0 around cycles of n, one of them odd. Every variable occurs in two
 * XORs, so the XORs add up to 0 = 1: hard for resolution-based search, one step for Gaussian
 * elimination.
 */
export function parityCycle(n: number): Cnf {
  const x = (i: number): number => (i % n) + 1;
  const y = (i: number): number => n + i + 1;
  const z = (i: number): number => 2 * n + (i % n) + 1;
  const clauses: Int32Array[] = [];
  for (let i = 0; i < n; i++) {
    clauses.push(...xorClauses([x(i), x(i + 1), y(i)], i === 0));
    clauses.push(...xorClauses([y(i), z(i), z(i + 1)], false));
  }
  return { numVars: 3 * n, clauses };
}

/**
 * Tseitin's parity formula on a random 3-regular (multi)graph of n vertices (n even): a
 * variable per edge, and at each vertex the XOR of its three edges, with parities adding up
 * to 1 — unsatisfiable, and exponentially hard for resolution (Urquhart).
 */
export function randomTseitin(rng: Rng, n: number): Cnf {
  for (;;) {
    const stubs = Array.from({ length: 3 * n }, (_, i) => Math.floor(i / 3));
    for (let i = stubs.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [stubs[i], stubs[j]] = [stubs[j]!, stubs[i]!];
    }
    const edges: number[][] = Array.from({ length: n }, () => []);
    let loop = false;
    for (let e = 0; e < stubs.length / 2; e++) {
      const a = stubs[2 * e]!;
      const b = stubs[2 * e + 1]!;
      loop ||= a === b;
      edges[a]!.push(e + 1);
      edges[b]!.push(e + 1);
    }
    if (loop) continue;
    const clauses = edges.flatMap((vars, v) => xorClauses(vars, v === 0));
    return { numVars: (3 * n) / 2, clauses };
  }
}

export interface XorMixShape {
  /** Variables of the XORs and the k-SAT clauses (auxiliary ones come on top). */
  readonly numVars: number;
  readonly xors: number;
  /** XOR lengths are drawn from 2..maxLength. */
  readonly maxLength: number;
  readonly clauses: number;
  /** Length of the random clauses. */
  readonly k: number;
  /** Hide some XOR variables behind AND gates of two new variables (the same gate each time). */
  readonly gated?: boolean;
}

/**
 * Random XORs (longer ones sometimes split into chains with auxiliary variables) mixed with
 * random k-SAT clauses, in random clause order.
 */
export function randomXorMix(rng: Rng, shape: XorMixShape): Cnf {
  const { numVars } = shape;
  let nextVar = numVars + 1;
  const clauses: Int32Array[] = [];
  const gates = new Map<number, [number, number]>();
  for (let i = 0; i < shape.xors; i++) {
    const length = Math.min(numVars, 2 + rng.int(shape.maxLength - 1));
    const vars = distinct(rng, numVars, length);
    const odd = rng.int(2) === 1;
    if (shape.gated === true && length >= 3 && rng.int(2) === 0) {
      const hidden = vars[0]!;
      let gate = gates.get(hidden);
      if (gate === undefined) {
        gate = [
          rng.int(2) === 0 ? nextVar : -nextVar,
          rng.int(2) === 0 ? nextVar + 1 : -nextVar - 1,
        ];
        nextVar += 2;
        gates.set(hidden, gate);
      }
      clauses.push(...gatedXorClauses([gate, ...vars.slice(1)], odd));
    } else if (length > 3 && rng.int(2) === 0) {
      const chain = chainedXorClauses(vars, odd, nextVar);
      clauses.push(...chain.clauses);
      nextVar = chain.nextVar;
    } else clauses.push(...xorClauses(vars, odd));
  }
  for (let i = 0; i < shape.clauses; i++) {
    const vars = distinct(rng, numVars, Math.min(shape.k, numVars));
    clauses.push(Int32Array.from(vars, (v) => (rng.int(2) === 1 ? v : -v)));
  }
  for (let i = clauses.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [clauses[i], clauses[j]] = [clauses[j]!, clauses[i]!];
  }
  return { numVars: nextVar - 1, clauses };
}

function distinct(rng: Rng, numVars: number, count: number): number[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(1 + rng.int(numVars));
  return [...picked];
}
