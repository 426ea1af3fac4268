import type { CellIndex, Digit, Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { createState, type LogicState } from '../logic/candidates.ts';
import { findStep, techniqueSpec } from '../logic/techniques.ts';
import type { Step } from '../logic/types.ts';
import { expired, type Deadline } from './deadline.ts';
import { applyAndDiff, fact, FACTS, factValue, readsOf } from './facts.ts';
import { findFocused, focusOn } from './focus.ts';
import { allSingles } from './singles.ts';

export type ChainResult =
  /**
   * The steps, in order; the last one takes the digit out of the cell. `complete` is false
   * when the deadline stopped the search or the shortening early: the chain holds, but a full
   * search might have found a shorter one.
   */
  | { readonly kind: 'chain'; readonly steps: readonly Step[]; readonly complete: boolean }
  /** Every technique is stuck before the digit leaves the cell. */
  | { readonly kind: 'stuck' }
  /** The chain needs more than `maxSteps` steps (`steps` says how many). */
  | { readonly kind: 'long'; readonly steps: number }
  | { readonly kind: 'timeout' };

export interface ChainOptions extends Deadline {
  /** Longer chains are answered `long`: a person does not follow them. */
  readonly maxSteps: number;
}

/**
 * The chain of human techniques that rules `digit` out of `cell` on `board` (candidates from
 * the digits alone, as `nextStep` sees a board), the digit being a candidate there.
 *
 * "Shortest" means the fewest steps among three runs of deductions from that board, each
 * going until the first step that removes the digit from the cell (an elimination, the digit
 * placed in a house the cell shares, or the cell solved) and then cut down to what that last
 * step needs:
 * - the runs (`RunMode`): the grader's order (always the easiest step available); the same
 *   with a step within the cell's own houses taken first; breadth first (every single on the
 *   board each round), which places each digit as early as it can be placed;
 * - pruning: a step is kept when it makes false a fact (a candidate, or a blank) that a kept
 *   later step reads (`readsOf`: what the technique's pattern needs), walking back from the
 *   last step;
 * - tightening: then each kept step, earliest first, is dropped if the rest still holds
 *   without it (every step finds the facts it reads as they were, and only the last one
 *   takes the digit out) — a later placement may clear what an earlier elimination did.
 * Replaying the chain alone therefore finds every step valid and ends with the digit out of
 * the cell, and leaving out any one step breaks it (judged by the facts each step reads). It
 * is not a minimum over every order of deductions (a search the debrief cannot afford); on a
 * tie the easier chain wins (the techniques' weights summed), then the grader's order.
 *
 * At the deadline the search stops: with no chain yet it answers `timeout`; with one (a run
 * done, or a run's steps pruned but not fully tightened) it answers that chain, `complete: false`.
 */
export function logicChain(
  board: Grid,
  variant: Variant,
  cell: CellIndex,
  digit: Digit,
  options: ChainOptions,
): ChainResult {
  const plain = run(board, variant, cell, digit, options, 'plain');
  // One single cannot be beaten: no other run is needed.
  if (plain.kind !== 'chain' || (plain.steps.length === 1 && isSingle(plain.steps[0]!)))
    return finish(plain, options);
  let best = plain;
  for (const mode of ['focused', 'rounds'] as const) {
    const other = run(board, variant, cell, digit, options, mode);
    // Out of time: the chain already found still holds, if maybe not the shortest.
    if (other.kind === 'timeout') return finish({ ...best, complete: false }, options);
    if (other.kind !== 'chain') continue;
    const complete = best.complete && other.complete;
    best = { ...(shorter(other.steps, best.steps) ? other : best), complete };
  }
  return finish(best, options);
}

const isSingle = (step: Step): boolean => techniqueSpec(step.technique).level === 'easy';

/** Fewer steps; on a tie, easier ones (the techniques' weights summed). */
function shorter(a: readonly Step[], b: readonly Step[]): boolean {
  if (a.length !== b.length) return a.length < b.length;
  const effort = (steps: readonly Step[]): number =>
    steps.reduce((sum, step) => sum + techniqueSpec(step.technique).weight, 0);
  return effort(a) < effort(b);
}

function finish(result: RunResult, options: ChainOptions): ChainResult {
  if (result.kind !== 'chain' || result.steps.length <= options.maxSteps) return result;
  return { kind: 'long', steps: result.steps.length };
}

type RunResult = Exclude<ChainResult, { kind: 'long' }>;

/** One step of a run, with what it read (and the values then) and what it made false. */
interface Taken {
  readonly step: Step;
  readonly reads: readonly number[];
  readonly values: readonly number[];
  readonly writes: readonly number[];
}

/**
 * How a run picks its steps: `plain` as the grader does (the easiest step available);
 * `focused` the easiest within the cell's own houses first, else the easiest anywhere;
 * `rounds` breadth first — every single on the board in one round (each still checked
 * before it is applied), the easiest other step when there is no single — so each digit is
 * placed as early as it can be.
 */
type RunMode = 'plain' | 'focused' | 'rounds';

/** Steps from the board until the digit leaves the cell, pruned to what the last one needs. */
function run(
  board: Grid,
  variant: Variant,
  cell: CellIndex,
  digit: Digit,
  options: ChainOptions,
  mode: RunMode,
): RunResult {
  const state = createState(board, variant);
  const focus = mode === 'focused' ? focusOn(state, variant.housesOf[cell]!) : undefined;
  const target = fact(cell, digit);
  const taken: Taken[] = [];
  for (;;) {
    if (expired(options)) return { kind: 'timeout' };
    const batch = mode === 'rounds' ? allSingles(state) : [];
    if (batch.length === 0) {
      const step = (focus && findFocused(focus)) ?? findStep(state);
      if (step === undefined) return { kind: 'stuck' };
      batch.push(step);
    }
    const found = batch.map((step) => {
      const reads = readsOf(step, variant);
      return { step, reads, values: reads.map((f) => factValue(state, f)) };
    });
    for (const { step, reads, values } of found) {
      // A step of the round that an earlier one changed waits for the next round.
      if (reads.some((f, k) => factValue(state, f) !== values[k])) continue;
      const writes = applyAndDiff(state, step);
      taken.push({ step, reads, values, writes });
      if (writes.includes(target)) return shorten(taken, { board, variant, target }, options);
    }
  }
}

/** Where every replay of a chain starts, and the fact its last step makes false. */
interface Premise {
  readonly board: Grid;
  readonly variant: Variant;
  readonly target: number;
}

/** The run's steps pruned, then tightened while time lasts (`complete` false if it ran out). */
function shorten(taken: readonly Taken[], premise: Premise, options: ChainOptions): RunResult {
  const pruned = prune(taken);
  if (pruned.length > TIGHTEN_UP_TO * options.maxSteps)
    return { kind: 'chain', steps: pruned.map((t) => t.step), complete: true };
  const { chain, complete } = tighten(pruned, premise, options);
  return { kind: 'chain', steps: chain.map((t) => t.step), complete };
}

/** The steps the last one depends on, transitively, in their order. */
function prune(taken: readonly Taken[]): Taken[] {
  const needed = new Uint8Array(FACTS);
  const last = taken.length - 1;
  const kept = [taken[last]!];
  for (const f of taken[last]!.reads) needed[f] = 1;
  for (let i = last - 1; i >= 0; i--) {
    if (!taken[i]!.writes.some((f) => needed[f] === 1)) continue;
    kept.push(taken[i]!);
    for (const f of taken[i]!.reads) needed[f] = 1;
  }
  return kept.reverse();
}

/** Chains up to this many times the longest wanted are tightened; longer ones rarely get there. */
const TIGHTEN_UP_TO = 3;

/**
 * Drops, earliest first, every step the chain still holds without: a later step can make the
 * same fact false (a placement clears a candidate an earlier elimination had already taken).
 * Dropping one step can free an earlier one, so the passes repeat until none drops — or until
 * the deadline, answering the chain so far (it holds: every chain tried on the way did).
 */
function tighten(
  chain: Taken[],
  premise: Premise,
  options: ChainOptions,
): { chain: Taken[]; complete: boolean } {
  for (let dropped = true; dropped;) {
    dropped = false;
    for (let i = 0; i < chain.length - 1;) {
      if (expired(options)) return { chain, complete: false };
      const trial = chain.filter((_, j) => j !== i);
      if (holds(trial, premise)) [chain, dropped] = [trial, true];
      else i++;
    }
  }
  return { chain, complete: true };
}

/**
 * Whether the steps, played in order from the board, each find what they read as it was when
 * they were found, and only the last one takes the target out.
 */
function holds(chain: readonly Taken[], { board, variant, target }: Premise): boolean {
  const state: LogicState = createState(board, variant);
  for (const { step, reads, values } of chain) {
    if (factValue(state, target) === 0) return false;
    if (reads.some((f, k) => factValue(state, f) !== values[k])) return false;
    applyAndDiff(state, step);
  }
  return factValue(state, target) === 0;
}
