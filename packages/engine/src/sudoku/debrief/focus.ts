import { CELLS, type CellIndex } from '../grid.ts';
import type { House, Variant } from '../variant.ts';
import type { LogicState } from '../logic/candidates.ts';
import { TECHNIQUES } from '../logic/techniques.ts';
import { Technique, type Step } from '../logic/types.ts';

/**
 * The techniques looking at a few houses only: the same pencil marks seen through a variant
 * whose other houses are emptied (no cells: nothing to find there) and whose `housesOf` and
 * `peers` come from the focused houses alone. House indices stay those of the full variant.
 * A deduction within some of a variant's houses holds in the whole variant, so every step
 * found here is valid on the full board.
 */
export interface Focus {
  readonly view: LogicState;
  readonly full: Variant;
  /** inside[cell] is 1 for the cells of the focused houses. */
  readonly inside: Uint8Array;
}

export function focusOn(state: LogicState, houses: readonly number[]): Focus {
  const full = state.variant;
  const kept: House[] = full.houses.map((house, h) =>
    houses.includes(h) ? house : { ...house, cells: [] },
  );
  const housesOf = Array.from({ length: CELLS }, (_, cell) =>
    full.housesOf[cell]!.filter((h) => houses.includes(h)),
  );
  const inside = new Uint8Array(CELLS);
  for (const h of houses) for (const cell of full.houses[h]!.cells) inside[cell] = 1;
  const peers = Array.from({ length: CELLS }, (_, cell) => {
    const set = new Set<CellIndex>();
    for (const h of housesOf[cell]!) for (const other of full.houses[h]!.cells) set.add(other);
    set.delete(cell);
    return [...set].sort((a, b) => a - b);
  });
  const variant: Variant = { id: full.id, houses: kept, housesOf, peers };
  return { view: { variant, board: state.board, cands: state.cands }, full, inside };
}

/** The easiest step within the focused houses that changes one of their cells, if any. */
export function findFocused(focus: Focus): Step | undefined {
  for (const technique of TECHNIQUES) {
    const step = technique.find(focus.view);
    if (step !== undefined && touches(step, focus.inside)) return withFullHouses(step, focus);
  }
  return undefined;
}

/** A naked single names the cell's houses: all of them, not only the focused ones. */
function withFullHouses(step: Step, focus: Focus): Step {
  if (step.technique !== Technique.nakedSingle) return step;
  const houses = focus.full.housesOf[step.cells[0]!]!;
  return {
    technique: step.technique,
    placements: step.placements,
    eliminations: step.eliminations,
    cells: step.cells,
    houses,
    digits: step.digits,
    get explanation() {
      return step.explanation;
    },
  };
}

function touches(step: Step, inside: Uint8Array): boolean {
  return (
    step.placements.some(({ cell }) => inside[cell] === 1) ||
    step.eliminations.some(({ cell }) => inside[cell] === 1)
  );
}
