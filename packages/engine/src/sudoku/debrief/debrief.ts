import { conflictsAt } from '../check.ts';
import type { Variant } from '../variant.ts';
import { logicChain } from './chain.ts';
import { contradiction, type ContradictionResult } from './contradiction.ts';
import { houseRef, stepNote } from './notes.ts';
import { longGaps, pauseNote } from './pauses.ts';
import { refuterFor } from './refute.ts';
import { replay, type Replayed, type WrongEntry } from './replay.ts';
import {
  DEFAULT_BUDGET_MS,
  DEFAULT_PAUSE_MS,
  type Debrief,
  type DebriefInput,
  type DebriefOptions,
  type MistakeNote,
  type MistakeWhy,
  type PauseNote,
} from './types.ts';

/** Chains longer than this are not an explanation a player follows: the SAT argument instead. */
export const MAX_CHAIN_STEPS = 8;
/** A contradiction resting on more forced placements than this is not followed either. */
export const MAX_CONTRADICTION_STEPS = 10;
/** A contradiction this short is answered without asking the SAT solver. */
const SHORT_CONTRADICTION = 4;
/** A minimal SAT house set this small reads better than a contradiction longer than the above. */
const SHORT_SAT_HOUSES = 4;
/** A mistake not explained (yet): the budget or the signal stopped the work first. */
const OUT_OF_TIME: MistakeWhy = { kind: 'unknown', reason: 'time' };

/**
 * One player's debrief: why each wrong digit could not go where it went, and the easiest
 * technique available during each long pause. Pure and synchronous; the work stops at the
 * budget or when the signal aborts, answering `complete: false` with the unexplained
 * mistakes as `unknown` (pauses and clashes are cheap and come first, so they are always
 * there unless the signal was already aborted). Throws an Error naming the field on
 * malformed input (a move out of time order, a pause threshold not above 0 included).
 *
 * Per mistake, cheapest first: a clash (the digit is already in a house of the cell); else a
 * chain of at most `MAX_CHAIN_STEPS` human techniques (`logicChain`); else a contradiction by
 * singles of at most `MAX_CONTRADICTION_STEPS` placements (`contradiction`) or the houses that
 * force it out (`HouseRefuter`), whichever reads better (`fallback`).
 */
export function debrief(input: DebriefInput, options: DebriefOptions = {}): Debrief {
  return debriefRace([input], options)[0]!;
}

/**
 * Every player of a race within one budget, in the inputs' order. The cheap parts come
 * first for everyone (replay, pauses, clashes); then the other mistakes are explained in
 * turns — each player's next one, player after player — so the budget is shared fairly and
 * a player with many hard mistakes cannot starve the others.
 */
export function debriefRace(
  inputs: readonly DebriefInput[],
  options: DebriefOptions = {},
): Debrief[] {
  const deadline = performance.now() + (options.budgetMs ?? DEFAULT_BUDGET_MS);
  const { signal } = options;
  const expired = (): boolean => signal?.aborted === true || performance.now() > deadline;
  const drafts = inputs.map((input) => draft(input, signal));
  for (let busy = true; busy;) {
    busy = false;
    for (const d of drafts) {
      if (d.next >= d.mistakes.length) continue;
      if (expired()) return drafts.map(close);
      explainNext(d, deadline);
      busy = true;
    }
  }
  return drafts.map(close);
}

/** A debrief under way: `next` is the first mistake not yet looked at past the clashes. */
interface Draft {
  readonly race: Replayed;
  readonly mistakes: MistakeNote[];
  readonly pauses: PauseNote[];
  complete: boolean;
  next: number;
}

function draft(input: DebriefInput, signal: AbortSignal | undefined): Draft {
  const race = replay(input);
  const pauses: PauseNote[] = [];
  let complete = true;
  for (const gap of longGaps(race.moments, input.endMs, input.pauseMs ?? DEFAULT_PAUSE_MS)) {
    if (signal?.aborted) {
      complete = false;
      break;
    }
    pauses.push(pauseNote(gap, race.variant));
  }
  const mistakes = race.wrong.map((entry) => note(entry, clashOf(entry, race.variant)));
  const d: Draft = { race, mistakes, pauses, complete, next: 0 };
  skipExplained(d);
  return d;
}

function explainNext(d: Draft, deadline: number): void {
  const entry = d.race.wrong[d.next]!;
  const { why, whole } = explain(entry, d.race.variant, deadline);
  d.complete &&= whole;
  d.mistakes[d.next] = note(entry, why);
  d.next++;
  skipExplained(d);
}

