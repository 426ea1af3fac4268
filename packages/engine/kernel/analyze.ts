// Conflict analysis: the 1-UIP clause, its minimisation, the backjump level and the LBD.

import {
  HEADER_SLOTS,
  H_BACKJUMP,
  H_LBD,
  H_LEVELS,
  H_TRAIL_SIZE,
  NO_REASON,
  hget,
  hset,
  i32At,
  arena,
  learnt,
  level,
  levelStamp,
  mem,
  reason,
  seen,
  setI32,
  stack,
  toClear,
  trail,
} from './state';
import { bumpVar } from './vsids';

/** Generation for the LBD stamps. */
let stamp: i32 = 0;

/**
 * Builds the 1-UIP clause of conflict `conflict` in `learnt` (bumping every variable met),
 * minimises it (MiniSat's recursive minimisation), moves the literal of the highest level
 * after the asserting one to position 1 and sets the header's BACKJUMP (that level) and LBD.
 * Returns the clause's length. Leaves no mark in `seen`.
 */
export function analyze(conflict: i32): i32 {
  // The blocks in locals: nothing allocates during analysis.
  const marks = seen;
  const levels = level;
  const lits = trail;
  const clauses = arena;
  const out = learnt;
  const currentLevel = hget(H_LEVELS);
  let size = 1;
  let pathCount = 0;
  let p = -1;
  let index = hget(H_TRAIL_SIZE) - 1;
  let cr = conflict;
  do {
    const base = clauses + ((<usize>(cr + HEADER_SLOTS)) << 2);
    const end = base + ((<usize>load<i32>(clauses + ((<usize>cr) << 2))) << 2);
    // A reason clause holds p itself (at position 0, or 1 in a binary clause); skip it.
    const implied = p >> 1;
    for (let k = base; k < end; k += 4) {
      const q = load<i32>(k);
      const v = q >> 1;
      if (load<u8>(marks + <usize>v) === 0 && v !== implied) {
        const lvl = i32At(levels, v);
        if (lvl > 0) {
          bumpVar(v);
          store<u8>(marks + <usize>v, 1);
          if (lvl >= currentLevel) pathCount++;
          else setI32(out, size++, q);
        }
      }
    }
    while (load<u8>(marks + <usize>(i32At(lits, index) >> 1)) === 0) index--;
    p = i32At(lits, index);
    index--;
    cr = i32At(reason, p >> 1);
    store<u8>(marks + <usize>(p >> 1), 0);
    pathCount--;
  } while (pathCount > 0);
  setI32(learnt, 0, p ^ 1);
  size = minimize(size);
  placeSecondWatch(size);
  hset(H_LBD, size > 1 ? lbdOf(size) : 1);
  return size;
}

function abstractLevel(v: i32): i32 {
  return 1 << (i32At(level, v) & 31);
}

/** Drops the literals implied by the others; clears every mark `analyze` left. */
function minimize(size: i32): i32 {
  let clearTop = 0;
  let levels = 0;
  for (let i = 1; i < size; i++) {
    const lit = i32At(learnt, i);
    setI32(toClear, clearTop++, lit);
    levels |= abstractLevel(lit >> 1);
  }
  let j = 1;
  for (let i = 1; i < size; i++) {
    const lit = i32At(learnt, i);
    if (i32At(reason, lit >> 1) === NO_REASON) {
      setI32(learnt, j++, lit);
      continue;
    }
    const top = redundant(lit, levels, clearTop);
    if (top < 0) setI32(learnt, j++, lit);
    else clearTop = top;
  }
  for (let t = 0; t < clearTop; t++) store<u8>(seen + <usize>(i32At(toClear, t) >> 1), 0);
  return j;
}

/**
 * Whether `start`'s falsity follows from literals already marked: returns the new length of
 * toClear (marks kept) when it does, −1 when not (marks added here undone).
 */
function redundant(start: i32, levels: i32, clearTop: i32): i32 {
  let sp = 0;
  setI32(stack, sp++, start);
  let top = clearTop;
  while (sp > 0) {
    const implied = i32At(stack, --sp) >> 1;
    const cr = i32At(reason, implied);
    const end = cr + HEADER_SLOTS + mem(cr);
    for (let k = cr + HEADER_SLOTS; k < end; k++) {
      const q = mem(k);
      const v = q >> 1;
      if (load<u8>(seen + <usize>v) !== 0 || i32At(level, v) === 0 || v === implied) continue;
      if (i32At(reason, v) !== NO_REASON && (abstractLevel(v) & levels) !== 0) {
        store<u8>(seen + <usize>v, 1);
        setI32(stack, sp++, q);
        setI32(toClear, top++, q);
      } else {
        for (let t = clearTop; t < top; t++) store<u8>(seen + <usize>(i32At(toClear, t) >> 1), 0);
        return -1;
      }
    }
  }
  return top;
}

/** Moves the literal of the highest level after the asserting one to position 1; sets BACKJUMP. */
function placeSecondWatch(size: i32): void {
  if (size === 1) {
    hset(H_BACKJUMP, 0);
    return;
  }
  let max = 1;
  for (let i = 2; i < size; i++) {
    if (i32At(level, i32At(learnt, i) >> 1) > i32At(level, i32At(learnt, max) >> 1)) max = i;
  }
  const lit = i32At(learnt, max);
  setI32(learnt, max, i32At(learnt, 1));
  setI32(learnt, 1, lit);
  hset(H_BACKJUMP, i32At(level, lit >> 1));
}

/** Literal block distance: the number of distinct decision levels in the clause (Glucose). */
function lbdOf(size: i32): i32 {
  stamp++;
  let lbd = 0;
  for (let i = 0; i < size; i++) {
    const l = i32At(level, i32At(learnt, i) >> 1);
    if (i32At(levelStamp, l) !== stamp) {
      setI32(levelStamp, l, stamp);
      lbd++;
    }
  }
  return lbd;
}
