/**
 * Test helpers: an independent check that a debrief's step really holds on a board — written
 * from the techniques' definitions, not from the finders — and the houses a HouseRef names.
 */
import { popcount } from '../../bits.ts';
import { bit, type LogicState } from '../logic/candidates.ts';
import { Technique } from '../logic/types.ts';
import type { CellIndex, Digit } from '../grid.ts';
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

/** Why the step does not hold on `state`, or null when it does. */
export function stepProblem(state: LogicState, step: StepNote): string | null {
  const v = state.variant;
  const houses = step.houses.map((ref) => houseOf(v, ref).cells);
  const [d] = step.digits as [Digit];
  const place = step.placements[0];
  switch (step.technique) {
    case Technique.fullHouse: {
      const blanks = houses[0]!.filter((c) => state.board[c] === 0);
      return blanks.length === 1 && place && blanks[0] === place.cell && has(state, place.cell, d)
        ? null
        : 'not the last blank of the house';
    }
    case Technique.nakedSingle:
      return place && state.cands[place.cell] === bit(d) ? null : 'cell has other candidates';
    case Technique.hiddenSingle: {
      const places = houses[0]!.filter((c) => has(state, c, d));
      return place && places.length === 1 && places[0] === place.cell ? null : 'not hidden';
    }
    case Technique.lockedCandidates: {
      const places = houses[0]!.filter((c) => has(state, c, d));
      const locked = places.length > 0 && places.every((c) => houses[1]!.includes(c));
      const ok = step.eliminations.every(
        (e) => e.digit === d && houses[1]!.includes(e.cell) && !houses[0]!.includes(e.cell),
      );
      return locked && ok ? null : 'not locked';
    }
    case Technique.nakedPair:
    case Technique.nakedTriple:
    case Technique.nakedQuad: {
      const union = step.cells.reduce((m, c) => m | state.cands[c]!, 0);
      const inHouse = step.cells.every((c) => houses[0]!.includes(c) && state.board[c] === 0);
      const ok = step.eliminations.every(
        (e) => !step.cells.includes(e.cell) && houses[0]!.includes(e.cell),
      );
      return inHouse && popcount(union) === step.cells.length && union === maskOf(step.digits) && ok
        ? null
        : 'not a naked subset';
    }
    case Technique.hiddenPair:
    case Technique.hiddenTriple:
    case Technique.hiddenQuad: {
      const confined = step.digits.every((digit) =>
        houses[0]!.every((c) => !has(state, c, digit) || step.cells.includes(c)),
      );
      const ok = step.eliminations.every(
        (e) => step.cells.includes(e.cell) && !step.digits.includes(e.digit),
      );
      return confined && step.cells.length === step.digits.length && ok ? null : 'not hidden';
    }
    case Technique.xWing:
    case Technique.swordfish: {
      const k = houses.length / 2;
      const base = houses.slice(0, k).flat();
      const cover = houses.slice(k).flat();
      const confined = base.every((c) => !has(state, c, d) || cover.includes(c));
      const ok = step.eliminations.every((e) => cover.includes(e.cell) && !base.includes(e.cell));
      return confined && ok ? null : 'not a fish';
    }
    case Technique.xyWing: {
      const [pivot, a, b] = step.cells as [CellIndex, CellIndex, CellIndex];
      const [x, y, z] = step.digits as [Digit, Digit, Digit];
      const shape =
        state.cands[pivot] === maskOf([x, y]) &&
        [maskOf([x, z]), maskOf([y, z])].sort().join() ===
          [state.cands[a]!, state.cands[b]!].sort().join() &&
        sees(v, pivot, a) &&
        sees(v, pivot, b);
      const ok = step.eliminations.every(
        (e) => e.digit === z && sees(v, e.cell, a) && sees(v, e.cell, b),
      );
      return shape && ok ? null : 'not an XY-wing';
    }
  }
}
