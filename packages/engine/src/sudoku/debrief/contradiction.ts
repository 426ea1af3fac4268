import type { CellIndex, Digit, Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { bit, createState, place, type LogicState } from '../logic/candidates.ts';
import type { Step } from '../logic/types.ts';
import { expired, type Deadline } from './deadline.ts';
import { applyAndDiff, fact, FACTS, factValue } from './facts.ts';
import { roundOf, staleIn } from './singles.ts';

/** Where the singles run out of room: a blank cell with no candidate, or a house with no place for a digit. */
export type Conflict =
  | { readonly kind: 'cell'; readonly cell: CellIndex }
  /** `house` indexes `variant.houses`. */
  | { readonly kind: 'house'; readonly house: number; readonly digit: Digit };

export type ContradictionResult =
  /**
   * The forced placements the conflict rests on, in order, then the conflict. `complete` is
   * false when the deadline stopped the shortening: the argument holds but may keep a
   * placement it could do without, or a shorter one may have been missed.
   */
  | {
      readonly kind: 'contradiction';
      readonly steps: readonly Step[];
      readonly conflict: Conflict;
      readonly complete: boolean;
    }
  /** Singles stop before any conflict: the digit is refuted by something harder. */
  | { readonly kind: 'stuck' }
  /** A conflict, but it rests on more than `maxSteps` placements (`steps` says how many). */
  | { readonly kind: 'long'; readonly steps: number }
  | { readonly kind: 'timeout' };

export interface ContradictionOptions extends Deadline {
  /** Longer arguments (after pruning) are answered `long`. */
  readonly maxSteps: number;
  /** Rounds of singles run past the first conflict; default `EXTRA_ROUNDS`. */
  readonly extraRounds?: number;
}

/** A single taken, with the facts it read (and their values then) and the facts it made false. */
interface Taken {
  readonly step: Step;
  readonly reads: readonly number[];
  readonly values: readonly number[];
  readonly writes: readonly number[];
}

/**
 * Proof by contradiction with singles only: assume `digit` in `cell` on `board` (candidates
 * from the digits alone, the cell blank and the digit a candidate there), then place every
 * single (full houses, hidden singles in every house of the variant, naked singles) round
 * after round, each placement clearing the digit from its peers, until a blank cell has no
 * candidate or a house has no place left for a digit it lacks. Breadth first, so each digit
 * is forced as early as it can be and the first conflict is met after the fewest rounds; then
 * `extraRounds` more rounds run (every placement there is still forced by the assumption) and
 * every conflict met is a candidate answer.
 *
 * Each answer keeps only the placements its conflict depends on: walking back from the
 * conflict (which reads its cell's candidates, or the digit's candidates in its house), a
 * placement is kept when it made false a fact that the conflict or a kept later placement
 * reads (`readsOf`, as the logic chains are pruned); then each kept placement the argument
 * still holds without is dropped (a later placement may clear the same candidate), passes
 * repeating until none drops. Replaying the answer alone from the board plus the assumption
 * finds each placement forced as it was found and the conflict at the end, and leaving out
 * any one breaks it. The conflict resting on the fewest placements is answered (a heuristic
 * minimum: the smallest set over every order of singles is a search the debrief cannot
 * afford).
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
  const found = new Map<string, Conflict>();
  const collect = (): void => {
    for (const c of conflictsOf(state)) if (!found.has(keyOf(c))) found.set(keyOf(c), c);
  };
  collect();
  // Rounds still to run: unbounded until the first conflict, then `extra` more.
  const extra = options.extraRounds ?? EXTRA_ROUNDS;
  for (let rounds = found.size > 0 ? extra : Infinity; rounds > 0; rounds--) {
    if (expired(options)) return { kind: 'timeout' };
    const batch = roundOf(state, variant);
    if (batch.length === 0) break;
    for (const single of batch) {
      if (staleIn(state, single)) continue;
      taken.push({ ...single, writes: applyAndDiff(state, single.step) });
      const before = found.size;
      collect();
      if (before === 0 && found.size > 0) rounds = extra + 1;
    }
  }
  if (found.size === 0) return { kind: 'stuck' };
  return answer([...found.values()], taken, { board, variant, cell, digit }, options);
}

/**
 * Rounds of singles run past the first conflict (the round that met it finishes first): every
 * placement there is still forced by the assumption, and a conflict met a little later may
 * rest on fewer of them (in the bench this turns 2 of 25 long arguments into short ones).
 */
export const EXTRA_ROUNDS = 2;
/** Of the conflicts met, this many (the fewest placements after pruning) are tightened. */
const TIGHTENED = 4;

const keyOf = (c: Conflict): string =>
  c.kind === 'cell' ? `c${c.cell}` : `h${c.house}:${c.digit}`;

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

/** The board and the digit assumed in its cell: where every replay of an argument starts. */
interface Premise {
  readonly board: Grid;
  readonly variant: Variant;
  readonly cell: CellIndex;
  readonly digit: Digit;
}

/**
 * The conflict resting on the fewest placements, after pruning and tightening. At the
 * deadline it stops and answers the best so far, `complete: false`: every argument tried on
 * the way holds (a pruned one does, and tightening only keeps what still holds).
 */
function answer(
  found: readonly Conflict[],
  taken: readonly Taken[],
  premise: Premise,
  options: ContradictionOptions,
): ContradictionResult {
  const pruned = found
    .map((conflict) => ({
      conflict,
      steps: prune(taken, conflictReads(conflict, premise.variant)),
    }))
    .sort((a, b) => a.steps.length - b.steps.length)
    .slice(0, TIGHTENED);
  let best: { steps: Taken[]; conflict: Conflict } | undefined;
  let complete = true;
  for (const { conflict, steps: kept } of pruned) {
    const tight = tighten(kept, premise, conflict, options);
    if (best === undefined || tight.steps.length < best.steps.length)
      best = { steps: tight.steps, conflict };
    if (!tight.complete) {
      complete = false;
      break;
    }
  }
  const { steps, conflict } = best!;
  if (steps.length > options.maxSteps) return { kind: 'long', steps: steps.length };
  return { kind: 'contradiction', steps: steps.map((t) => t.step), conflict, complete };
}

/** The placements the reads depend on, transitively, in their order. */
function prune(taken: readonly Taken[], reads: readonly number[]): Taken[] {
  const needed = new Uint8Array(FACTS);
  for (const f of reads) needed[f] = 1;
  const kept: Taken[] = [];
  for (let i = taken.length - 1; i >= 0; i--) {
    if (!taken[i]!.writes.some((f) => needed[f] === 1)) continue;
    kept.push(taken[i]!);
    for (const f of taken[i]!.reads) needed[f] = 1;
  }
  return kept.reverse();
}

/** Arguments up to this many placements are tightened; longer ones are not shown anyway. */
const TIGHTEN_UP_TO = 30;

/**
 * Drops, earliest first, every placement the argument still holds without: a later placement
 * can clear the same candidate from a peer (one placed digit clears it from a whole house), so
 * a fact the pruning kept a step for may be made false again later. Dropping one placement can
 * free an earlier one, so the passes repeat until none drops — or until the deadline,
 * answering the argument so far (it holds: every one tried on the way did).
 */
function tighten(
  steps: Taken[],
  premise: Premise,
  conflict: Conflict,
  options: ContradictionOptions,
): { steps: Taken[]; complete: boolean } {
  if (steps.length > TIGHTEN_UP_TO) return { steps, complete: true };
  for (let dropped = true; dropped;) {
    dropped = false;
    for (let i = 0; i < steps.length;) {
      if (expired(options)) return { steps, complete: false };
      const trial = steps.filter((_, j) => j !== i);
      if (holds(trial, premise, conflict)) [steps, dropped] = [trial, true];
      else i++;
    }
  }
  return { steps, complete: true };
}

/**
 * Whether the placements, played in order from the premise, each find what they read as it
 * was when they were found, and the conflict is there after the last one (and not before).
 */
function holds(steps: readonly Taken[], premise: Premise, conflict: Conflict): boolean {
  const state = createState(premise.board, premise.variant);
  place(state, premise.cell, premise.digit);
  for (const { step, reads, values } of steps) {
    if (reads.some((f, k) => factValue(state, f) !== values[k])) return false;
    applyAndDiff(state, step);
  }
  return conflictsOf(state).some((c) => sameConflict(c, conflict));
}

const sameConflict = (a: Conflict, b: Conflict): boolean =>
  a.kind === 'cell'
    ? b.kind === 'cell' && a.cell === b.cell
    : b.kind === 'house' && a.house === b.house && a.digit === b.digit;