function skipExplained(d: Draft): void {
  while (d.next < d.mistakes.length && d.mistakes[d.next]!.why.kind !== 'unknown') d.next++;
}

function close(d: Draft): Debrief {
  const complete = d.complete && d.next >= d.mistakes.length;
  return { mistakes: d.mistakes, pauses: d.pauses, complete };
}

function note(entry: WrongEntry, why: MistakeWhy): MistakeNote {
  const { move, at, cell, digit, correct } = entry;
  return { move, at, cell, digit, correct, why };
}

/**
 * The first house of the cell (rows, columns, boxes, then the extras) already holding the
 * digit as a fact (a given or a right digit); else, when wrong digits stay, the first holding
 * it as a wrong digit the player could see.
 */
function clashOf(entry: WrongEntry, variant: Variant): MistakeWhy {
  const { board, shown, cell, digit } = entry;
  const fact = conflictsAt(variant, board, cell, digit)[0];
  const conflict = fact ?? conflictsAt(variant, shown, cell, digit)[0];
  // Not a clash: unexplained until a later pass explains it (out of time if none does).
  if (conflict === undefined) return OUT_OF_TIME;
  const house = houseRef(variant, variant.houses.indexOf(conflict.house));
  const at = conflict.cells[1]!;
  return fact
    ? { kind: 'clash', house, cell: at }
    : { kind: 'clash', house, cell: at, cellWrong: true };
}

/**
 * A logic chain when a short one exists, else a contradiction by singles or the SAT argument
 * (`fallback`). `whole` is false when the budget cut the work: no answer, or a house set that
 * may not be minimal.
 */
function explain(
  entry: WrongEntry,
  variant: Variant,
  deadline: number,
): { why: MistakeWhy; whole: boolean } {
  const { board, cell, digit } = entry;
  const chain = logicChain(board, variant, cell, digit, { maxSteps: MAX_CHAIN_STEPS, deadline });
  if (chain.kind === 'chain') {
    const steps = chain.steps.map((step) => stepNote(variant, step));
    return { why: { kind: 'logic', steps }, whole: chain.complete };
  }
  if (chain.kind === 'timeout') return { why: OUT_OF_TIME, whole: false };
  return fallback(entry, variant, deadline);
}

/**
 * Contradiction or SAT houses, whichever reads better. A contradiction of at most
 * `SHORT_CONTRADICTION` placements wins outright: it shows the player how the digit breaks the
 * board, move by move, on cells they can follow. A longer one competes with the SAT argument:
 * a minimal set of at most `SHORT_SAT_HOUSES` houses is a region checked at a glance, so it wins
 * over a long conditional story; a bigger set (the usual 16–19 houses) names no reason a player
 * can learn from, so the contradiction wins whenever there is one.
 */
function fallback(
  entry: WrongEntry,
  variant: Variant,
  deadline: number,
): { why: MistakeWhy; whole: boolean } {
  const { board, cell, digit } = entry;
  const options = { maxSteps: MAX_CONTRADICTION_STEPS, deadline };
  const found = contradiction(board, variant, cell, digit, options);
  if (found.kind === 'timeout') return { why: OUT_OF_TIME, whole: false };
  const argued =
    found.kind === 'contradiction'
      ? { why: contradictionWhy(variant, found), whole: found.complete }
      : null;
  if (argued && argued.why.steps.length <= SHORT_CONTRADICTION) return argued;
  const refutation = refuterFor(variant).refute(board, cell, digit, deadline);
  if (refutation.kind === 'timeout') return argued ?? { why: OUT_OF_TIME, whole: false };
  // The digit fits the board: the solution given is not the puzzle's only one.
  if (refutation.kind === 'fits') return { why: { kind: 'unknown', reason: 'fits' }, whole: true };
  const houses = refutation.houses.map((h) => houseRef(variant, h));
  if (argued && houses.length > SHORT_SAT_HOUSES) return argued;
  return { why: { kind: 'sat', houses }, whole: refutation.minimal };
}

function contradictionWhy(
  variant: Variant,
  found: Extract<ContradictionResult, { kind: 'contradiction' }>,
): Extract<MistakeWhy, { kind: 'contradiction' }> {
  const { conflict } = found;
  return {
    kind: 'contradiction',
    steps: found.steps.map((step) => stepNote(variant, step)),
    conflict:
      conflict.kind === 'cell'
        ? conflict
        : { kind: 'house', house: houseRef(variant, conflict.house), digit: conflict.digit },
  };
}
