import { cellName, CELLS, type CellIndex, type Digit } from '../grid.ts';
import { popcount } from '../../bits.ts';
import { bit, firstDigit, type LogicState } from './candidates.ts';
import { houseLabel } from '../variant.ts';
import { Technique, type Step } from './types.ts';

/** A house with one blank cell left: it takes the house's missing digit. */
export function findFullHouse(state: LogicState): Step | undefined {
  const { houses } = state.variant;
  for (let h = 0; h < houses.length; h++) {
    const house = houses[h]!;
    let blank = -1;
    let blanks = 0;
    for (const cell of house.cells) {
      if (state.board[cell] === 0) {
        blank = cell;
        blanks++;
      }
    }
    if (blanks !== 1 || state.cands[blank] === 0) continue;
    return fullHouseStep(state, h, blank, firstDigit(state.cands[blank]!));
  }
  return undefined;
}

/** A digit with one place left in some house. Boxes first: people scan them first. */
export function findHiddenSingle(state: LogicState): Step | undefined {
  const { houses } = state.variant;
  for (const h of scanOrder(houses.length)) {
    const house = houses[h]!;
    // Digits seen in one cell only: in `once` and not in `twice`.
    let once = 0;
    let twice = 0;
    for (const cell of house.cells) {
      const mask = state.cands[cell]!;
      twice |= once & mask;
      once |= mask;
    }
    const singles = once & ~twice;
    if (singles === 0) continue;
    const digit = firstDigit(singles);
    const only = house.cells.find((cell) => (state.cands[cell]! & bit(digit)) !== 0)!;
    return hiddenSingleStep(state, h, only, digit);
  }
  return undefined;
}

/** Houses 18..26 are the boxes; then the extra houses, then rows and columns. */
function scanOrder(count: number): number[] {
  const order: number[] = [];
  for (let h = 18; h < count; h++) order.push(h);
  for (let h = 0; h < 18; h++) order.push(h);
  return order;
}

/** A blank cell with one candidate left. */
export function findNakedSingle(state: LogicState): Step | undefined {
  for (let cell = 0; cell < CELLS; cell++) {
    const mask = state.cands[cell]!;
    if (state.board[cell] !== 0 || popcount(mask) !== 1) continue;
    return nakedSingleStep(state, cell, firstDigit(mask));
  }
  return undefined;
}

/** `cell` is the last blank of house `h` and takes `digit`. */
export function fullHouseStep(state: LogicState, h: number, cell: CellIndex, digit: Digit): Step {
  const house = state.variant.houses[h]!;
  return {
    technique: Technique.fullHouse,
    placements: [{ cell, digit }],
    eliminations: [],
    cells: [cell],
    houses: [h],
    digits: [digit],
    get explanation() {
      return `Full house: ${cellName(cell)} is the last blank cell in ${houseLabel(house)}, so it is ${digit}.`;
    },
  };
}

/** `digit` has one place left in house `h`: `cell`. */
export function hiddenSingleStep(
  state: LogicState,
  h: number,
  cell: CellIndex,
  digit: Digit,
): Step {
  const house = state.variant.houses[h]!;
  return {
    technique: Technique.hiddenSingle,
    placements: [{ cell, digit }],
    eliminations: [],
    cells: [cell],
    houses: [h],
    digits: [digit],
    get explanation() {
      return `Hidden single: ${digit} can go only in ${cellName(cell)} within ${houseLabel(house)}.`;
    },
  };
}

/** `cell` has one candidate left: `digit`. */
export function nakedSingleStep(state: LogicState, cell: CellIndex, digit: Digit): Step {
  return {
    technique: Technique.nakedSingle,
    placements: [{ cell, digit }],
    eliminations: [],
    cells: [cell],
    houses: [...state.variant.housesOf[cell]!],
    digits: [digit],
    get explanation() {
      return `Naked single: ${cellName(cell)} sees every digit but ${digit}, so it is ${digit}.`;
    },
  };
}
