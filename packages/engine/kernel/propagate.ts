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
  mem,
  polarity,
  reason,
  setI32,
  setMem,
  trail,
  trailLim,
  vals,
  valueOf,
  watchPtr,
  watchSize,
} from './state';
import { pushWatch } from './watches';
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
  const stop = i32At(trailLim, target);
  const vsids = hget(H_VSIDS) !== 0;
  for (let i = hget(H_TRAIL_SIZE) - 1; i >= stop; i--) {
    const lit = i32At(trail, i);
    const v = lit >> 1;
    store<i8>(vals + <usize>lit, 0);
    store<i8>(vals + <usize>(lit ^ 1), 0);
    setI32(reason, v, NO_REASON);
    store<u8>(polarity + <usize>v, <u8>(lit & 1));
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
  const currentLevel = hget(H_LEVELS);
  let trailSize = hget(H_TRAIL_SIZE);
  let qhead = hget(H_QHEAD);
  let conflict = NO_REASON;
  const dequeuedFrom = qhead;
  while (qhead < trailSize) {
    const falseLit = i32At(trail, qhead++) ^ 1;
    const ws = <usize>i32At(watchPtr, falseLit);
    const n = i32At(watchSize, falseLit);
    let i = 0;
    let j = 0;
    while (i < n) {
      const cr = i32At(ws, i);
      const blocker = i32At(ws, i + 1);
      i += 2;
      const blockerValue = valueOf(blocker);
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
          assign(blocker, ~cr, currentLevel, trailSize++);
        }
        continue;
      }
      // Keep the false literal at position 1, so position 0 is the one that may be implied.
      const base = cr + HEADER_SLOTS;
      let first = mem(base);
      if (first === falseLit) {
        first = mem(base + 1);
        setMem(base, first);
        setMem(base + 1, falseLit);
      }
      if (first !== blocker && valueOf(first) === 1) {
        setI32(ws, j++, cr);
        setI32(ws, j++, first);
        continue;
      }
      // Look for a new literal to watch.
      const end = base + mem(cr);
      let k = base + 2;
      while (k < end && valueOf(mem(k)) === -1) k++;
      if (k < end) {
        const lit = mem(k);
        setMem(base + 1, lit);
        setMem(k, falseLit);
        pushWatch(lit, cr, first);
        continue;
      }
      // Unit or conflicting under the current assignment.
      setI32(ws, j++, cr);
      setI32(ws, j++, first);
      if (valueOf(first) === -1) {
        conflict = cr;
        qhead = trailSize;
        while (i < n) setI32(ws, j++, i32At(ws, i++));
      } else {
        assign(first, cr, currentLevel, trailSize++);
      }
    }
    setI32(watchSize, falseLit, j);
  }
  const counted = H + ((<usize>F_PROPAGATIONS) << 3);
  store<f64>(counted, load<f64>(counted) + <f64>(qhead - dequeuedFrom));
  hset(H_QHEAD, qhead);
  hset(H_TRAIL_SIZE, trailSize);
  return conflict;
}
