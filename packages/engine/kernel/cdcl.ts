// The CDCL kernel in AssemblyScript, compiled to WebAssembly (scripts/build-kernel.mjs writes
// src/sat/kernel/wasm.ts from it). It holds the solver's hot state in its linear memory and
// runs what every conflict runs: unit propagation over watched literals, 1-UIP conflict
// analysis with recursive minimisation, backjumping with phase saving, and VSIDS's heap.
// Machine code from the first instruction (V8's Liftoff compiles the module in about a
// millisecond), where the same loops in JavaScript ran 5–10× slower in a fresh process until
// V8 optimised them. `src/sat/solver-core.ts` is its only caller; it keeps every rule that is
// not per-conflict work (restarts, clause-database reduction, Gauss–Jordan, proofs, plain
// DPLL's heuristics) and reads the state through typed-array views of this memory.
//
// Conventions as in MiniSat: a literal is 2·var + sign, `lit ^ 1` its negation; a clause
// reference (cr) is a slot offset into the arena, whose clauses are [size, flags, lit0, lit1,
// …] with the watched literals first; a binary clause is watched as ~cr with the other
// literal as blocker. Memory comes from the runtime's allocator (TLSF, `heap.*`): a block may
// move when it grows, so every pointer JavaScript reads lives in the header, and `gen` counts
// the moves (JavaScript rebuilds its views when it changed, or the memory grew).

// ---- the header: what JavaScript reads and writes (i32 slots; f64 slots after F_BASE) -----

export const H_TRAIL_SIZE: i32 = 0;
export const H_QHEAD: i32 = 1;
export const H_LEVELS: i32 = 2;
export const H_NUM_VARS: i32 = 3;
export const H_VAR_CAP: i32 = 4;
export const H_LEVEL_CAP: i32 = 5;
export const H_ARENA_TOP: i32 = 6;
export const H_ARENA_CAP: i32 = 7;
export const H_GEN: i32 = 8;
export const H_VSIDS: i32 = 9;
export const H_LBD: i32 = 10;
export const H_BACKJUMP: i32 = 11;
export const H_VALS: i32 = 12;
export const H_LEVEL: i32 = 13;
export const H_REASON: i32 = 14;
export const H_TRAIL: i32 = 15;
export const H_TRAIL_LIM: i32 = 16;
export const H_ARENA: i32 = 17;
export const H_LEARNT: i32 = 18;
export const H_INPUT: i32 = 19;
export const H_INPUT_CAP: i32 = 20;
/** What `addClause` kept: the clause's length after dropping false and repeated literals. */
export const H_KEPT: i32 = 21;
/** f64 slot index (of a Float64Array over the same header) of the propagation count. */
export const F_PROPAGATIONS: i32 = 16;
/** f64 slot index of the VSIDS bump amount. */
export const F_VAR_INC: i32 = 17;

const H: usize = memory.data(160, 16);

export function header(): usize {
  return H;
}

const NO_REASON: i32 = -1;
const HEADER_SLOTS: i32 = 2;
const FLAG_LEARNT: i32 = 1;
const LBD_SHIFT: i32 = 2;
const VAR_DECAY: f64 = 0.95;

function hget(slot: i32): i32 {
  return load<i32>(H + ((<usize>slot) << 2));
}
function hset(slot: i32, value: i32): void {
  store<i32>(H + ((<usize>slot) << 2), value);
}

// ---- state (pointers are byte addresses) --------------------------------------------------

/** Value per literal: 1 true, −1 false, 0 unassigned (i8). */
let vals: usize = 0;
/** Decision level per variable (i32). */
let level: usize = 0;
/** Reason clause per variable, or NO_REASON (i32). */
let reason: usize = 0;
/** Assigned literals in order (i32). */
let trail: usize = 0;
/** trailLim[d]: trail size when level d + 1 began (i32, per level). */
let trailLim: usize = 0;
/** Per-level stamps for LBD (i32, per level). */
let levelStamp: usize = 0;
/** VSIDS activity (f64). */
let activity: usize = 0;
/** Saved phase: the sign bit each variable last had (u8). */
let polarity: usize = 0;
/** Analysis marks (u8). */
let seen: usize = 0;
/** Heap of variables by activity, and each variable's position or −1 (i32). */
let heapVars: usize = 0;
let heapIndex: usize = 0;
let heapCount: i32 = 0;
/** The learned clause being built, learnt[0] asserting (i32, capacity vars + 1). */
let learnt: usize = 0;
/** Minimisation's stack and the literals whose marks to clear (i32). */
let stack: usize = 0;
let toClear: usize = 0;
/** Per literal: watch list block, used slots (two per watcher), capacity in slots, and
 * attached clauses containing it (the list is kept at least twice that long). */
