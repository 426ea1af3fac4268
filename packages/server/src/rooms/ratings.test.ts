import { describe, expect, it } from 'vitest';
import { INITIAL_RATING, rateRace, scoreAgainst, type Placing } from './ratings.ts';

const at = (outcome: Placing['outcome'], timeMs: number | null = null): Placing => ({
  outcome,
  timeMs,
  rating: INITIAL_RATING,
});

describe('pairwise outcomes of a race', () => {
  it('gives the faster finisher the win, equal times a draw', () => {
    expect(scoreAgainst(at('finished', 60_000), at('finished', 70_000))).toBe(1);
    expect(scoreAgainst(at('finished', 60_000), at('finished', 60_000))).toBe(0.5);
  });

  it('lets a finisher beat everyone who did not finish', () => {
    for (const outcome of ['timeout', 'left', 'forfeited', 'idle', 'eliminated'] as const) {
      expect(scoreAgainst(at('finished', 90_000), at(outcome))).toBe(1);
    }
  });

  it('ranks the unfinished still in the race at its end above whoever quit, both ways round', () => {
    for (const quit of ['left', 'forfeited', 'idle', 'eliminated'] as const) {
      expect(scoreAgainst(at('timeout'), at(quit))).toBe(1);
      expect(scoreAgainst(at(quit), at('timeout'))).toBe(0);
      expect(scoreAgainst(at(quit), at('finished', 90_000))).toBe(0);
    }
    expect(scoreAgainst(at('finished', 70_000), at('finished', 60_000))).toBe(0);
  });

  it('draws any two quitters and any two out of time, whatever order the standings list them', () => {
    expect(scoreAgainst(at('timeout'), at('timeout'))).toBe(0.5);
    const quits = ['left', 'forfeited', 'idle', 'eliminated'] as const;
    for (const a of quits) for (const b of quits) expect(scoreAgainst(at(a), at(b))).toBe(0.5);
  });
});

describe('rating a race', () => {
  it('raises the winner, lowers the last, counts one race each, in the given order', () => {
    const [first, second, third] = rateRace([
      at('finished', 60_000),
      at('finished', 80_000),
      at('left'),
    ]);
    expect(first!.rating).toBeGreaterThan(1500);
    expect(third!.rating).toBeLessThan(1500);
    expect(second!.rating).toBeCloseTo(1500, 6);
    expect(first!.rating).toBeGreaterThan(second!.rating);
    expect([first!.races, second!.races, third!.races]).toEqual([1, 1, 1]);
    expect(first!.rd).toBeLessThan(350);
  });

  it('moves a favourite less for beating an outsider than the outsider for an upset', () => {
    const strong = { rating: 1900, rd: 60, volatility: 0.06, races: 40 };
    const weak = { rating: 1400, rd: 60, volatility: 0.06, races: 40 };
    const [favourite] = rateRace([
      { outcome: 'finished', timeMs: 1, rating: strong },
      { outcome: 'finished', timeMs: 2, rating: weak },
    ]);
    const [outsider] = rateRace([
      { outcome: 'finished', timeMs: 1, rating: weak },
      { outcome: 'finished', timeMs: 2, rating: strong },
    ]);
    expect(favourite!.rating - 1900).toBeLessThan(outsider!.rating - 1400);
    expect(favourite!.rating - 1900).toBeGreaterThan(0);
  });
});
