/** Distinct solved grids on demand, reproducible from the seed. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { isSolved } from './check.ts';
import { endgames, normalize } from './endgames.ts';
import { formatGrid } from './grid.ts';
import { grid, PERCENT_SOLUTION } from './testing/fixtures.ts';
import { getVariant } from './variant.ts';

/** More than one base grid's worth of relabelings (1000 per base). */
const MANY = 2100;

describe.each(['classic', 'percent'] as const)('endgames (%s)', (id) => {
  const variant = getVariant(id);

  it(`yields ${MANY} distinct valid grids`, () => {
    const grids = [...endgames(variant, MANY, createRng(`endgames-${id}`))];
    expect(grids).toHaveLength(MANY);
    expect(new Set(grids.map((g) => formatGrid(g))).size).toBe(MANY);
    expect(grids.filter((g) => !isSolved(variant, g)).map((g) => formatGrid(g))).toEqual([]);
    // Three base grids, each a different solution up to relabeling.
    expect(new Set(grids.map((g) => formatGrid(normalize(g)))).size).toBe(3);
  });

  it('yields the same grids for the same seed and others for another', () => {
    const take = (seed: string) =>
      [...endgames(variant, 20, createRng(seed))].map((g) => formatGrid(g));
    expect(take('same')).toEqual(take('same'));
    expect(take('other')).not.toEqual(take('same'));
  });

  it('yields nothing for a count of 0 and works lazily', () => {
    expect([...endgames(variant, 0, createRng(0))]).toEqual([]);
    const lazy = endgames(variant, Number.MAX_SAFE_INTEGER, createRng(0));
    expect(isSolved(variant, lazy.next().value as Uint8Array)).toBe(true);
  });
});

describe('normalize', () => {
  it('renames digits in order of first appearance, the same for every relabeling', () => {
    const solution = grid(PERCENT_SOLUTION);
    const normal = normalize(solution);
    expect(formatGrid(normal).slice(0, 9)).toBe('123456789');
    expect(normalize(normal)).toEqual(normal);
    const relabeled = solution.map((d) => 10 - d);
    expect(normalize(relabeled)).toEqual(normal);
    expect(isSolved(getVariant('percent'), normal)).toBe(true);
  });
});
