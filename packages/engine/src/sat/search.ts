import { HEADER } from './clause-arena.ts';
import { analyzeFinal, learnFrom } from './conflict.ts';
import { NO_LIT, NO_REASON } from './lit.ts';
import { compact, reduceLearnts } from './reduce.ts';
import { CHECK_EVERY, FIRST_REDUCE, REDUCE_INCREMENT } from './params.ts';
import { violatedXor } from './xor/engine.ts';
import { Run, Slot } from './kernel/kernel.ts';
import type { SolverCore } from './solver-core.ts';

export const SearchStatus = {
  sat: 0,
  /** The formula itself is unsatisfiable. */
  unsat: 1,
  /** Unsatisfiable under the assumptions; `failed` holds the responsible ones. */
  unsatAssumptions: 2,
  conflictBudget: 3,
  timeBudget: 4,
  aborted: 5,
  /** The caller's slice ended; calling `search` again continues where it stopped. */
  paused: 6,
} as const;
export type SearchStatusCode = (typeof SearchStatus)[keyof typeof SearchStatus];

/** Limits of one `search` run, checked every few conflicts and decisions. */
export interface SearchLimits {
  /** Packed assumption literals, placed as the first decision levels. */
  readonly assumptions: Int32Array;
  /** Stop with `conflictBudget` once `stats.conflicts` reaches this. */
  readonly conflictLimit: number;
  /** Stop with `timeBudget` at this `performance.now()`. */
  readonly deadline: number;
  /** Stop with `paused` at this `performance.now()`. */
  readonly sliceEnd: number;
  readonly signal: AbortSignal | undefined;
}

/** Luby's sequence 1 1 2 1 1 2 4 1 1 2 …: budgets for restarted randomised searches. */
export function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  let x = i;
  while (size - 1 !== x) {
    size = (size - 1) >> 1;
    seq--;
    x = x % size;
  }
  return 2 ** seq;
}

/**
 * Runs the search loop until an answer or a limit. Re-entrant: after `paused` the state is
 * consistent and a further call continues the same search.
 */
export function search(s: SolverCore, limits: SearchLimits): SearchStatusCode {
  placeAssumptions(s, limits.assumptions);
  if (kernelRuns(s)) return runInKernel(s, limits);
  const assumptions = limits.assumptions;
  /** A conflict found outside propagation (an XOR violated by a full assignment). */
  let found = NO_REASON;
  for (;;) {
    const conflict =
      found !== NO_REASON ? found : s.gauss === null ? s.propagate() : propagateWithXors(s);
    found = NO_REASON;
    if (conflict !== NO_REASON) {
      s.stats.conflicts++;
      if (s.levels === 0) {
        s.ok = false;
        return SearchStatus.unsat;
      }
      if (s.learning) learnFrom(s, conflict);
      else if (!flipLastDecision(s, conflict, assumptions.length)) {
        if (assumptions.length === 0) s.ok = false;
        s.failed = Array.from(assumptions);
        return assumptions.length === 0 ? SearchStatus.unsat : SearchStatus.unsatAssumptions;
      }
      if (s.stats.conflicts >= limits.conflictLimit) return SearchStatus.conflictBudget;
    } else {
      if (s.learning) maybeRestartOrReduce(s);
      else if (s.gauss?.wantsCompaction() === true) compact(s);
      // The kernel places the assumptions (kernel/search.ts `nextAssumption`), as in its loop.
      let next = s.kernel.nextAssumption();
      if (next === ASSUMPTION_FALSE) {
        analyzeFinal(s, s.regs[Slot.runFailed]!);
        return SearchStatus.unsatAssumptions;
      }
      if (next === NO_LIT) {
        next = s.pickBranchLiteral();
        if (next === NO_LIT) {
          if (s.gauss !== null) found = violatedXor(s, s.gauss, s.xors);
          if (found === NO_REASON) return SearchStatus.sat;
          toConflictLevel(s, found);
          continue;
        }
        s.stats.decisions++;
      }
      s.newDecisionLevel();
      s.enqueue(next, NO_REASON);
    }
    if ((++s.ticks & (CHECK_EVERY - 1)) === 0) {
      const stop = checkLimits(limits);
      if (stop !== undefined) return stop;
    }
  }
}

/**
 * Unit propagation through the clauses and the Gauss–Jordan matrices, in turns until neither
 * assigns anything more. Returns a conflict clause or NO_REASON.
 */
function propagateWithXors(s: SolverCore): number {
  const gauss = s.gauss!;
  for (;;) {
    const conflict = s.propagate();
    if (conflict !== NO_REASON) return conflict;
    const found = gauss.propagate(s);
    if (found !== NO_REASON) return toConflictLevel(s, found);
    if (s.qhead === s.trailSize) return NO_REASON;
  }
}

/**
 * Backtracks to the highest level among the literals of conflict clause `cr` (all false), so
 * that analysis finds one of them at the current level. Returns `cr`.
 */
function toConflictLevel(s: SolverCore, cr: number): number {
  const mem = s.arena.mem;
  let max = 0;
  for (let k = cr + HEADER, end = k + mem[cr]!; k < end; k++) {
    max = Math.max(max, s.level[mem[k]! >> 1]!);
  }
  s.backtrack(max);
  return cr;
}

/**
 * Plain DPLL's backtrack: undo to the deepest decision not yet flipped and assert its
 * negation as the second branch. False when no such decision remains above the assumptions.
 */
