// When to restart: Glucose 2's dynamic restarts (Audemard & Simon, 2012). Restart when the
// recent learned clauses are much worse (higher LBD) than the average so far, and postpone
// when the trail is unusually long — the search may be close to a model. The one
// implementation: `learn` (kernel/search.ts) records every conflict, and both search loops —
// the kernel's `run` and JavaScript's (src/sat/search.ts, with XORs, proofs or assumptions) —
// ask `restartDue`.

const RECENT_LBD: i32 = 50;
const RECENT_TRAIL: i32 = 5000;
/** Restart when recent LBD × K exceeds the global average. */
const RESTART_K: f64 = 0.8;
/** Postpone a restart when the trail is this much longer than usual… */
const BLOCK_FACTOR: f64 = 1.4;
/** …but only after this many conflicts. */
const BLOCK_AFTER: i32 = 10000;

// A window over the most recent values (small integers: LBDs, trail sizes) is a block of
// [next i32, filled i32, size i32, unused i32, total f64, values i32 × size]. The total is a
// double, as exact as an integer here (< 2^53) and never overflowing 32 bits.
const W_NEXT: usize = 0;
const W_FILLED: usize = 4;
const W_SIZE: usize = 8;
const W_TOTAL: usize = 16;
const W_VALUES: usize = 24;

function newWindow(size: i32): usize {
  const at = heap.alloc(W_VALUES + ((<usize>size) << 2));
  memory.fill(at, 0, W_VALUES);
  store<i32>(at + W_SIZE, size);
  return at;
}

function windowFull(w: usize): bool {
  return load<i32>(w + W_FILLED) === load<i32>(w + W_SIZE);
}

function windowAverage(w: usize): f64 {
  const filled = load<i32>(w + W_FILLED);
  return filled === 0 ? 0 : load<f64>(w + W_TOTAL) / <f64>filled;
}

function windowPush(w: usize, x: i32): void {
  const next = load<i32>(w + W_NEXT);
  const slot = w + W_VALUES + ((<usize>next) << 2);
  let total = load<f64>(w + W_TOTAL);
  if (windowFull(w)) total -= <f64>load<i32>(slot);
  else store<i32>(w + W_FILLED, load<i32>(w + W_FILLED) + 1);
  store<i32>(slot, x);
  store<f64>(w + W_TOTAL, total + <f64>x);
  store<i32>(w + W_NEXT, next + 1 === load<i32>(w + W_SIZE) ? 0 : next + 1);
}

function windowClear(w: usize): void {
  store<i32>(w + W_NEXT, 0);
  store<i32>(w + W_FILLED, 0);
  store<f64>(w + W_TOTAL, 0);
}

/** LBDs of the last RECENT_LBD learned clauses. */
let recentLbd: usize = 0;
/** Trail sizes at the last RECENT_TRAIL conflicts. */
let recentTrail: usize = 0;
/** Sum and count of every LBD so far. */
let lbdSum: f64 = 0;
let conflicts: i32 = 0;

/** Allocates the windows (once, from `init`). */
export function initRestarts(): void {
  recentLbd = newWindow(RECENT_LBD);
  recentTrail = newWindow(RECENT_TRAIL);
}

/** Records a conflict whose learned clause has LBD `lbd`, the trail `trailSize` long after it. */
export function restartsOnConflict(lbd: i32, trailSize: i32): void {
  conflicts++;
  lbdSum += <f64>lbd;
  windowPush(recentTrail, trailSize);
  if (
    conflicts > BLOCK_AFTER &&
    windowFull(recentLbd) &&
    <f64>trailSize > BLOCK_FACTOR * windowAverage(recentTrail)
  ) {
    windowClear(recentLbd);
  }
  windowPush(recentLbd, lbd);
}

/** 1 when the search should restart now. */
export function restartDue(): i32 {
  return windowFull(recentLbd) && windowAverage(recentLbd) * RESTART_K > lbdSum / <f64>conflicts
    ? 1
    : 0;
}

/** The search restarted: the recent LBDs start over. */
export function restarted(): void {
  windowClear(recentLbd);
}
