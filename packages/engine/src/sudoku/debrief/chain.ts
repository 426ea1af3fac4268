import { CELLS, type CellIndex, type Digit, type Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { bit, createState, type LogicState } from '../logic/candidates.ts';
import { applyStep } from '../logic/solve.ts';
import { findStep } from '../logic/techniques.ts';
import { Technique, type Step } from '../logic/types.ts';
import { findFocused, focusOn } from './focus.ts';

/**
 * A fact of the pencil-mark state: `cell·10 + d` is "d is a candidate of the cell" (d 1..9),
 * `cell·10` is "the cell is blank". Steps read facts and change them.
 */
const FACTS = CELLS * 10;
const fact = (cell: CellIndex, digit: number): number => cell * 10 + digit;

export type ChainResult =
  /** The steps, in order; the last one takes the digit out of the cell. */
  | { readonly kind: 'chain'; readonly steps: readonly Step[] }
  /** Every technique is stuck before the digit leaves the cell. */
  | { readonly kind: 'stuck' }
  /** The chain needs more than `maxSteps` steps (`steps` says how many). */
  | { readonly kind: 'long'; readonly steps: number }
  | { readonly kind: 'timeout' };

export interface ChainOptions {
  /** Longer chains are answered `long`: a person does not follow them. */
  readonly maxSteps: number;
  /** `performance.now()` value after which the search gives up. */
  readonly deadline: number;
}

/**
 * The chain of human techniques that rules `digit` out of `cell` on `board` (candidates from
 * the digits alone, as `nextStep` sees a board), the digit being a candidate there.
 *
 * "Shortest" means: the grader's own deductions — always the easiest step available, from
 * that board, until the first step that removes the digit from the cell (by an elimination,
 * by placing it in a house the cell shares, or by solving the cell) — keeping only the steps
 * that last step depends on. A step is kept when it changes a fact (a candidate or a blank)
 * that a kept later step reads (`readsOf`: what the technique's pattern needs to hold); the
 * rest are dropped. Replaying the kept steps alone therefore finds every one of them valid
 * and ends with the digit out of the cell. It is not a minimum over every order of
 * deductions (that is a search the debrief cannot afford). The run is made twice — as the
 * grader orders it, and taking first any step within the cell's own houses — and the shorter
 * pruned chain is the answer (the grader's on a tie).
 */
export function logicChain(
  board: Grid,
  variant: Variant,
  cell: CellIndex,
  digit: Digit,
  options: ChainOptions,
): ChainResult {
  const plain = run(board, variant, cell, digit, options, false);
  if (plain.kind !== 'chain' || plain.steps.length <= 1) return finish(plain, options);
  const focused = run(board, variant, cell, digit, options, true);
  const best =
    focused.kind === 'chain' && focused.steps.length < plain.steps.length ? focused : plain;
  return finish(best, options);
}

function finish(result: RunResult, options: ChainOptions): ChainResult {
  if (result.kind !== 'chain' || result.steps.length <= options.maxSteps) return result;
  return { kind: 'long', steps: result.steps.length };
}

type RunResult = Exclude<ChainResult, { kind: 'long' }>;

/**
 * The grader's steps from the board until the digit leaves the cell, pruned. `focused`: a
 * step within the cell's own houses is taken first when there is one (the easiest there),
 * else the easiest anywhere.
 */
function run(
  board: Grid,
  variant: Variant,
  cell: CellIndex,
  digit: Digit,
  options: ChainOptions,
  focused: boolean,
): RunResult {
  const state = createState(board, variant);
  const focus = focused ? focusOn(state, variant.housesOf[cell]!) : undefined;
  const target = fact(cell, digit);
  const steps: Step[] = [];
  const writes: number[][] = [];
  for (;;) {
    if (performance.now() > options.deadline) return { kind: 'timeout' };
    const step = (focus && findFocused(focus)) ?? findStep(state);
    if (step === undefined) return { kind: 'stuck' };
    const changed = applyAndDiff(state, step);
    steps.push(step);
    writes.push(changed);
    if (changed.includes(target)) break;
  }
  return { kind: 'chain', steps: prune(steps, writes, variant) };
}

/** Applies the step and answers the facts it made false. */
function applyAndDiff(state: LogicState, step: Step): number[] {
  const cands = Uint16Array.from(state.cands);
  const board = Uint8Array.from(state.board);
  applyStep(state, step);
  const changed: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    if (board[cell] !== state.board[cell]) changed.push(fact(cell, 0));
    const removed = cands[cell]! & ~state.cands[cell]!;
    if (removed === 0) continue;
    for (let d = 1; d <= 9; d++) if (removed & bit(d)) changed.push(fact(cell, d));
  }
  return changed;
}

/** The steps the last one depends on, transitively, in their order. */
function prune(steps: readonly Step[], writes: readonly number[][], variant: Variant): Step[] {
  const needed = new Uint8Array(FACTS);
  const last = steps.length - 1;
  const kept = [steps[last]!];
  for (const f of readsOf(steps[last]!, variant)) needed[f] = 1;
  for (let i = last - 1; i >= 0; i--) {
    if (!writes[i]!.some((f) => needed[f] === 1)) continue;
    kept.push(steps[i]!);
    for (const f of readsOf(steps[i]!, variant)) needed[f] = 1;
  }
  return kept.reverse();
}

/**
 * The facts a step's pattern rests on: if none of them changes, the step still holds. Erring
 * on the large side only keeps a step too many, never drops a needed one.
 */
export function readsOf(step: Step, variant: Variant): number[] {
  const houseCells = (h: number): readonly CellIndex[] => variant.houses[h]!.cells;
  const every = (cells: readonly CellIndex[], from: number): number[] =>
    cells.flatMap((cell) => range(from).map((d) => fact(cell, d)));
  const some = (cells: readonly CellIndex[], digits: readonly Digit[]): number[] =>
    cells.flatMap((cell) => digits.map((d) => fact(cell, d)));
  switch (step.technique) {
    case Technique.fullHouse:
      return every(houseCells(step.houses[0]!), 0);
    case Technique.nakedSingle:
    case Technique.nakedPair:
    case Technique.nakedTriple:
    case Technique.nakedQuad:
    case Technique.xyWing:
      return every(step.cells, 1);
    case Technique.hiddenSingle:
    case Technique.lockedCandidates:
    case Technique.hiddenPair:
    case Technique.hiddenTriple:
    case Technique.hiddenQuad:
      return some(houseCells(step.houses[0]!), step.digits);
    case Technique.xWing:
    case Technique.swordfish:
      return step.houses.flatMap((h) => some(houseCells(h), step.digits));
  }
}

/** from..9 */
const range = (from: number): number[] => Array.from({ length: 10 - from }, (_, i) => from + i);
