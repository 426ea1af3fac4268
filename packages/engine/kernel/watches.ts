// Watch lists: per literal, a block of (clause, blocker) pairs.

import {
  HEADER_SLOTS,
  H_NUM_VARS,
  hget,
  i32At,
  input,
  mem,
  occurs,
  regrow,
  setI32,
  watchCap,
  watchPtr,
  watchSize,
} from './state';

/** Counts one more attached clause containing `lit` and grows its watch list to match. */
function reserveWatch(lit: i32): void {
  const count = i32At(occurs, lit) + 1;
  setI32(occurs, lit, count);
  const cap = i32At(watchCap, lit);
  if (2 * count <= cap) return;
  let next = cap > 4 ? 2 * cap : 8;
  if (next < 2 * count) next = 2 * count;
  const used = (<usize>i32At(watchSize, lit)) << 2;
  setI32(watchPtr, lit, <i32>regrow(<usize>i32At(watchPtr, lit), used, (<usize>next) << 2));
  setI32(watchCap, lit, next);
}

/** Appends a watcher to `lit`'s list, which `reserveWatch` made room for. */
export function pushWatch(lit: i32, cr: i32, blocker: i32): void {
  const n = i32At(watchSize, lit);
  const ws = <usize>i32At(watchPtr, lit);
  setI32(ws, n, cr);
  setI32(ws, n + 1, blocker);
  setI32(watchSize, lit, n + 2);
}

/**
 * Watches the first two literals of clause `cr` (size ≥ 2). Every literal's list gets room for
 * every attached clause containing it, so a watch moved there by propagate always fits:
 * propagate never allocates.
 */
export function attach(cr: i32): void {
  const size = mem(cr);
  const base = cr + HEADER_SLOTS;
  for (let i = base; i < base + size; i++) reserveWatch(mem(i));
  const a = mem(base);
  const b = mem(base + 1);
  const ref = size === 2 ? ~cr : cr;
  pushWatch(a, ref, b);
  pushWatch(b, ref, a);
}

/** Attaches the `count` clauses whose references JavaScript wrote at `input` (after `detachAll`). */
export function attachAll(count: i32): void {
  for (let k = 0; k < count; k++) attach(i32At(input, k));
}

/** Forgets every watch and occurrence count, before all live clauses are attached again. */
export function detachAll(): void {
  const lits = (<usize>(2 * hget(H_NUM_VARS))) << 2;
  memory.fill(watchSize, 0, lits);
  memory.fill(occurs, 0, lits);
}
