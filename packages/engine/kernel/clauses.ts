// Clauses into the arena: problem clauses from JavaScript, learned ones from `analyze`.

import {
  HEADER_SLOTS,
  H_KEPT,
  H_STORED,
  H_NUM_VARS,
  allocClause,
  arena,
  hget,
  hset,
  i32At,
  input,
  learnt,
  mem,
  setI32,
  vals,
  valueOf,
} from './state';
import { attach } from './watches';
import { enqueue } from './propagate';

/** `addClause`'s answers other than a clause reference (≥ 0). */
export const ADD_SATISFIED: i32 = -1;
export const ADD_EMPTY: i32 = -2;
export const ADD_UNIT: i32 = -3;
export const ADD_INVALID: i32 = -4;

/** Sorts the `n` literals at `base` (insertion sort; Shell's gaps first when long). */
function sortLits(base: usize, n: i32): void {
  let gap = 1;
  while (gap < n / 3) gap = 3 * gap + 1;
  for (; gap >= 1; gap = (gap - 1) / 3) {
    for (let i = gap; i < n; i++) {
      const lit = i32At(base, i);
      let j = i - gap;
      for (; j >= 0 && i32At(base, j) > lit; j -= gap) setI32(base, j + gap, i32At(base, j));
      setI32(base, j + gap, lit);
    }
  }
}

/**
 * `addClause` on the `n` DIMACS literals at `base` (an address inside `input`), which it
 * rewrites in place: the kept literals, packed, at its start.
 */
function addAt(base: usize, n: i32): i32 {
  const numVars = hget(H_NUM_VARS);
  for (let i = 0; i < n; i++) {
    const d = i32At(base, i);
    const v = d < 0 ? -d : d;
    if (d === 0 || v > numVars) {
      hset(H_KEPT, i);
      return ADD_INVALID;
    }
    setI32(base, i, ((v - 1) << 1) | (d < 0 ? 1 : 0));
  }
  sortLits(base, n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const lit = i32At(base, i);
    const value = valueOf(lit);
    if (value === 1 || (i > 0 && i32At(base, i - 1) === (lit ^ 1))) return ADD_SATISFIED;
    if (value === 0 && (kept === 0 || lit !== i32At(base, kept - 1))) setI32(base, kept++, lit);
  }
  hset(H_KEPT, kept);
  if (kept === 0) return ADD_EMPTY;
  if (kept === 1) return ADD_UNIT;
  const cr = allocClause(kept, 0, 0);
  memory.copy(arena + ((<usize>(cr + HEADER_SLOTS)) << 2), base, (<usize>kept) << 2);
  attach(cr);
  return cr;
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
  return addAt(input, n);
}

/**
 * Adds many problem clauses in one call, as `addClause` each: JavaScript wrote them at `input`
 * as records [n, literal 1, …, literal n], and this adds those from slot `from` up to slot
 * `end`. The references of the clauses stored go to `input`'s first slots, in order (each
 * record is at least as long as the reference it leaves, so they never overtake the records
 * still to read); H_STORED says how many. Stops before the first record whose clause is not
 * simply stored or dropped as satisfied — a unit, the empty clause, an invalid literal — which
 * JavaScript adds through `addClause` (its n literals at `input`'s start, before that record's
 * successors: the batch goes on from there). Returns that record's slot, or `end`.
 */
export function addClauses(from: i32, end: i32): i32 {
  let at = from;
  let stored = 0;
  while (at < end) {
    const n = i32At(input, at);
    const cr = addAt(input + ((<usize>(at + 1)) << 2), n);
    if (cr >= 0) setI32(input, stored++, cr);
    else if (cr !== ADD_SATISFIED) break;
    at += n + 1;
  }
  hset(H_STORED, stored);
  return at;
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

/**
 * The first of the `count` clause references JavaScript wrote at `input` whose clause the
 * current assignment falsifies, unassigned variables taken as false (the model the solver
 * answers with), or -1 when it satisfies every one: the solver's own check of a model.
 */
export function firstFalsified(count: i32): i32 {
  for (let k = 0; k < count; k++) {
    const cr = i32At(input, k);
    const size = mem(cr);
    let satisfied = false;
    for (let i = 0; i < size && !satisfied; i++) {
      const lit = mem(cr + HEADER_SLOTS + i);
      satisfied = (<i32>load<i8>(vals + <usize>(lit & ~1)) === 1) === ((lit & 1) === 0);
    }
    if (!satisfied) return k;
  }
  return -1;
}
