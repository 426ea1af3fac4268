// Assignment: the trail, unit propagation over the watched literals, and backjumping.

import {
  F_PROPAGATIONS,
  H,
  HEADER_SLOTS,
  H_LEVELS,
  H_QHEAD,
  H_TRAIL_SIZE,
  H_VSIDS,
  NO_REASON,
  hget,
  hset,
  i32At,
  level,
  arena,
  polarity,
  reason,
  setI32,
  trail,
  trailLim,
  vals,
  watchPtr,
  watchSize,
} from './state';
import { heapInsert } from './vsids';

export function assign(lit: i32, from: i32, lvl: i32, at: i32): void {
  store<i8>(vals + <usize>lit, 1);
  store<i8>(vals + <usize>(lit ^ 1), -1);
  setI32(level, lit >> 1, lvl);
  setI32(reason, lit >> 1, from);
  setI32(trail, at, lit);
}

export function enqueue(lit: i32, from: i32): void {
  const at = hget(H_TRAIL_SIZE);
  assign(lit, from, hget(H_LEVELS), at);
  hset(H_TRAIL_SIZE, at + 1);
}

/** Undoes every assignment above decision level `target`, saving phases (and the heap). */
export function backtrack(target: i32): void {
  if (hget(H_LEVELS) <= target) return;
  // The blocks in locals: nothing allocates while undoing.
  const values = vals;
  const lits = trail;
  const reasons = reason;
  const phases = polarity;
  const stop = i32At(trailLim, target);
  const vsids = hget(H_VSIDS) !== 0;
  for (let i = hget(H_TRAIL_SIZE) - 1; i >= stop; i--) {
    const lit = i32At(lits, i);
    const v = lit >> 1;
    store<i8>(values + <usize>lit, 0);
    store<i8>(values + <usize>(lit ^ 1), 0);
    setI32(reasons, v, NO_REASON);
    store<u8>(phases + <usize>v, <u8>(lit & 1));
    if (vsids) heapInsert(v);
  }
  hset(H_TRAIL_SIZE, stop);
  hset(H_QHEAD, stop);
  hset(H_LEVELS, target);
}

/**
 * Unit propagation over the watched literals from the queue head. Returns the conflicting
 * clause, or NO_REASON once the queue ran dry.
 */
export function propagate(): i32 {
  // The blocks in locals: propagate allocates nothing, so none of them moves meanwhile.
  const values = vals;
  const clauses = arena;
  const lits = trail;
  const levels = level;
  const reasons = reason;
  const lists = watchPtr;
  const sizes = watchSize;
  const currentLevel = hget(H_LEVELS);
  let trailSize = hget(H_TRAIL_SIZE);
  let qhead = hget(H_QHEAD);
  let conflict = NO_REASON;
  const dequeuedFrom = qhead;
  while (qhead < trailSize) {
    const falseLit = i32At(lits, qhead++) ^ 1;
    const ws = <usize>i32At(lists, falseLit);
    const n = i32At(sizes, falseLit);
    let i = 0;
    let j = 0;
    while (i < n) {
      const cr = i32At(ws, i);
      const blocker = i32At(ws, i + 1);
      i += 2;
      const blockerValue = <i32>load<i8>(values + <usize>blocker);
      if (blockerValue === 1) {
        setI32(ws, j++, cr);
        setI32(ws, j++, blocker);
        continue;
      }
      if (cr < 0) {
        // A binary clause: decided by its blocker, without reading the arena.
        setI32(ws, j++, cr);
        setI32(ws, j++, blocker);
        if (blockerValue === -1) {
          conflict = ~cr;
          qhead = trailSize;
          while (i < n) setI32(ws, j++, i32At(ws, i++));
        } else {
          store<i8>(values + <usize>blocker, 1);
          store<i8>(values + <usize>(blocker ^ 1), -1);
          setI32(levels, blocker >> 1, currentLevel);
          setI32(reasons, blocker >> 1, ~cr);
          setI32(lits, trailSize++, blocker);
        }
        continue;
      }
      // Keep the false literal at position 1, so position 0 is the one that may be implied.
      const base = clauses + ((<usize>(cr + HEADER_SLOTS)) << 2);
      let first = load<i32>(base);
      if (first === falseLit) {
        first = load<i32>(base, 4);
        store<i32>(base, first);
        store<i32>(base, falseLit, 4);
      }
      const firstValue = <i32>load<i8>(values + <usize>first);
      if (first !== blocker && firstValue === 1) {
        setI32(ws, j++, cr);
        setI32(ws, j++, first);
        continue;
      }
      // Look for a new literal to watch.
      const end = base + ((<usize>load<i32>(clauses + ((<usize>cr) << 2))) << 2);
      let k = base + 8;
      while (k < end && <i32>load<i8>(values + <usize>load<i32>(k)) === -1) k += 4;
      if (k < end) {
        const lit = load<i32>(k);
        store<i32>(base, lit, 4);
        store<i32>(k, falseLit);
        // pushWatch, on the locals: attach made room for it.
        const m = i32At(sizes, lit);
        const to = <usize>i32At(lists, lit) + ((<usize>m) << 2);
        store<i32>(to, cr);
        store<i32>(to, first, 4);
        setI32(sizes, lit, m + 2);
        continue;
      }
      // Unit or conflicting under the current assignment.
      setI32(ws, j++, cr);
      setI32(ws, j++, first);
      if (firstValue === -1) {
        conflict = cr;
        qhead = trailSize;
        while (i < n) setI32(ws, j++, i32At(ws, i++));
      } else {
        store<i8>(values + <usize>first, 1);
        store<i8>(values + <usize>(first ^ 1), -1);
        setI32(levels, first >> 1, currentLevel);
        setI32(reasons, first >> 1, cr);
        setI32(lits, trailSize++, first);
      }
    }
    setI32(sizes, falseLit, j);
  }
  const counted = H + ((<usize>F_PROPAGATIONS) << 3);
  store<f64>(counted, load<f64>(counted) + <f64>(qhead - dequeuedFrom));
  hset(H_QHEAD, qhead);
  hset(H_TRAIL_SIZE, trailSize);
  return conflict;
}
