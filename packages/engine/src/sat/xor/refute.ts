import type { Cnf } from '../../cnf/formula.ts';
import { MAX_XOR_SIZE } from './detect.ts';
import { directXorClauses } from './first-look.ts';
import type { Xor } from './xor.ts';

/**
 * A contradiction among a formula's XORs alone, for a proof: the XORs in their direct encoding
 * (every one of their clauses is in the formula, so a DRAT proof may start from them), and a
 * set of them that adds up to 0 = 1. Parity problems (Tseitin and Urquhart formulas, hust/check
 * #8) are refuted this way; Gauss–Jordan reasoning during the search has no clausal derivation
 * here, so a proof-writing solve runs without it (see `xor-proof.ts`, `solve-cnf.ts`).
 */

/** Word operations Gaussian elimination may spend (rows × pivots × words): ~0.3 s at most. */
const MAX_ELIMINATION_WORK = 3e8;

/**
 * The XORs whose whole direct encoding is among the clauses: for k variables (1 ≤ k ≤
 * MAX_XOR_SIZE), the 2^(k−1) distinct clauses over exactly them that rule out every assignment
 * of one parity. A unit clause is the XOR of one variable. Exact (no hashing left to chance);
 * only the clauses a cheap first look names (`directXorClauses`) and the units are read.
 */
export function encodedXors(cnf: Cnf): Xor[] {
  const named = directXorClauses(cnf);
  const groups = new Map<string, { vars: number[]; seen: Set<number>; counts: [number, number] }>();
  const visit = (clause: Int32Array): void => {
    const sorted = Array.from(clause).sort((a, b) => Math.abs(a) - Math.abs(b));
    const vars = sorted.map(Math.abs);
    if (vars.some((v, i) => i > 0 && v === vars[i - 1])) return; // a repeated variable
    let negatives = 0;
    let pattern = 0;
    sorted.forEach((lit, i) => {
      if (lit < 0) {
        negatives++;
        pattern |= 1 << i;
      }
    });
    const key = vars.join(' ');
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { vars, seen: new Set(), counts: [0, 0] }));
    if (group.seen.has(pattern)) return;
    group.seen.add(pattern);
    group.counts[negatives & 1]! += 1;
  };
  for (const i of named) visit(cnf.clauses[i]!);
  for (const clause of cnf.clauses) if (clause.length === 1) visit(clause);
  const xors: Xor[] = [];
  for (const { vars, counts } of groups.values()) {
    if (vars.length > MAX_XOR_SIZE) continue;
    const full = 1 << (vars.length - 1);
    const zeroBased = Int32Array.from(vars, (v) => v - 1);
    // A clause with an even number of negations rules out an even assignment: the XOR is odd.
    if (counts[0] === full) xors.push({ vars: zeroBased, rhs: 1 });
    if (counts[1] === full) xors.push({ vars: zeroBased, rhs: 0 });
  }
  return xors;
}

/**
 * Indices of XORs that add up to 0 = 1, found by Gaussian elimination over GF(2) that keeps,
 * for each row, which input rows it is the sum of; undefined when the XORs are consistent or
 * the elimination would cost more than MAX_ELIMINATION_WORK.
 */
export function contradictingXors(xors: readonly Xor[]): number[] | undefined {
  const column = new Map<number, number>();
  for (const x of xors) for (const v of x.vars) if (!column.has(v)) column.set(v, column.size);
  const varWords = (column.size + 31) >>> 5;
  const width = varWords + ((xors.length + 31) >>> 5);
  if (xors.length * xors.length * width > MAX_ELIMINATION_WORK) return undefined;
  const pivots: { row: Uint32Array; col: number; rhs: number }[] = [];
  for (let i = 0; i < xors.length; i++) {
    const x = xors[i]!;
    const row = new Uint32Array(width);
    for (const v of x.vars) {
      const c = column.get(v)!;
      row[c >>> 5]! ^= 1 << (c & 31);
    }
    row[varWords + (i >>> 5)]! |= 1 << (i & 31);
    let rhs: number = x.rhs;
    for (const pivot of pivots) {
      if ((row[pivot.col >>> 5]! & (1 << (pivot.col & 31))) === 0) continue;
      for (let w = 0; w < width; w++) row[w]! ^= pivot.row[w]!;
      rhs ^= pivot.rhs;
    }
    const col = firstSetBit(row, varWords);
    if (col >= 0) pivots.push({ row, col, rhs });
    else if (rhs === 1) return setBits(row, varWords, xors.length);
  }
  return undefined;
}

/** The lowest set bit among the first `words` words, or −1. */
function firstSetBit(row: Uint32Array, words: number): number {
  for (let w = 0; w < words; w++) {
    const word = row[w]!;
    if (word !== 0) return (w << 5) + (31 - Math.clz32(word & -word));
  }
  return -1;
}

/** The indices below `count` whose bits are set in the words from `from` on. */
function setBits(row: Uint32Array, from: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) if ((row[from + (i >>> 5)]! & (1 << (i & 31))) !== 0) out.push(i);
  return out;
}
