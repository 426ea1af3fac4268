import type { Variant } from '../variant.ts';
import type { Step } from '../logic/types.ts';
import type { HouseRef, StepNote } from './types.ts';

/** The house at `index` in `variant.houses`, named by kind and position. */
export function houseRef(variant: Variant, index: number): HouseRef {
  const house = variant.houses[index]!;
  return { kind: house.kind, index: house.index };
}

/** A grader step as plain JSON, its houses named. */
export function stepNote(variant: Variant, step: Step): StepNote {
  return {
    technique: step.technique,
    houses: step.houses.map((h) => houseRef(variant, h)),
    cells: [...step.cells],
    digits: [...step.digits],
    placements: step.placements.map(({ cell, digit }) => ({ cell, digit })),
    eliminations: step.eliminations.map(({ cell, digit }) => ({ cell, digit })),
  };
}
