import { popcount } from '../../bits.ts';
import { CELLS } from '../grid.ts';
import { bit, firstDigit, type LogicState } from '../logic/candidates.ts';
import { fullHouseStep, hiddenSingleStep, nakedSingleStep } from '../logic/singles.ts';
import type { Step } from '../logic/types.ts';
import type { Variant } from '../variant.ts';
import { factValue, readsOf } from './facts.ts';

/**
 * Every single on the board at once, one per cell: full houses, then hidden singles (every
 * house, every digit), then naked singles. The grader's finders answer only the first of
 * each; the debrief's breadth-first run needs them all. Steps and sentences are those of
 * `logic/singles.ts`.
 */
export function allSingles(state: LogicState): Step[] {
  const taken = new Uint8Array(CELLS);
  const steps: Step[] = [];
  const add = (step: Step): void => {
    const cell = step.placements[0]!.cell;
    if (taken[cell] === 1) return;
    taken[cell] = 1;
    steps.push(step);
  };
  const { houses } = state.variant;
  for (let h = 0; h < houses.length; h++) {
    const blanks = houses[h]!.cells.filter((cell) => state.board[cell] === 0);
    if (blanks.length === 1 && state.cands[blanks[0]!] !== 0)
      add(fullHouseStep(state, h, blanks[0]!, firstDigit(state.cands[blanks[0]!]!)));
  }
  for (let h = 0; h < houses.length; h++) {
    let once = 0;
    let twice = 0;
    for (const cell of houses[h]!.cells) {
      twice |= once & state.cands[cell]!;
      once |= state.cands[cell]!;
    }
    for (let singles = once & ~twice; singles !== 0; singles &= singles - 1) {
      const digit = firstDigit(singles);
      const only = houses[h]!.cells.find((cell) => (state.cands[cell]! & bit(digit)) !== 0)!;
      add(hiddenSingleStep(state, h, only, digit));
    }
  }
  for (let cell = 0; cell < CELLS; cell++)
    if (state.board[cell] === 0 && popcount(state.cands[cell]!) === 1)
      add(nakedSingleStep(state, cell, firstDigit(state.cands[cell]!)));
  return steps;
}

/** A single of a round, with the facts it reads and their values when the round began. */
export interface RoundSingle {
  readonly step: Step;
  readonly reads: readonly number[];
  readonly values: readonly number[];
}

/** Every single on the board now, each with what it reads (`facts.ts`), as one round. */
export const roundOf = (state: LogicState, variant: Variant): RoundSingle[] =>
  allSingles(state).map((step) => {
    const reads = readsOf(step, variant);
    return { step, reads, values: reads.map((f) => factValue(state, f)) };
  });

/**
 * Whether an earlier single of the round changed a fact this one reads: it then waits for the
 * next round (what it read may no longer hold).
 */
export const staleIn = (state: LogicState, single: RoundSingle): boolean =>
  single.reads.some((f, k) => factValue(state, f) !== single.values[k]);
