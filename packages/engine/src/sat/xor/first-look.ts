import type { Cnf } from '../../cnf/formula.ts';
import { MAX_XOR_SIZE } from './detect.ts';

/** Fewer XORs than this never make a matrix worth it (see `worthMatrix`). */
const WORTH_LOOKING = 2;

/**
 * A cheap first look for XORs, before any search: the indices of the clauses of the XORs over 2..MAX_XOR_SIZE
 * variables in their direct encoding — the 2^(k−1) clauses over the same k variables that each
 * rule out one assignment of the wrong parity — when at least `atLeast` of them are over 3
 * variables or more, else none. Two passes over the clauses, counting them in an open-addressing table keyed by a
 * hash of the variable set and the parity of the clause's negations; no allocation per clause.
 *
 * A hash collision can only add clauses wrongly: `detectXors` on the clauses named finds
 * out, in a fraction of the time it takes on the whole formula. XORs camouflaged by shorter
 * clauses are not seen here; the whole-formula pipeline looks for them once a short search has
 * not decided. About a tenth of `detectXors`'s time on formulas without XORs (ii, qg, flat).
 */
export function directXorClauses(cnf: Cnf, atLeast = WORTH_LOOKING): number[] {
  const { clauses } = cnf;
  let size = 16;
  while (size < 2 * clauses.length) size *= 2;
  const keys = new Int32Array(size);
  const counts = new Int32Array(size);
  const mask = size - 1;
  const slotOf = (c: Int32Array): number => {
    const key = setKey(c);
    let slot = key & mask;
    while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & mask;
    keys[slot] = key;
    return slot;
  };
  let full = 0;
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i]!;
    if (c.length < 2 || c.length > MAX_XOR_SIZE) continue;
    if (++counts[slotOf(c)]! === 1 << (c.length - 1) && c.length >= 3) full++;
  }
  const found: number[] = [];
  if (full < atLeast) return found;
  // With the equivalences (XORs of 2) that chain them, once there are XORs worth looking at.
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i]!;
    if (c.length < 2 || c.length > MAX_XOR_SIZE) continue;
    if (counts[slotOf(c)]! >= 1 << (c.length - 1)) found.push(i);
  }
  return found;
}

/**
 * A nonzero hash of a clause's variable set, its length and the parity of its negative
 * literals: the same for every clause of one XOR's direct encoding, whatever the order.
 */
function setKey(c: Int32Array): number {
  let sum = 0;
  let parity = 0;
  for (let j = 0; j < c.length; j++) {
    const lit = c[j]!;
    const v = lit < 0 ? -lit : lit;
    parity ^= lit < 0 ? 1 : 0;
    sum = (sum + mix(v)) | 0;
  }
  const key = (sum ^ Math.imul(c.length * 2 + parity, 0x27d4eb2d)) | 0;
  return key === 0 ? 1 : key;
}

/** A 32-bit integer hash (the finaliser of MurmurHash3). */
function mix(v: number): number {
  let h = Math.imul(v ^ (v >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
