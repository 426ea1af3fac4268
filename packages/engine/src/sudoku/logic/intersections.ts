import type { CellIndex, Digit } from '../grid.ts';
import { cellsWith, type LogicState } from './candidates.ts';
import { houseLabel } from '../variant.ts';
import { cellList, eliminationList } from './explain.ts';
import { Technique, type CellDigit, type Step } from './types.ts';

/**
 * Locked candidates over every pair of houses: when a digit's places in house A all lie in
 * house B as well, the digit must go in A ∩ B, so it leaves the rest of B. Covers pointing
 * (box → line), claiming (line → box) and the same with the anti-diagonal and windows.
 */
export function findLockedCandidates(state: LogicState): Step | undefined {
  const { houses } = state.variant;
  for (let a = 0; a < houses.length; a++) {
    for (let digit = 1; digit <= 9; digit++) {
      const count = countWith(state, houses[a]!.cells, digit);
      if (count < 2 || count > MAX_OVERLAP) continue;
      const places = cellsWith(state, houses[a]!.cells, digit);
      for (const b of sharedHouses(state, places, a)) {
        const step = lockedStep(state, a, b, digit, places);
        if (step) return step;
      }
    }
  }
  return undefined;
}

/** Two distinct houses share at most 4 cells (a box and a window that overlap 2 × 2). */
const MAX_OVERLAP = 4;

function countWith(state: LogicState, cells: readonly CellIndex[], digit: Digit): number {
  const mask = 1 << digit;
  let n = 0;
  for (const cell of cells) if (state.cands[cell]! & mask) n++;
  return n;
}

/** Houses other than `except` that contain every one of `cells`. */
function sharedHouses(state: LogicState, cells: readonly CellIndex[], except: number): number[] {
  const { housesOf } = state.variant;
  return housesOf[cells[0]!]!.filter(
    (h) => h !== except && cells.every((cell) => housesOf[cell]!.includes(h)),
  );
}

function lockedStep(
  state: LogicState,
  a: number,
  b: number,
  digit: Digit,
  places: readonly CellIndex[],
): Step | undefined {
  const { houses } = state.variant;
  const eliminations: CellDigit[] = cellsWith(state, houses[b]!.cells, digit)
    .filter((cell) => !places.includes(cell))
    .map((cell) => ({ cell, digit }));
  if (eliminations.length === 0) return undefined;
  const from = houseLabel(houses[a]!);
  const into = houseLabel(houses[b]!);
  return {
    technique: Technique.lockedCandidates,
    placements: [],
    eliminations,
    cells: [...places],
    houses: [a, b],
    digits: [digit],
    get explanation() {
      return (
        `Locked candidates: in ${from}, ${digit} can go only in ${cellList(places)}, all in ${into}; ` +
        `so ${into} has its ${digit} there. Remove ${eliminationList(eliminations)}.`
      );
    },
  };
}
