// The XOR first look (src/sat/xor/first-look.ts `directXorClauses`) over clause records, as
// far as how many XORs of 3 or more variables appear in their direct encoding. Most formulas
// have none worth it, and then this is all the look costs — at machine speed, where the same
// passes in a fresh process's JavaScript took 7–12 ms on qg's 33,000 clauses. The hashes, the
// tables and the counting are that function's exactly (first-look.test.ts holds the two to
// each other); when this counts enough, JavaScript looks again and names the clauses.

/** The MurmurHash3 finaliser, as `mix` in first-look.ts. */
function mix(v: i32): i32 {
  let h = (v ^ (<i32>((<u32>v) >> 16))) * <i32>0x85ebca6b;
  h = (h ^ (<i32>((<u32>h) >> 13))) * <i32>0xc2b2ae35;
  return h ^ (<i32>((<u32>h) >> 16));
}

/** `setKey` of first-look.ts on the `n` literals at `lits`. */
function setKey(lits: usize, n: i32): i32 {
  let sum: i32 = 0;
  let parity: i32 = 0;
  for (let j = 0; j < n; j++) {
    const lit = load<i32>(lits + ((<usize>j) << 2));
    parity ^= lit < 0 ? 1 : 0;
    sum += mix(lit < 0 ? -lit : lit);
  }
  const key = sum ^ ((n * 2 + parity) * 0x27d4eb2d);
  return key === 0 ? 1 : key;
}

/** `literalsKey` of first-look.ts: a hash of the `n` signed literals at `lits`, in any order. */
function literalsKey(lits: usize, n: i32): i32 {
  let sum: i32 = 0;
  for (let j = 0; j < n; j++) sum += mix(load<i32>(lits + ((<usize>j) << 2)) + 0x40000000);
  return sum;
}

function get(table: usize, slot: i32): i32 {
  return load<i32>(table + ((<usize>slot) << 2));
}

function set(table: usize, slot: i32, value: i32): void {
  store<i32>(table + ((<usize>slot) << 2), value);
}

/** The group (table slot) of the clause of `n` literals at `lits`, entered if new. */
function groupOf(keys: usize, mask: i32, lits: usize, n: i32): i32 {
  const key = setKey(lits, n);
  let slot = key & mask;
  while (get(keys, slot) !== 0 && get(keys, slot) !== key) slot = (slot + 1) & mask;
  set(keys, slot, key);
  return slot;
}

/**
 * `directXorClauses` of first-look.ts over the records at `records` (`slots` slots), as far as
 * whether it finds anything: the number of groups — clauses over one set of 3 or more
 * variables with one parity of negations — that hold all 2^(k−1) clauses of an XOR's direct
 * encoding, counted without repeated clauses (a group that is full only with repeats is
 * counted by the first pass, as there, but not here). `tables` is a zeroed block of 5 · `size`
 * slots (`size` a power of two, at least twice the clauses, as there).
 */
export function xorGroups(records: usize, slots: i32, tables: usize, size: i32, maxSize: i32): i32 {
  const mask = size - 1;
  const bytes = (<usize>size) << 2;
  const keys = tables;
  const counts = keys + bytes;
  const distinct = counts + bytes;
  // The second pass's set of distinct clauses: group + 1 (0: empty) and literals hash.
  const seenGroup = distinct + bytes;
  const seenLits = seenGroup + bytes;
  let full = 0;
  for (let at = 0; at < slots;) {
    const n = load<i32>(records + ((<usize>at) << 2));
    const lits = records + ((<usize>(at + 1)) << 2);
    at += n + 1;
    if (n < 2 || n > maxSize) continue;
    const group = groupOf(keys, mask, lits, n);
    set(counts, group, get(counts, group) + 1);
    if (get(counts, group) === 1 << (n - 1) && n >= 3) full++;
  }
  if (full === 0) return 0;
  for (let at = 0; at < slots;) {
    const n = load<i32>(records + ((<usize>at) << 2));
    const lits = records + ((<usize>(at + 1)) << 2);
    at += n + 1;
    if (n < 2 || n > maxSize) continue;
    const group = groupOf(keys, mask, lits, n);
    if (get(counts, group) < 1 << (n - 1)) continue;
    const hash = literalsKey(lits, n);
    let slot = (group ^ hash) & mask;
    while (
      get(seenGroup, slot) !== 0 &&
      (get(seenGroup, slot) !== group + 1 || get(seenLits, slot) !== hash)
    ) {
      slot = (slot + 1) & mask;
    }
    if (get(seenGroup, slot) === 0) {
      set(seenGroup, slot, group + 1);
      set(seenLits, slot, hash);
      set(distinct, group, get(distinct, group) + 1);
    }
  }
  // Each full group of 3 or more variables once: `counts` is reused as its mark.
  let groups = 0;
  for (let at = 0; at < slots;) {
    const n = load<i32>(records + ((<usize>at) << 2));
    const lits = records + ((<usize>(at + 1)) << 2);
    at += n + 1;
    if (n < 3 || n > maxSize) continue;
    const group = groupOf(keys, mask, lits, n);
    if (get(distinct, group) >= 1 << (n - 1) && get(counts, group) >= 0) {
      set(counts, group, -1);
      groups++;
    }
  }
  return groups;
}
