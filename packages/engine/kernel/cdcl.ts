// The CDCL kernel in AssemblyScript, compiled to WebAssembly (scripts/build-kernel.mjs writes
// src/sat/kernel/wasm.ts from this entry and the modules beside it: state (header, blocks,
// growth), watches, propagate (trail, propagation, backjumping), vsids, analyze, clauses,
// restarts (Glucose's policy) and search (`learn`, and `run`, the whole CDCL loop); and
// two passes over a whole formula, each run in an instance of its own before any solver:
// scan, the DIMACS fast path, and first-look, the XOR first look's count). It holds the
// solver's hot state in its linear memory and runs what every conflict runs: unit propagation
// over watched literals, 1-UIP conflict analysis with recursive minimisation, backjumping with
// phase saving, VSIDS's heap and the restart policy — the whole loop, for the searches
// JavaScript need not see per conflict; and the whole-formula work JavaScript ran cold:
// loading clauses in batches and checking a model.
// Machine code from the first instruction (V8's Liftoff compiles the module in under a
// millisecond), where the same loops in JavaScript ran 5–10× slower in a fresh process until
// V8 optimised them. Its callers are src/sat/kernel/kernel.ts (the module, the scan and the
// count), solver-core.ts, search.ts, conflict.ts and load-batch.ts; they keep every rule that
// is not per-conflict work (clause-database reduction, Gauss–Jordan, writing the proof, the
// failed assumptions' analysis, plain DPLL and its heuristics) and read the state through
// typed-array views of this memory.
//
// Conventions as in MiniSat: a literal is 2·var + sign, `lit ^ 1` its negation; a clause
// reference (cr) is a slot offset into the arena, whose clauses are [size, flags, lit0, lit1,
// …] with the watched literals first; a binary clause is watched as ~cr with the other
// literal as blocker. Memory comes from the runtime's allocator (TLSF, `heap.*`): a block may
// move when it grows, so every pointer JavaScript reads lives in the header, and `gen` counts
// the moves (JavaScript rebuilds its views when it changed, or the memory grew).

import {
  F_PROPAGATIONS,
  F_VAR_INC,
  H,
  H_NUM_VARS,
  H_VAR_CAP,
  H_VSIDS,
  NO_REASON,
  growVars,
  heapIndex,
  hget,
  hset,
  polarity,
  reason,
  reserveArena,
  reserveInput,
  reserveLevels,
  setI32,
} from './state';
import { heapInsert } from './vsids';
import { initRestarts } from './restarts';
import { initSearch } from './search';

// What JavaScript calls and reads (src/sat/kernel/kernel.ts): the module's exports.
export {
  H_TRAIL_SIZE,
  H_QHEAD,
  H_LEVELS,
  H_NUM_VARS,
  H_VAR_CAP,
  H_LEVEL_CAP,
  H_ARENA_TOP,
  H_ARENA_CAP,
  H_GEN,
  H_VSIDS,
  H_LBD,
  H_BACKJUMP,
  H_VALS,
  H_LEVEL,
  H_REASON,
  H_TRAIL,
  H_TRAIL_LIM,
  H_ARENA,
  H_LEARNT,
  H_INPUT,
  H_INPUT_CAP,
  H_KEPT,
  H_STORED,
  H_SCAN_RECORDS,
  H_SCAN_SLOTS,
  H_SCAN_VARS,
  H_SCAN_CLAUSES,
  H_LEARNT_SIZE,
  H_RUN_CONFLICTS,
  H_RUN_DECISIONS,
  H_RUN_RESTARTS,
  H_RUN_LEARNED,
  H_RUN_TICKS,
  H_RUN_FRESH,
  H_RUN_LEARNTS,
  H_RUN_CAPACITY,
  H_PROOF_LOG,
  H_PROOF_USED,
  H_PROOF_CAP,
  H_ASSUMED,
  H_ASSUMED_COUNT,
  H_ASSUMED_CAP,
  H_RUN_FAILED,
  F_PROPAGATIONS,
  F_VAR_INC,
} from './state';
export { allocClause, reserveArena, reserveInput, reserveLevels } from './state';
export { attachAll, detachAll } from './watches';
export { backtrack, enqueue, propagate } from './propagate';
export { bumpClause, decayActivities, pickBranch } from './vsids';
export { restartDue, restarted } from './restarts';
export {
  RUN_ASSUMPTION_FALSE,
  RUN_CONFLICTS,
  RUN_REDUCE,
  RUN_SAT,
  RUN_TICKS,
  RUN_UNSAT,
  assume,
  learn,
  newDecisionLevel,
  nextAssumption,
  reserveAssumptions,
  run,
} from './search';
export { scan } from './scan';
export { xorGroups } from './first-look';

/** A zeroed block of `bytes` bytes for JavaScript to fill (a scan's text, a first look's records). */
export function alloc(bytes: usize): usize {
  const at = heap.alloc(bytes);
  memory.fill(at, 0, bytes);
  return at;
}
export {
  ADD_EMPTY,
  ADD_INVALID,
  ADD_SATISFIED,
  ADD_UNIT,
  addClause,
  addClauses,
  firstFalsified,
} from './clauses';

export function header(): usize {
  return H;
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
  initRestarts();
  initSearch();
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
