// The kernel's memory: the header JavaScript reads, the state's blocks and their growth.

// ---- the header: what JavaScript reads and writes (i32 slots; F_ ones index f64s over it) --

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
/** How many clause references `addClauses` left at the start of `input`. */
export const H_STORED: i32 = 22;
/** What `scan` read (kernel/scan.ts): where its records are, their slots, V, the clauses. */
export const H_SCAN_RECORDS: i32 = 23;
export const H_SCAN_SLOTS: i32 = 24;
export const H_SCAN_VARS: i32 = 25;
export const H_SCAN_CLAUSES: i32 = 26;
/** The length of the clause the last `learn` built (kernel/search.ts). */
export const H_LEARNT_SIZE: i32 = 40;
/** What the last `run` did (kernel/search.ts): its conflicts, decisions, restarts, learned
 * clauses and loop turns, and how many references of clauses it learned its block holds. */
export const H_RUN_CONFLICTS: i32 = 41;
export const H_RUN_DECISIONS: i32 = 42;
export const H_RUN_RESTARTS: i32 = 43;
export const H_RUN_LEARNED: i32 = 44;
export const H_RUN_TICKS: i32 = 45;
export const H_RUN_FRESH: i32 = 46;
/** The block of `run`'s learned clause references, and its capacity (turns per `run`). */
export const H_RUN_LEARNTS: i32 = 47;
export const H_RUN_CAPACITY: i32 = 48;
/** The proof log `run` writes when asked (its learned clauses as records [n, literals…]):
 * where it is, the slots written, its capacity in slots. */
export const H_PROOF_LOG: i32 = 49;
export const H_PROOF_USED: i32 = 50;
export const H_PROOF_CAP: i32 = 51;
/** The assumptions `run` places as the first decision levels: where, how many, capacity. */
export const H_ASSUMED: i32 = 52;
export const H_ASSUMED_COUNT: i32 = 53;
export const H_ASSUMED_CAP: i32 = 54;
/** The assumption `run` found false (RUN_ASSUMPTION_FALSE). */
export const H_RUN_FAILED: i32 = 55;
/** f64 slot index (of a Float64Array over the same header) of the propagation count. */
export const F_PROPAGATIONS: i32 = 16;
/** f64 slot index of the VSIDS bump amount. */
export const F_VAR_INC: i32 = 17;

/** The header: 64 slots of 4 bytes (JavaScript's `HEADER_SLOTS`). */
export const H: usize = memory.data(256, 16);

export const NO_REASON: i32 = -1;
export const HEADER_SLOTS: i32 = 2;
export const FLAG_LEARNT: i32 = 1;
export const LBD_SHIFT: i32 = 2;
export const VAR_DECAY: f64 = 0.95;

export function hget(slot: i32): i32 {
  return load<i32>(H + ((<usize>slot) << 2));
}
export function hset(slot: i32, value: i32): void {
  store<i32>(H + ((<usize>slot) << 2), value);
}

// ---- state (pointers are byte addresses) --------------------------------------------------

/** Value per literal: 1 true, −1 false, 0 unassigned (i8). */
export let vals: usize = 0;
/** Decision level per variable (i32). */
export let level: usize = 0;
/** Reason clause per variable, or NO_REASON (i32). */
export let reason: usize = 0;
/** Assigned literals in order (i32). */
export let trail: usize = 0;
/** trailLim[d]: trail size when level d + 1 began (i32, per level). */
export let trailLim: usize = 0;
/** Per-level stamps for LBD (i32, per level). */
export let levelStamp: usize = 0;
/** VSIDS activity (f64). */
export let activity: usize = 0;
/** Saved phase: the sign bit each variable last had (u8). */
export let polarity: usize = 0;
/** Analysis marks (u8). */
export let seen: usize = 0;
/** Heap of variables by activity, and each variable's position or −1 (i32). */
export let heapVars: usize = 0;
export let heapIndex: usize = 0;
/** The learned clause being built, learnt[0] asserting (i32, capacity vars + 1). */
export let learnt: usize = 0;
/** Minimisation's stack and the literals whose marks to clear (i32). */
export let stack: usize = 0;
export let toClear: usize = 0;
/** Per literal: watch list block, used slots (two per watcher), capacity in slots, and
 * attached clauses containing it (the list is kept at least twice that long). */
export let watchPtr: usize = 0;
export let watchSize: usize = 0;
export let watchCap: usize = 0;
export let occurs: usize = 0;
/** The clause arena (i32 slots). */
export let arena: usize = 0;
/** Where JavaScript writes a clause of DIMACS literals for `addClause` (i32). */
export let input: usize = 0;

export function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
export function setI32(base: usize, i: i32, value: i32): void {
  store<i32>(base + ((<usize>i) << 2), value);
}
export function valueOf(lit: i32): i32 {
  return <i32>load<i8>(vals + <usize>lit);
}
export function mem(i: i32): i32 {
  return load<i32>(arena + ((<usize>i) << 2));
}
export function setMem(i: i32, value: i32): void {
  store<i32>(arena + ((<usize>i) << 2), value);
}
export function act(v: i32): f64 {
  return load<f64>(activity + ((<usize>v) << 3));
}
export function varInc(): f64 {
  return load<f64>(H + ((<usize>F_VAR_INC) << 3));
}

/** A block of `bytes` grown from `ptr` (0: none yet) holding `used` bytes, the rest zeroed. */
export function regrow(ptr: usize, used: usize, bytes: usize): usize {
  const fresh = ptr === 0 ? heap.alloc(bytes) : heap.realloc(ptr, bytes);
  memory.fill(fresh + used, 0, bytes - used);
  return fresh;
}

export function publish(): void {
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
export function growVars(cap: i32): void {
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