function flipLastDecision(s: SolverCore, conflict: number, assumptionLevels: number): boolean {
  if (s.heuristic === 'vsids') bumpClause(s, conflict);
  let lvl = s.levels;
  while (lvl > assumptionLevels && s.flipped[lvl] === 1) lvl--;
  if (lvl <= assumptionLevels) return false;
  const decision = s.trail[s.trailLim[lvl - 1]!]!;
  s.backtrack(lvl - 1);
  s.newDecisionLevel();
  s.flipped[s.levels] = 1;
  s.enqueue(decision ^ 1, NO_REASON);
  return true;
}

function bumpClause(s: SolverCore, cr: number): void {
  s.kernel.bumpClause(cr);
  s.kernel.decayActivities();
}

/**
 * Whether the kernel's own loop (kernel/search.ts `run`) carries this search: CDCL with VSIDS
 * and no Gauss–Jordan matrices, which JavaScript must see at every assignment. The same steps
 * in the same order as the loop above, so the same search; in a fresh process it runs at
 * machine speed from the first conflict.
 */
const kernelRuns = (s: SolverCore): boolean =>
  s.kernelLoop && s.learning && s.heuristic === 'vsids' && s.gauss === null;

/** The kernel's `nextAssumption` when the next assumption is false (−1, NO_LIT: all placed). */
const ASSUMPTION_FALSE = -2;

/** Most conflicts one kernel `run` is asked to allow (an i32 there). */
const MAX_RUN_CONFLICTS = 0x7fffffff;

/** The search loop in the kernel, back here every CHECK_EVERY turns for the limits. */
function runInKernel(s: SolverCore, limits: SearchLimits): SearchStatusCode {
  const proof = s.proof === null ? 0 : 1;
  for (;;) {
    const conflictsLeft = Math.min(limits.conflictLimit - s.stats.conflicts, MAX_RUN_CONFLICTS);
    const reduceIn = Math.min(s.nextReduce - s.stats.conflicts, MAX_RUN_CONFLICTS);
    const turns = CHECK_EVERY - (s.ticks & (CHECK_EVERY - 1));
    const status = s.kernel.run(conflictsLeft, reduceIn, turns, proof);
    absorbRun(s);
    if (status === Run.sat) return SearchStatus.sat;
    if (status === Run.unsat) {
      s.ok = false;
      return SearchStatus.unsat;
    }
    if (status === Run.conflicts) return SearchStatus.conflictBudget;
    if (status === Run.assumptionFalse) {
      analyzeFinal(s, s.regs[Slot.runFailed]!);
      return SearchStatus.unsatAssumptions;
    }
    if (status === Run.reduce) reduce(s);
    else {
      const stop = checkLimits(limits);
      if (stop !== undefined) return stop;
    }
  }
}

/** Gives the kernel this call's assumptions (none: an earlier call's are forgotten). */
function placeAssumptions(s: SolverCore, assumptions: Int32Array): void {
  const kernel = s.kernel;
  kernel.reserveAssumptions(assumptions.length);
  s.sync();
  const regs = s.regs;
  new Int32Array(kernel.memory.buffer, regs[Slot.assumed]!, assumptions.length).set(assumptions);
  kernel.assume(assumptions.length);
}

/**
 * Adds what the last kernel `run` did to the counters and the list of learned clauses, and
 * writes the clauses it learned to the proof, in order, before anything else can be.
 */
function absorbRun(s: SolverCore): void {
  s.sync();
  const regs = s.regs;
  const stats = s.stats;
  stats.conflicts += regs[Slot.runConflicts]!;
  stats.decisions += regs[Slot.runDecisions]!;
  stats.restarts += regs[Slot.runRestarts]!;
  stats.learned += regs[Slot.runLearned]!;
  s.ticks += regs[Slot.runTicks]!;
  const fresh = s.runLearnts;
  for (let i = 0, n = regs[Slot.runFresh]!; i < n; i++) s.learnts.push(fresh[i]!);
  const logged = regs[Slot.proofUsed]!;
  if (s.proof !== null && logged > 0) {
    const log = new Int32Array(s.kernel.memory.buffer, regs[Slot.proofLog]!, logged);
    // 1-UIP clauses, minimised or not, are implied by reverse unit propagation: DRAT lemmas.
    for (let at = 0; at < logged; at += log[at]! + 1)
      s.proof.add(log.subarray(at + 1, at + 1 + log[at]!));
    regs[Slot.proofUsed] = 0;
  }
}

function maybeRestartOrReduce(s: SolverCore): void {
  if (s.kernel.restartDue() !== 0) {
    s.stats.restarts++;
    s.kernel.restarted();
    s.backtrack(0);
  }
  if (s.stats.conflicts >= s.nextReduce) reduce(s);
  else if (s.gauss?.wantsCompaction() === true) compact(s);
}

/** Reduces the learned clauses and sets when the next reduction is due. */
function reduce(s: SolverCore): void {
  s.reductions++;
  s.nextReduce = s.stats.conflicts + FIRST_REDUCE + REDUCE_INCREMENT * s.reductions;
  reduceLearnts(s);
}

function checkLimits(limits: SearchLimits): SearchStatusCode | undefined {
  if (limits.signal?.aborted) return SearchStatus.aborted;
  const now = performance.now();
  if (now >= limits.deadline) return SearchStatus.timeBudget;
  if (now >= limits.sliceEnd) return SearchStatus.paused;
  return undefined;
}
