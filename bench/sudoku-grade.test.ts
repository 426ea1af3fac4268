import { describe, expect, it } from 'vitest';
import { averageRanks, spearman } from './sudoku-grade.ts';

describe('averageRanks', () => {
  it('gives tied values the mean of the ranks they span', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    expect(averageRanks([3, 1, 3, 3])).toEqual([3, 1, 3, 3]);
  });
});

describe('spearman', () => {
  it('is 1 for any increasing relation and -1 for a decreasing one', () => {
    expect(spearman([1, 2, 3, 4], [1, 8, 27, 64])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [9, 7, 5, 1])).toBeCloseTo(-1);
  });

  it('handles ties with average ranks (as scipy.stats.spearmanr does)', () => {
    // scipy.stats.spearmanr([1, 2, 2, 3, 5], [1, 1, 2, 2, 3]).statistic = 0.8651809126974002
    expect(spearman([1, 2, 2, 3, 5], [1, 1, 2, 2, 3])).toBeCloseTo(0.8651809126974002, 12);
  });
});
