import type { CellIndex, Digit, Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { bit, createState, place, type LogicState } from '../logic/candidates.ts';
import type { Step } from '../logic/types.ts';
import { applyAndDiff, fact, FACTS, factValue, readsOf } from './facts.ts';
import { allSingles } from './singles.ts';

/** Where the singles run out of room: a blank cell with no candidate, or a house with no place for a digit. */
export type Conflict =
  | { readonly kind: 'cell'; readonly cell: CellIndex }
  /** `house` indexes `variant.houses`. */
  | { readonly kind: 'house'; readonly house: number; readonly digit: Digit };

export type ContradictionResult =
  /** The forced placements the conflict rests on, in order, then the conflict. */
  | { readonly kind: 'contradiction'; readonly steps: readonly Step[]; readonly conflict: Conflict }
  /** Singles stop before any conflict: the digit is refuted by something harder. */
  | { readonly kind: 'stuck' }
  /** A conflict, but it rests on more than `maxSteps` placements (`steps` says how many). */
  | { readonly kind: 'long'; readonly steps: number }
  | { readonly kind: 'timeout' };

export interface ContradictionOptions {
  /** Longer arguments (after pruning) are answered `long`. */
  readonly maxSteps: number;
  /** `performance.now()` value after which the search gives up. */
  readonly deadline: number;
}

/** A single taken, with the facts it read (and their values then) and the facts it made false. */
interface Taken {
  readonly step: Step;
  readonly reads: readonly number[];
  readonly writes: readonly number[];
}

/**
 * Proof by contradiction with singles only: assume `digit` in `cell` on `board` (candidates
 * from the digits alone, the cell blank and the digit a candidate there), then place every
 * single (full houses, hidden singles in every house of the variant, naked singles) round
 * after round, each placement clearing the digit from its peers, until a blank cell has no
 * candidate or a house has no place left for a digit it lacks. Breadth first, so each digit
 * is forced as early as it can be and the conflict is met after the fewest rounds.
 *
 * The answer keeps only the placements the conflict depends on: walking back from the
 * conflict (which reads its cell's candidates, or the digit's candidates in its house), a
 * placement is kept when it made false a fact that the conflict or a kept later placement
 * reads (`readsOf`, as the logic chains are pruned). Every fact is made false at most once,
 * so replaying the kept placements alone from the board plus the assumption finds each one
 * forced as it was, and the conflict there. When several conflicts appear at once the one
 * resting on the fewest placements is answered.
 */
export function contradiction(
  board: Grid,
  variant: Variant,
  cell: CellIndex,
  digit: Digit,
  options: ContradictionOptions,
): ContradictionResult {
  const state = createState(board, variant);
  place(state, cell, digit);
  const taken: Taken[] = [];
  for (;;) {
    const found = conflictsOf(state);
    if (found.length > 0) return answer(found, taken, variant, options);
    if (performance.now() > options.deadline) return { kind: 'timeout' };
    const batch = allSingles(state).map((step) => {
      const reads = readsOf(step, variant);
      return { step, reads, values: reads.map((f) => factValue(state, f)) };
    });
    if (batch.length === 0) return { kind: 'stuck' };
    for (const { step, reads, values } of batch) {
      // A single that an earlier one of the round changed waits for the next round.
      if (reads.some((f, k) => factValue(state, f) !== values[k])) continue;
      taken.push({ step, reads, writes: applyAndDiff(state, step) });
      if (conflictsOf(state).length > 0) break;
    }
  }
}

/** Every conflict of the state: blank cells without a candidate, then houses lacking a place. */
export function conflictsOf(state: LogicState): Conflict[] {
  const out: Conflict[] = [];
  const { board, cands, variant } = state;
  for (let cell = 0; cell < board.length; cell++)
    if (board[cell] === 0 && cands[cell] === 0) out.push({ kind: 'cell', cell });
  variant.houses.forEach((house, h) => {
    let placed = 0;
    let open = 0;
    for (const c of house.cells) {
      placed |= bit(board[c]!);
      open |= cands[c]!;
    }
    for (let d = 1; d <= 9; d++)
      if (((placed | open) & bit(d)) === 0) out.push({ kind: 'house', house: h, digit: d });
  });
  return out;
}

/** The facts a conflict rests on (the cell staying blank is read too). */
function conflictReads(conflict: Conflict, variant: Variant): number[] {
  if (conflict.kind === 'cell') return Array.from({ length: 10 }, (_, d) => fact(conflict.cell, d));
  return variant.houses[conflict.house]!.cells.map((c) => fact(c, conflict.digit));
}

function answer(
  found: readonly Conflict[],
  taken: readonly Taken[],
  variant: Variant,
  options: ContradictionOptions,
): ContradictionResult {
  let best: { steps: Step[]; conflict: Conflict } | undefined;
  for (const conflict of found) {
    const steps = prune(taken, conflictReads(conflict, variant));
    if (best === undefined || steps.length < best.steps.length) best = { steps, conflict };
  }
  if (best!.steps.length > options.maxSteps) return { kind: 'long', steps: best!.steps.length };
  return { kind: 'contradiction', ...best! };
}

/** The placements the reads depend on, transitively, in their order. */
function prune(taken: readonly Taken[], reads: readonly number[]): Step[] {
  const needed = new Uint8Array(FACTS);
  for (const f of reads) needed[f] = 1;
  const kept: Step[] = [];
  for (let i = taken.length - 1; i >= 0; i--) {
    if (!taken[i]!.writes.some((f) => needed[f] === 1)) continue;
    kept.push(taken[i]!.step);
    for (const f of taken[i]!.reads) needed[f] = 1;
  }
  return kept.reverse();
}
