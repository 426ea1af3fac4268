/** The order in which a reduction meets the learned clauses: worst first, ties kept in order. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { worstFirst } from './reduce.ts';

/** What `worstFirst` must equal: a stable sort by rank, descending. */
const byComparator = (crs: number[], rank: (cr: number) => number): number[] =>
  crs.slice().sort((a, b) => rank(b) - rank(a));

describe('worstFirst', () => {
  it('sorts as a stable comparator sort does, ties in their order', () => {
    const rng = createRng('worst-first');
    for (const n of [0, 1, 2, 7, 100, 4097]) {
      // Few distinct ranks (many ties), references in no particular order.
      const crs = Array.from({ length: n }, () => rng.int(1 << 24));
      const ranks = new Map(crs.map((cr) => [cr, (1 + rng.int(6)) * 65536 + 2 + rng.int(4)]));
      const rank = (cr: number) => ranks.get(cr)!;
      expect(worstFirst(crs, rank)).toEqual(byComparator(crs, rank));
    }
  });

  it('still sorts right when the ranks are too large to pack with the positions', () => {
    const crs = [5, 9, 2, 11, 7];
    const big = [2 ** 50, 3, 2 ** 50, 2 ** 51, 3];
    const rank = (cr: number) => big[crs.indexOf(cr)]!;
    expect(worstFirst(crs, rank)).toEqual([11, 5, 2, 9, 7]);
  });
});
