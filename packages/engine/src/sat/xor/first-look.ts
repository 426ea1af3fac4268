import type { Cnf } from '../../cnf/formula.ts';
import { recordsOf } from '../../cnf/records.ts';
import { xorGroupsOf } from '../kernel/kernel.ts';
import { MAX_XOR_SIZE } from './detect.ts';

/** Fewer XORs than this never make a matrix worth it (see `worthMatrix`). */
const WORTH_LOOKING = 2;

/**
 * From this many clauses the kernel counts first (kernel/first-look.ts): below, a kernel
 * instance of its own costs more than the count in JavaScript (uf20-91: 0.16 against 0.09 ms;
 * jnh, 850 clauses: 0.24 against 0.86 ms, in a fresh process).
 */
const KERNEL_LOOK = 256;
/**
 * Up to this many clauses: the kernel holds the records and five tables of twice as many slots
 * (~60 bytes a clause; 120 MB here), where JavaScript's first pass holds two.
 */
const KERNEL_LOOK_MAX = 2_000_000;

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
  const mask = size - 1;
  // Groups: clauses over one variable set with one parity.
  // Parsed clauses come with their records: the kernel counts the XORs, and most formulas,
  // with too few to be worth it, are done with there.
  const inKernel = clauses.length >= KERNEL_LOOK && clauses.length <= KERNEL_LOOK_MAX;
  const records = inKernel ? recordsOf(clauses) : undefined;
  if (records !== undefined && xorGroupsOf(records, size, MAX_XOR_SIZE) < atLeast) return [];
  const keys = new Int32Array(size);
  const counts = new Int32Array(size);
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
  if (full < atLeast) return [];
  // With the equivalences (XORs of 2) that chain them, once there are XORs worth looking at —
  // counted again without repeated clauses (qg's files write some twice), which must not
  // complete an encoding they are one clause short of.
  return distinctGroups(clauses, slotOf, counts, size, atLeast);
}

/**
 * The clauses of the groups that `counts` (clauses with repeats) says are full, when at least
 * `atLeast` groups of 3 or more variables are full by distinct clauses; else none.
 */
function distinctGroups(
  clauses: readonly Int32Array[],
  slotOf: (c: Int32Array) => number,
  counts: Int32Array,
  size: number,
  atLeast: number,
): number[] {
  const mask = size - 1;
  const distinct = new Int32Array(size);
  const seenSlots = new Int32Array(size).fill(-1);
  const seenLits = new Int32Array(size);
  const candidates: number[] = [];
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i]!;
    if (c.length < 2 || c.length > MAX_XOR_SIZE) continue;
    const group = slotOf(c);
    if (counts[group]! < 1 << (c.length - 1)) continue;
    candidates.push(i);
    const lits = literalsKey(c);
    let slot = (group ^ lits) & mask;
    while (seenSlots[slot] !== -1 && (seenSlots[slot] !== group || seenLits[slot] !== lits)) {
      slot = (slot + 1) & mask;
    }
    if (seenSlots[slot] === -1) {
      seenSlots[slot] = group;
      seenLits[slot] = lits;
      distinct[group]!++;
    }
  }
  const found = candidates.filter((i) => {
    const c = clauses[i]!;
    return distinct[slotOf(c)]! >= 1 << (c.length - 1);
  });
  const fullGroups = new Set(
    found.filter((i) => clauses[i]!.length >= 3).map((i) => slotOf(clauses[i]!)),
  );
  return fullGroups.size >= atLeast ? found : [];
}

/** A hash of a clause's signed literals, whatever their order. */
function literalsKey(c: Int32Array): number {
  let sum = 0;
  for (let j = 0; j < c.length; j++) sum = (sum + mix(c[j]! + 0x40000000)) | 0;
  return sum;
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
