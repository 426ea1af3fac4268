/** The orbits a puzzle is dug out by: a partition of the board, paired by 180° rotation. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { CELLS } from './grid.ts';
import { shuffledOrbits, SYMMETRIES, Symmetry } from './symmetry.ts';
import { getVariant, VARIANT_IDS } from './variant.ts';

const sortedCells = (orbits: readonly (readonly number[])[]): number[] =>
  orbits.flat().sort((a, b) => a - b);

describe('shuffledOrbits', () => {
  it('knows the symmetries none and rotational', () => {
    expect([...SYMMETRIES].sort()).toEqual(['none', 'rotational']);
  });

  it.each(SYMMETRIES)('partitions the 81 cells (%s)', (symmetry) => {
    const orbits = shuffledOrbits(symmetry, createRng('partition'));
    expect(sortedCells(orbits)).toEqual(Array.from({ length: CELLS }, (_, i) => i));
  });

  it('gives one orbit per cell without symmetry', () => {
    const orbits = shuffledOrbits(Symmetry.none, createRng(1));
    expect(orbits).toHaveLength(CELLS);
    expect(orbits.every((o) => o.length === 1)).toBe(true);
  });

  it('pairs cell i with cell 80 − i under rotation, the centre alone', () => {
    const orbits = shuffledOrbits(Symmetry.rotational, createRng(2));
    expect(orbits).toHaveLength(41);
    for (const orbit of orbits) {
      if (orbit.length === 1) expect(orbit).toEqual([40]);
      else expect(orbit[0]! + orbit[1]!).toBe(80);
    }
  });

  it('maps every house of every variant onto a house under rotation', () => {
    for (const id of VARIANT_IDS) {
      const keys = new Set(
        getVariant(id).houses.map((h) => [...h.cells].sort((a, b) => a - b).join()),
      );
      for (const house of getVariant(id).houses) {
        const image = house.cells.map((c) => 80 - c).sort((a, b) => a - b);
        expect(keys.has(image.join()), `${id} ${house.name}`).toBe(true);
      }
    }
  });

  it('shuffles reproducibly from the seed', () => {
    const a = shuffledOrbits(Symmetry.rotational, createRng('same'));
    expect(shuffledOrbits(Symmetry.rotational, createRng('same'))).toEqual(a);
    expect(shuffledOrbits(Symmetry.rotational, createRng('different'))).not.toEqual(a);
  });
});
