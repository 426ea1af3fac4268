// The CDCL search loop, and learning from a conflict. `learn` is what every conflict runs in
// either loop; `run` is the whole loop — propagate, learn, restart, place the assumptions,
// decide — for the searches JavaScript need not see per conflict (CDCL with VSIDS and no XORs:
// src/sat/search.ts decides), writing a proof log of what it learned when asked. It returns
// to JavaScript every few turns (the clock, the abort signal, the proof log drained), when
// the learned clauses are due for reduction (reduce.ts, JavaScript's), at a conflict budget,
// at a false assumption and with the answer. JavaScript's own loop keeps the same order of
// steps.

import {
  H_ASSUMED,
  H_ASSUMED_CAP,
  H_ASSUMED_COUNT,
  H_BACKJUMP,
  H_LBD,
  H_LEARNT_SIZE,
  H_LEVELS,
  H_PROOF_CAP,
  H_PROOF_LOG,
  H_PROOF_USED,
  H_RUN_CAPACITY,
  H_RUN_CONFLICTS,
  H_RUN_DECISIONS,
  H_RUN_FAILED,
  H_RUN_FRESH,
  H_RUN_LEARNED,
  H_RUN_LEARNTS,
  H_RUN_RESTARTS,
  H_RUN_TICKS,
  H_TRAIL_SIZE,
  NO_REASON,
  hget,
  hset,
  i32At,
  learnt,
  publish,
  regrow,
  setI32,
  trailLim,
  valueOf,
} from './state';
import { analyze } from './analyze';
import { addLearnt } from './clauses';
import { backtrack, enqueue, propagate } from './propagate';
import { decayActivities, pickBranch } from './vsids';
import { restartDue, restarted, restartsOnConflict } from './restarts';

/** `run`'s answers (JavaScript's `Run`). */
export const RUN_SAT: i32 = 0;
export const RUN_UNSAT: i32 = 1;
export const RUN_CONFLICTS: i32 = 2;
export const RUN_REDUCE: i32 = 3;
export const RUN_TICKS: i32 = 4;
export const RUN_ASSUMPTION_FALSE: i32 = 5;

/** Most turns of one `run`: the size of its block of learned clause references. */
const RUN_CAPACITY: i32 = 64;

/** Allocates `run`'s block (once, from `init`). */
export function initSearch(): void {
  hset(H_RUN_LEARNTS, <i32>heap.alloc((<usize>RUN_CAPACITY) << 2));
  hset(H_RUN_CAPACITY, RUN_CAPACITY);
}

/** Makes room for `n` assumptions, which JavaScript writes at H_ASSUMED before `assume`. */
export function reserveAssumptions(n: i32): void {
  const old = hget(H_ASSUMED_CAP);
  if (n <= old) return;
  const cap = n > 2 * old ? n : 2 * old;
  hset(H_ASSUMED, <i32>regrow(<usize>hget(H_ASSUMED), 0, (<usize>cap) << 2));
  hset(H_ASSUMED_CAP, cap);
  publish();
}

/** The next `run`s place the first `n` literals at H_ASSUMED as the first decision levels. */
export function assume(n: i32): void {
  hset(H_ASSUMED_COUNT, n);
}

/**
 * The literal to assert as the next assumption level, opening empty levels for assumptions
 * already true: −1 when every assumption is placed, −2 when one is false (in H_RUN_FAILED).
 * Both search loops place assumptions through it.
 */
export function nextAssumption(): i32 {
  const assumed = <usize>hget(H_ASSUMED);
  const count = hget(H_ASSUMED_COUNT);
  for (let levels = hget(H_LEVELS); levels < count; levels = hget(H_LEVELS)) {
    const p = i32At(assumed, levels);
    const value = valueOf(p);
    if (value === 0) return p;
    if (value === -1) {
      hset(H_RUN_FAILED, p);
      return -2;
    }
    newDecisionLevel();
  }
  return -1;
}

/** Appends the clause `learn` just built to the proof log, as a record [n, literals…]. */
function logLemma(): void {
  const size = hget(H_LEARNT_SIZE);
  const used = hget(H_PROOF_USED);
  const cap = hget(H_PROOF_CAP);
  if (used + size + 1 > cap) {
    let next = cap > 0 ? 2 * cap : 1024;
    while (next < used + size + 1) next *= 2;
    const at = regrow(<usize>hget(H_PROOF_LOG), (<usize>used) << 2, (<usize>next) << 2);
    hset(H_PROOF_LOG, <i32>at);
    hset(H_PROOF_CAP, next);
    publish();
  }
  const log = <usize>hget(H_PROOF_LOG);
  setI32(log, used, size);
  memory.copy(log + ((<usize>(used + 1)) << 2), learnt, (<usize>size) << 2);
  hset(H_PROOF_USED, used + size + 1);
}