let watchPtr: usize = 0;
let watchSize: usize = 0;
let watchCap: usize = 0;
let occurs: usize = 0;
/** The clause arena (i32 slots). */
let arena: usize = 0;
/** Where JavaScript writes a clause of DIMACS literals for `addClause` (i32). */
let input: usize = 0;
/** Generation for the LBD stamps. */
let stamp: i32 = 0;

function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
function setI32(base: usize, i: i32, value: i32): void {
  store<i32>(base + ((<usize>i) << 2), value);
}
function valueOf(lit: i32): i32 {
  return <i32>load<i8>(vals + <usize>lit);
}
function mem(i: i32): i32 {
  return load<i32>(arena + ((<usize>i) << 2));
}
function setMem(i: i32, value: i32): void {
  store<i32>(arena + ((<usize>i) << 2), value);
}
function act(v: i32): f64 {
  return load<f64>(activity + ((<usize>v) << 3));
}
function varInc(): f64 {
  return load<f64>(H + ((<usize>F_VAR_INC) << 3));
}

/** A block of `bytes` grown from `ptr` (0: none yet) holding `used` bytes, the rest zeroed. */
function regrow(ptr: usize, used: usize, bytes: usize): usize {
  const fresh = ptr === 0 ? heap.alloc(bytes) : heap.realloc(ptr, bytes);
  memory.fill(fresh + used, 0, bytes - used);
  return fresh;
}

function publish(): void {
  hset(H_VALS, <i32>vals);
  hset(H_LEVEL, <i32>level);
  hset(H_REASON, <i32>reason);
  hset(H_TRAIL, <i32>trail);
  hset(H_TRAIL_LIM, <i32>trailLim);
  hset(H_ARENA, <i32>arena);
  hset(H_LEARNT, <i32>learnt);
  hset(H_INPUT, <i32>input);
  hset(H_GEN, hget(H_GEN) + 1);
}

/** Starts an empty solver; `vsids` 1 keeps the VSIDS heap (else branching is JavaScript's). */
export function init(vsids: i32): void {
  hset(H_VSIDS, vsids);
  store<f64>(H + ((<usize>F_VAR_INC) << 3), 1.0);
  store<f64>(H + ((<usize>F_PROPAGATIONS) << 3), 0.0);
  growVars(1);
  reserveLevels(1);
  reserveArena(1 << 12);
  reserveInput(64);
}

/** Makes room for a clause of `n` literals in `input`. */
export function reserveInput(n: i32): void {
  const old = hget(H_INPUT_CAP);
  if (n <= old) return;
  const cap = n > 2 * old ? n : 2 * old;
  input = regrow(input, 0, (<usize>cap) << 2);
  hset(H_INPUT_CAP, cap);
  publish();
}

// ---- growth ------------------------------------------------------------------------------

/** Makes room for `cap` variables in every per-variable and per-literal array. */
function growVars(cap: i32): void {
  const old = <usize>hget(H_VAR_CAP);
  const n = <usize>cap;
  vals = regrow(vals, 2 * old, 2 * n);
  level = regrow(level, old << 2, n << 2);
  reason = regrow(reason, old << 2, n << 2);
  trail = regrow(trail, old << 2, n << 2);
  activity = regrow(activity, old << 3, n << 3);
  polarity = regrow(polarity, old, n);
  seen = regrow(seen, old, n);
  heapVars = regrow(heapVars, old << 2, n << 2);
  heapIndex = regrow(heapIndex, old << 2, n << 2);
  learnt = regrow(learnt, (old + 1) << 2, (n + 1) << 2);
  stack = regrow(stack, old << 2, n << 2);
  toClear = regrow(toClear, old << 2, n << 2);
  watchPtr = regrow(watchPtr, old << 3, n << 3);
  watchSize = regrow(watchSize, old << 3, n << 3);
  watchCap = regrow(watchCap, old << 3, n << 3);
  occurs = regrow(occurs, old << 3, n << 3);
  hset(H_VAR_CAP, cap);
  publish();
}

/** Adds variables up to `n` (unassigned, phase negative, in the heap under VSIDS). */
export function growTo(n: i32): void {
  const old = hget(H_NUM_VARS);
  if (n <= old) return;
  const cap = hget(H_VAR_CAP);
  if (n > cap) growVars(n > 2 * cap ? n : 2 * cap);
  for (let v = old; v < n; v++) {
    setI32(reason, v, NO_REASON);
    store<u8>(polarity + <usize>v, 1);
    setI32(heapIndex, v, -1);
  }
  hset(H_NUM_VARS, n);
  if (hget(H_VSIDS) !== 0) for (let v = old; v < n; v++) heapInsert(v);
}

