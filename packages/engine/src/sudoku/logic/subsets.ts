import type { CellIndex, Digit } from '../grid.ts';
import { popcount } from '../../bits.ts';
import { digitsOf, type LogicState } from './candidates.ts';
import { houseLabel } from '../variant.ts';
import { cellList, digitList, eliminationList } from './explain.ts';
import { Technique, type CellDigit, type Step, type TechniqueName } from './types.ts';

const NAKED: Record<number, TechniqueName> = {
  2: Technique.nakedPair,
  3: Technique.nakedTriple,
  4: Technique.nakedQuad,
};
const HIDDEN: Record<number, TechniqueName> = {
  2: Technique.hiddenPair,
  3: Technique.hiddenTriple,
  4: Technique.hiddenQuad,
};
const SIZE_NAME: Record<number, string> = { 2: 'pair', 3: 'triple', 4: 'quad' };

/**
 * Calls `visit` with the OR of every k-combination of `masks` until it answers something.
 * `chosen` receives the indices of the combination. Both subset techniques run on this, over
 * at most 9 masks, so a plain recursion is fast enough and allocates nothing per combination.
 */
function firstCombination<T>(
  masks: readonly number[],
  k: number,
  visit: (union: number, chosen: readonly number[]) => T | undefined,
): T | undefined {
  const chosen: number[] = [];
  const walk = (from: number, union: number): T | undefined => {
    if (chosen.length === k) return popcount(union) === k ? visit(union, chosen) : undefined;
    for (let i = from; i <= masks.length - (k - chosen.length); i++) {
      const next = union | masks[i]!;
      if (popcount(next) > k) continue;
      chosen.push(i);
      const found = walk(i + 1, next);
      chosen.pop();
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(0, 0);
}

/**
 * Naked subset of size k: k blank cells of one house whose candidates together are k
 * digits; those digits leave every other cell of the house.
 */
export function findNakedSubset(state: LogicState, k: number): Step | undefined {
  const { houses } = state.variant;
  for (let h = 0; h < houses.length; h++) {
    const blanks = houses[h]!.cells.filter((cell) => state.board[cell] === 0);
    if (blanks.length <= k) continue;
    const small = blanks.filter((cell) => popcount(state.cands[cell]!) <= k);
    const masks = small.map((cell) => state.cands[cell]!);
    const step = firstCombination(masks, k, (union, chosen) => {
      const group = chosen.map((i) => small[i]!);
      const eliminations: CellDigit[] = [];
      for (const cell of blanks) {
        if (group.includes(cell)) continue;
        for (const digit of digitsOf(state.cands[cell]! & union))
          eliminations.push({ cell, digit });
      }
      return eliminations.length > 0 ? nakedStep(state, h, group, union, eliminations) : undefined;
    });
    if (step) return step;
  }
  return undefined;
}

function nakedStep(
  state: LogicState,
  h: number,
  group: readonly CellIndex[],
  union: number,
  eliminations: CellDigit[],
): Step {
  const k = group.length;
  const digits = digitsOf(union);
  const where = houseLabel(state.variant.houses[h]!);
  return {
    technique: NAKED[k]!,
    placements: [],
    eliminations,
    cells: [...group],
    houses: [h],
    digits,
    get explanation() {
      return (
        `Naked ${SIZE_NAME[k]}: ${cellList(group)} in ${where} hold only ${digitList(digits)} between them, ` +
        `so those digits go there. Remove ${eliminationList(eliminations)}.`
      );
    },
  };
}

/**
 * Hidden subset of size k: k digits that can go only in the same k cells of one house;
 * every other candidate leaves those cells. Works on position masks: bit i of `places[d]`
 * is set when digit d may go in the house's i-th cell.
 */
export function findHiddenSubset(state: LogicState, k: number): Step | undefined {
  const { houses } = state.variant;
  for (let h = 0; h < houses.length; h++) {
    const cells = houses[h]!.cells;
    const open: Digit[] = [];
    const places: number[] = [];
    for (let d = 1; d <= 9; d++) {
      let mask = 0;
      for (let i = 0; i < 9; i++) if (state.cands[cells[i]!]! & (1 << d)) mask |= 1 << i;
      const n = popcount(mask);
      if (n >= 1 && n <= k) {
        open.push(d);
        places.push(mask);
      }
    }
    if (open.length < k) continue;
    const step = firstCombination(places, k, (where, chosen) => {
      const digits = chosen.map((i) => open[i]!);
      let keep = 0;
      for (const d of digits) keep |= 1 << d;
      const group = cells.filter((_, i) => where & (1 << i));
      const eliminations: CellDigit[] = [];
      for (const cell of group)
        for (const digit of digitsOf(state.cands[cell]! & ~keep))
          eliminations.push({ cell, digit });
      return eliminations.length > 0
        ? hiddenStep(state, h, group, digits, eliminations)
        : undefined;
    });
    if (step) return step;
  }
  return undefined;
}

function hiddenStep(
  state: LogicState,
  h: number,
  group: CellIndex[],
  digits: Digit[],
  eliminations: CellDigit[],
): Step {
  const k = group.length;
  const where = houseLabel(state.variant.houses[h]!);
  return {
    technique: HIDDEN[k]!,
    placements: [],
    eliminations,
    cells: group,
    houses: [h],
    digits,
    get explanation() {
      return (
        `Hidden ${SIZE_NAME[k]}: in ${where}, ${digitList(digits)} can go only in ${cellList(group)}, ` +
        `so those cells hold nothing else. Remove ${eliminationList(eliminations)}.`
      );
    },
  };
}
