import { shuffle, type Rng } from '../rng.ts';
import { CELLS, type CellIndex } from './grid.ts';

/** Which cells are removed together when a puzzle is dug out. */
export const Symmetry = {
  none: 'none',
  /** 180° rotation: cell i with cell 80 − i. Keeps the percent sign's houses onto themselves. */
  rotational: 'rotational',
} as const;
export type SymmetryName = (typeof Symmetry)[keyof typeof Symmetry];
export const SYMMETRIES = Object.values(Symmetry) as readonly SymmetryName[];

/** The orbits of the cells under the symmetry, in random order. */
export function shuffledOrbits(symmetry: SymmetryName, rng: Rng): CellIndex[][] {
  const orbits: CellIndex[][] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    if (symmetry === Symmetry.none) orbits.push([cell]);
    else if (cell < CELLS - 1 - cell) orbits.push([cell, CELLS - 1 - cell]);
    else if (cell === CELLS - 1 - cell) orbits.push([cell]);
  }
  return shuffle(orbits, rng);
}
