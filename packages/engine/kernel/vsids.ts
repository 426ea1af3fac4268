// VSIDS (MiniSat's): activities bumped per conflict and decayed by a growing bump, a binary
// max-heap of the unassigned variables by activity, and saved phases.

import {
  F_VAR_INC,
  H,
  HEADER_SLOTS,
  H_NUM_VARS,
  VAR_DECAY,
  act,
  activity,
  heapIndex,
  heapVars,
  hget,
  i32At,
  mem,
  polarity,
  setI32,
  valueOf,
  varInc,
} from './state';

/** Number of variables in the heap (`heapVars`). */
let heapCount: i32 = 0;

/** Activity of `v` in the block `at` (`activity`, passed in a local). */
function actIn(at: usize, v: i32): f64 {
  return load<f64>(at + ((<usize>v) << 3));
}

// The sifts keep the blocks in locals: nothing allocates while they run.
function siftUp(start: i32): void {
  const vars = heapVars;
  const index = heapIndex;
  const acts = activity;
  const v = i32At(vars, start);
  const a = actIn(acts, v);
  let i = start;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const p = i32At(vars, parent);
    if (actIn(acts, p) >= a) break;
    setI32(vars, i, p);
    setI32(index, p, i);
    i = parent;
  }
  setI32(vars, i, v);
  setI32(index, v, i);
}

function siftDown(start: i32): void {
  const vars = heapVars;
  const index = heapIndex;
  const acts = activity;
  const count = heapCount;
  const v = i32At(vars, start);
  const a = actIn(acts, v);
  let i = start;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= count) break;
    const right = child + 1;
    if (right < count && actIn(acts, i32At(vars, right)) > actIn(acts, i32At(vars, child))) {
      child = right;
    }
    const c = i32At(vars, child);
    if (actIn(acts, c) <= a) break;
    setI32(vars, i, c);
    setI32(index, c, i);
    i = child;
  }
  setI32(vars, i, v);
  setI32(index, v, i);
}

export function heapInsert(v: i32): void {
  if (i32At(heapIndex, v) >= 0) return;
  setI32(heapVars, heapCount, v);
  setI32(heapIndex, v, heapCount);
  heapCount++;
  siftUp(heapCount - 1);
}

/** Bumps variable `v`'s activity, rescaling all of them before they overflow. */
export function bumpVar(v: i32): void {
  const at = activity + ((<usize>v) << 3);
  const bumped = load<f64>(at) + varInc();
  store<f64>(at, bumped);
  if (bumped > 1e100) {
    const n = hget(H_NUM_VARS);
    for (let i = 0; i < n; i++) store<f64>(activity + ((<usize>i) << 3), act(i) * 1e-100);
    store<f64>(H + ((<usize>F_VAR_INC) << 3), varInc() * 1e-100);
  }
  const i = i32At(heapIndex, v);
  if (i >= 0) siftUp(i);
}

/** Bumps every variable of clause `cr` (plain DPLL's VSIDS, per backtrack). */
export function bumpClause(cr: i32): void {
  const end = cr + HEADER_SLOTS + mem(cr);
  for (let k = cr + HEADER_SLOTS; k < end; k++) bumpVar(mem(k) >> 1);
}

/** Decays every activity by growing the bump amount instead. */
export function decayActivities(): void {
  store<f64>(H + ((<usize>F_VAR_INC) << 3), varInc() / VAR_DECAY);
}

/** The most active unassigned variable with its saved phase, or −1 when all are assigned. */
export function pickBranch(): i32 {
  while (heapCount > 0) {
    const top = i32At(heapVars, 0);
    heapCount--;
    setI32(heapIndex, top, -1);
    if (heapCount > 0) {
      const last = i32At(heapVars, heapCount);
      setI32(heapVars, 0, last);
      setI32(heapIndex, last, 0);
      siftDown(0);
    }
    if (valueOf(top << 1) === 0) return (top << 1) | (<i32>load<u8>(polarity + <usize>top));
  }
  return -1;
}
