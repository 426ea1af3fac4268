// Clauses into the arena: problem clauses from JavaScript, learned ones from `analyze`.

import {
  HEADER_SLOTS,
  H_KEPT,
  H_NUM_VARS,
  allocClause,
  arena,
  hget,
  hset,
  i32At,
  input,
  learnt,
  setI32,
  valueOf,
} from './state';
import { attach } from './watches';
import { enqueue } from './propagate';

/** `addClause`'s answers other than a clause reference (≥ 0). */
export const ADD_SATISFIED: i32 = -1;
export const ADD_EMPTY: i32 = -2;
export const ADD_UNIT: i32 = -3;
export const ADD_INVALID: i32 = -4;

/** Sorts the first `n` literals of `input` (insertion sort; Shell's gaps first when long). */
function sortInput(n: i32): void {
  let gap = 1;
  while (gap < n / 3) gap = 3 * gap + 1;
  for (; gap >= 1; gap = (gap - 1) / 3) {
    for (let i = gap; i < n; i++) {
      const lit = i32At(input, i);
      let j = i - gap;
      for (; j >= 0 && i32At(input, j) > lit; j -= gap) setI32(input, j + gap, i32At(input, j));
      setI32(input, j + gap, lit);
    }
  }
}

/**
 * Adds the problem clause of the `n` DIMACS literals JavaScript wrote at `input`, at level 0:
 * sorted, without false and repeated literals (H_KEPT says how many stay, at `input` as
 * packed literals). Returns the stored clause's reference, or ADD_SATISFIED (a true literal,
 * or a tautology: nothing stored), ADD_EMPTY (every literal false), ADD_UNIT (one literal
 * left, not assigned here), or ADD_INVALID (a literal 0 or beyond the variables; H_KEPT holds
 * its position).
 */
export function addClause(n: i32): i32 {
  const numVars = hget(H_NUM_VARS);
  for (let i = 0; i < n; i++) {
    const d = i32At(input, i);
    const v = d < 0 ? -d : d;
    if (d === 0 || v > numVars) {
      hset(H_KEPT, i);
      return ADD_INVALID;
    }
    setI32(input, i, ((v - 1) << 1) | (d < 0 ? 1 : 0));
  }
  sortInput(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const lit = i32At(input, i);
    const value = valueOf(lit);
    if (value === 1 || (i > 0 && i32At(input, i - 1) === (lit ^ 1))) return ADD_SATISFIED;
    if (value === 0 && (kept === 0 || lit !== i32At(input, kept - 1))) setI32(input, kept++, lit);
  }
  hset(H_KEPT, kept);
  if (kept === 0) return ADD_EMPTY;
  if (kept === 1) return ADD_UNIT;
  const cr = allocClause(kept, 0, 0);
  memory.copy(arena + ((<usize>(cr + HEADER_SLOTS)) << 2), input, (<usize>kept) << 2);
  attach(cr);
  return cr;
}

/**
 * Stores the clause of the first `size` ≥ 2 literals of `learnt` in the arena, flagged learnt
 * or not, and watches it. Returns its cr.
 */
function storeClause(size: i32, learntFlag: i32, lbd: i32): i32 {
  const cr = allocClause(size, learntFlag, lbd);
  memory.copy(arena + ((<usize>(cr + HEADER_SLOTS)) << 2), learnt, (<usize>size) << 2);
  attach(cr);
  return cr;
}

/**
 * After `analyze` and the backjump: stores the learned clause of `size` ≥ 2 literals with LBD
 * `lbd`, watches it and asserts its first literal. Returns its cr.
 */
export function addLearnt(size: i32, lbd: i32): i32 {
  const cr = storeClause(size, 1, lbd);
  enqueue(i32At(learnt, 0), cr);
  return cr;
}