/** Opens a decision level (reserveLevels made room for it). */
export function newDecisionLevel(): void {
  const levels = hget(H_LEVELS);
  setI32(trailLim, levels, hget(H_TRAIL_SIZE));
  hset(H_LEVELS, levels + 1);
}

/**
 * Learns from conflict `conflict` at a level above 0: analyses it (the 1-UIP clause, left in
 * `learnt`, its length in H_LEARNT_SIZE), backjumps, asserts the clause's first literal —
 * storing and watching the clause unless it is a unit — records the conflict for the restart
 * policy and decays the activities. Returns the stored clause's reference, or NO_REASON for a
 * unit. Backjumping leaves `trailLim` as it was, so a caller may still read where the undone
 * levels began.
 */
export function learn(conflict: i32): i32 {
  const size = analyze(conflict);
  const lbd = hget(H_LBD);
  hset(H_LEARNT_SIZE, size);
  backtrack(hget(H_BACKJUMP));
  let cr = NO_REASON;
  if (size === 1) enqueue(i32At(learnt, 0), NO_REASON);
  else cr = addLearnt(size, lbd);
  restartsOnConflict(lbd, hget(H_TRAIL_SIZE));
  decayActivities();
  return cr;
}

/**
 * Runs the search from the current state for at most `ticks` turns (a conflict, an assumption
 * placed or a decision each; at most RUN_CAPACITY): RUN_SAT when every variable is assigned
 * without conflict, RUN_UNSAT at a conflict on level 0, RUN_CONFLICTS once `conflictsLeft`
 * conflicts happened, RUN_REDUCE at the first turn without conflict after `reduceIn`
 * conflicts (a restart, if due, already made), RUN_ASSUMPTION_FALSE when an assumption to
 * place is false (in H_RUN_FAILED), else RUN_TICKS. The H_RUN_* slots say what it did; the
 * references of the clauses it learned are in H_RUN_LEARNTS's block and, when `proof` is 1,
 * the clauses themselves follow in the proof log (JavaScript empties it: H_PROOF_USED = 0).
 * The state is consistent on every return: calling again goes on with the same search.
 */
export function run(conflictsLeft: i32, reduceIn: i32, ticks: i32, proof: i32): i32 {
  const turns = ticks < RUN_CAPACITY ? ticks : RUN_CAPACITY;
  const fresh = <usize>hget(H_RUN_LEARNTS);
  let conflicts = 0;
  let decisions = 0;
  let restarts = 0;
  let learned = 0;
  let stored = 0;
  let tick = 0;
  let status = RUN_TICKS;
  while (tick < turns) {
    const conflict = propagate();
    if (conflict !== NO_REASON) {
      conflicts++;
      if (hget(H_LEVELS) === 0) {
        status = RUN_UNSAT;
        break;
      }
      const cr = learn(conflict);
      if (proof !== 0) logLemma();
      if (cr !== NO_REASON) setI32(fresh, stored++, cr);
      learned++;
      if (conflicts >= conflictsLeft) {
        status = RUN_CONFLICTS;
        break;
      }
    } else {
      if (restartDue() !== 0) {
        restarts++;
        restarted();
        backtrack(0);
      }
      if (conflicts >= reduceIn) {
        status = RUN_REDUCE;
        break;
      }
      let next = nextAssumption();
      if (next === -2) {
        status = RUN_ASSUMPTION_FALSE;
        break;
      }
      if (next === -1) {
        next = pickBranch();
        if (next < 0) {
          status = RUN_SAT;
          break;
        }
        decisions++;
      }
      newDecisionLevel();
      enqueue(next, NO_REASON);
    }
    tick++;
  }
  hset(H_RUN_CONFLICTS, conflicts);
  hset(H_RUN_DECISIONS, decisions);
  hset(H_RUN_RESTARTS, restarts);
  hset(H_RUN_LEARNED, learned);
  hset(H_RUN_TICKS, tick);
  hset(H_RUN_FRESH, stored);
  return status;
}