/** Makes room for `n` decision levels (trailLim and the LBD stamps hold n + 1 entries). */
export function reserveLevels(n: i32): void {
  const old = hget(H_LEVEL_CAP);
  if (n + 1 <= old) return;
  const cap = n + 1 > 2 * old ? n + 1 : 2 * old;
  trailLim = regrow(trailLim, (<usize>old) << 2, (<usize>cap) << 2);
  levelStamp = regrow(levelStamp, (<usize>old) << 2, (<usize>cap) << 2);
  hset(H_LEVEL_CAP, cap);
  publish();
}

/** Makes room for `slots` arena slots in all. */
export function reserveArena(slots: i32): void {
  const old = hget(H_ARENA_CAP);
  if (slots <= old) return;
  let cap = old > 0 ? old : 1 << 12;
  while (cap < slots) cap *= 2;
  arena = regrow(arena, (<usize>hget(H_ARENA_TOP)) << 2, (<usize>cap) << 2);
  hset(H_ARENA_CAP, cap);
  publish();
}

/** Reserves a clause of `size` literals at the arena's top (JavaScript writes the literals). */
export function allocClause(size: i32, learntFlag: i32, lbd: i32): i32 {
  const cr = hget(H_ARENA_TOP);
  reserveArena(cr + HEADER_SLOTS + size);
  setMem(cr, size);
  setMem(cr + 1, (learntFlag !== 0 ? FLAG_LEARNT : 0) | (lbd << LBD_SHIFT));
  hset(H_ARENA_TOP, cr + HEADER_SLOTS + size);
  return cr;
}

// ---- watches -----------------------------------------------------------------------------

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

function pushWatch(lit: i32, cr: i32, blocker: i32): void {
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

/** Forgets every watch and occurrence count, before all live clauses are attached again. */
export function detachAll(): void {
  const lits = (<usize>(2 * hget(H_NUM_VARS))) << 2;
  memory.fill(watchSize, 0, lits);
  memory.fill(occurs, 0, lits);
}

// ---- assignment --------------------------------------------------------------------------

function assign(lit: i32, from: i32, lvl: i32, at: i32): void {
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

// ---- VSIDS -------------------------------------------------------------------------------

function siftUp(start: i32): void {
  const v = i32At(heapVars, start);
  const a = act(v);
  let i = start;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const p = i32At(heapVars, parent);
    if (act(p) >= a) break;
    setI32(heapVars, i, p);
    setI32(heapIndex, p, i);
    i = parent;
  }
  setI32(heapVars, i, v);
  setI32(heapIndex, v, i);
}

function siftDown(start: i32): void {
  const v = i32At(heapVars, start);
  const a = act(v);
  let i = start;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= heapCount) break;
    const right = child + 1;
    if (right < heapCount && act(i32At(heapVars, right)) > act(i32At(heapVars, child))) {
      child = right;
    }
    const c = i32At(heapVars, child);
    if (act(c) <= a) break;
    setI32(heapVars, i, c);
    setI32(heapIndex, c, i);
    i = child;
  }
  setI32(heapVars, i, v);
  setI32(heapIndex, v, i);
}

function heapInsert(v: i32): void {
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

// ---- conflict analysis -------------------------------------------------------------------

/**
 * Builds the 1-UIP clause of conflict `conflict` in `learnt` (bumping every variable met),
 * minimises it (MiniSat's recursive minimisation), moves the literal of the highest level
 * after the asserting one to position 1 and sets the header's BACKJUMP (that level) and LBD.
 * Returns the clause's length. Leaves no mark in `seen`.
 */
export function analyze(conflict: i32): i32 {
  const currentLevel = hget(H_LEVELS);
  let size = 1;
  let pathCount = 0;
  let p = -1;
  let index = hget(H_TRAIL_SIZE) - 1;
  let cr = conflict;
  do {
    const end = cr + HEADER_SLOTS + mem(cr);
    // A reason clause holds p itself (at position 0, or 1 in a binary clause); skip it.
    const implied = p >> 1;
    for (let k = cr + HEADER_SLOTS; k < end; k++) {
      const q = mem(k);
      const v = q >> 1;
      if (load<u8>(seen + <usize>v) === 0 && i32At(level, v) > 0 && v !== implied) {
        bumpVar(v);
        store<u8>(seen + <usize>v, 1);
        if (i32At(level, v) >= currentLevel) pathCount++;
        else setI32(learnt, size++, q);
      }
    }
    while (load<u8>(seen + <usize>(i32At(trail, index) >> 1)) === 0) index--;
    p = i32At(trail, index);
    index--;
    cr = i32At(reason, p >> 1);
    store<u8>(seen + <usize>(p >> 1), 0);
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
