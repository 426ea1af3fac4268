/**
 * Test helpers: an independent check that a debrief's step really holds on a board — written
 * from the techniques' definitions, not from the finders — and the houses a HouseRef names.
 */
import { popcount } from '../../bits.ts';
import { bit, createState, eliminate, place, type LogicState } from '../logic/candidates.ts';
import { Technique, type TechniqueName } from '../logic/types.ts';
import type { CellIndex, Digit, Grid } from '../grid.ts';
import type { House, Variant } from '../variant.ts';
import type { HouseRef, StepNote } from './types.ts';

export function houseOf(variant: Variant, ref: HouseRef): House {
  const house = variant.houses.find((h) => h.kind === ref.kind && h.index === ref.index);
  if (!house) throw new Error(`no house ${ref.kind} ${ref.index}`);
  return house;
}

const has = (state: LogicState, cell: CellIndex, d: Digit): boolean =>
  (state.cands[cell]! & bit(d)) !== 0;
const maskOf = (digits: readonly Digit[]): number => digits.reduce((m, d) => m | bit(d), 0);
const sees = (v: Variant, a: CellIndex, b: CellIndex): boolean =>
  a !== b && v.housesOf[a]!.some((h) => v.houses[h]!.cells.includes(b));

/** What a check looks at: the state, the step, its houses' cells, its first digit. */
interface Seen {
  readonly state: LogicState;
  readonly step: StepNote;
  readonly houses: readonly (readonly CellIndex[])[];
  readonly d: Digit;
}

/**
 * Why a logic chain does not rule `digit` out of `cell` on `board`: a step that does not hold
 * when its turn comes, the digit out before the last step, or still in at the end; null when
 * the chain works.
 */
export function chainProblem(
  board: Grid,
  variant: Variant,
  target: { readonly cell: CellIndex; readonly digit: Digit },
  steps: readonly StepNote[],
): string | null {
  const state = createState(board, variant);
  const inCell = (): boolean => has(state, target.cell, target.digit);
  for (const [i, step] of steps.entries()) {
    if (!inCell()) return `the digit is out before step ${i}`;
    const problem = stepProblem(state, step);
    if (problem !== null) return `step ${i} (${step.technique}): ${problem}`;
    for (const { cell, digit } of step.placements) place(state, cell, digit);
    for (const { cell, digit } of step.eliminations) eliminate(state, cell, digit);
  }
  return inCell() ? 'the digit is still in the cell' : null;
}

/** The steps of a working chain that it still works without (none for a minimal one). */
export function spareSteps(
  board: Grid,
  variant: Variant,
  target: { readonly cell: CellIndex; readonly digit: Digit },
  steps: readonly StepNote[],
): number[] {
  return steps.flatMap((_, i) => {
    const rest = steps.filter((__, j) => j !== i);
    return chainProblem(board, variant, target, rest) === null ? [i] : [];
  });
}

/** Why the step does not hold on `state`, or null when it does. */
export function stepProblem(state: LogicState, step: StepNote): string | null {
  const houses = step.houses.map((ref) => houseOf(state.variant, ref).cells);
  const seen: Seen = { state, step, houses, d: step.digits[0]! };
  const check = CHECKS[step.technique];
  return check.holds(seen) ? null : check.problem;
}

function fullHouse({ state, step, houses, d }: Seen): boolean {
  const blanks = houses[0]!.filter((c) => state.board[c] === 0);
  const place = step.placements[0];
  return blanks.length === 1 && place?.cell === blanks[0] && has(state, blanks[0]!, d);
}

function nakedSingle({ state, step, d }: Seen): boolean {
  const place = step.placements[0];
  return place !== undefined && state.cands[place.cell] === bit(d);
}

function hiddenSingle({ state, step, houses, d }: Seen): boolean {
  const places = houses[0]!.filter((c) => has(state, c, d));
  return places.length === 1 && step.placements[0]?.cell === places[0];
}

function locked({ state, step, houses, d }: Seen): boolean {
  const [a, b] = houses as [readonly CellIndex[], readonly CellIndex[]];
  const places = a.filter((c) => has(state, c, d));
  return (
    places.length > 0 &&
    places.every((c) => b.includes(c)) &&
    step.eliminations.every((e) => e.digit === d && b.includes(e.cell) && !a.includes(e.cell))
  );
}

function nakedSubset({ state, step, houses }: Seen): boolean {
  const house = houses[0]!;
  const union = step.cells.reduce((m, c) => m | state.cands[c]!, 0);
  return (
    step.cells.every((c) => house.includes(c) && state.board[c] === 0) &&
    popcount(union) === step.cells.length &&
    union === maskOf(step.digits) &&
    step.eliminations.every((e) => !step.cells.includes(e.cell) && house.includes(e.cell))
  );
}

function hiddenSubset({ state, step, houses }: Seen): boolean {
  const house = houses[0]!;
  return (
    step.cells.length === step.digits.length &&
    step.digits.every((digit) =>
      house.every((c) => !has(state, c, digit) || step.cells.includes(c)),
    ) &&
    step.eliminations.every((e) => step.cells.includes(e.cell) && !step.digits.includes(e.digit))
  );
}

/** The base lines come first in a fish's houses, then as many cover lines. */
function fish({ state, step, houses, d }: Seen): boolean {
  const k = houses.length / 2;
  const base = houses.slice(0, k).flat();
  const cover = houses.slice(k).flat();
  return (
    base.every((c) => !has(state, c, d) || cover.includes(c)) &&
    step.eliminations.every((e) => cover.includes(e.cell) && !base.includes(e.cell))
  );
}

function xyWing({ state, step }: Seen): boolean {
  const v = state.variant;
  const [pivot, a, b] = step.cells as [CellIndex, CellIndex, CellIndex];
  const [x, y, z] = step.digits as [Digit, Digit, Digit];
  const pincers = [maskOf([x, z]), maskOf([y, z])].sort().join();
  return (
    state.cands[pivot] === maskOf([x, y]) &&
    pincers === [state.cands[a]!, state.cands[b]!].sort().join() &&
    sees(v, pivot, a) &&
    sees(v, pivot, b) &&
    step.eliminations.every((e) => e.digit === z && sees(v, e.cell, a) && sees(v, e.cell, b))
  );
}

const CHECKS: Record<TechniqueName, { holds: (seen: Seen) => boolean; problem: string }> = {
  [Technique.fullHouse]: { holds: fullHouse, problem: 'not the last blank of the house' },
  [Technique.nakedSingle]: { holds: nakedSingle, problem: 'the cell has other candidates' },
  [Technique.hiddenSingle]: { holds: hiddenSingle, problem: 'the digit has other places' },
  [Technique.lockedCandidates]: { holds: locked, problem: 'not locked' },
  [Technique.nakedPair]: { holds: nakedSubset, problem: 'not a naked pair' },
  [Technique.nakedTriple]: { holds: nakedSubset, problem: 'not a naked triple' },
  [Technique.nakedQuad]: { holds: nakedSubset, problem: 'not a naked quad' },
  [Technique.hiddenPair]: { holds: hiddenSubset, problem: 'not a hidden pair' },
  [Technique.hiddenTriple]: { holds: hiddenSubset, problem: 'not a hidden triple' },
  [Technique.hiddenQuad]: { holds: hiddenSubset, problem: 'not a hidden quad' },
  [Technique.xWing]: { holds: fish, problem: 'not an X-wing' },
  [Technique.swordfish]: { holds: fish, problem: 'not a swordfish' },
  [Technique.xyWing]: { holds: xyWing, problem: 'not an XY-wing' },
};
