import { describe, expect, it } from 'vitest';
import {
  applyRaceRating,
  INITIAL_RATING,
  rateRace,
  scoreAgainst,
  type Placing,
  type Rating,
} from './ratings.ts';

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

describe('a race’s change applied to the stored rating', () => {
  const r0: Rating = { rating: 1580, rd: 120, volatility: 0.06, races: 7 };
  const opponent: Rating = { rating: 1500, rd: 80, volatility: 0.06, races: 30 };
  /** `self` (from `before`) beats or loses to the opponent: the core's new rating. */
  const race = (before: Rating, won: boolean): Rating =>
    rateRace([
      { outcome: won ? 'finished' : 'left', timeMs: won ? 1 : null, rating: before },
      { outcome: won ? 'left' : 'finished', timeMs: won ? null : 1, rating: opponent },
    ])[0]!;

  it('is the race’s new rating, exactly, when the store holds what the race started from', () => {
    const after = race(r0, true);
    expect(applyRaceRating({ ...r0 }, { before: r0, after })).toEqual(after);
    expect(applyRaceRating(INITIAL_RATING, { before: INITIAL_RATING, after })).toBe(after);
  });

  it('adds a race run from an older rating to the stored one: both races count', () => {
    const lost = race(r0, false); // race A, stored first
    const won = race(r0, true); // race B, begun from r0 before A was stored
    const both = applyRaceRating(lost, { before: r0, after: won });
    expect(both.races).toBe(r0.races + 2);
    expect(both.rating).toBeCloseTo(
      r0.rating + (lost.rating - r0.rating) + (won.rating - r0.rating),
      9,
    );
    expect(both.rd).toBeLessThan(Math.min(lost.rd, won.rd)); // the evidence of both
    expect(both.rd ** -2).toBeCloseTo(lost.rd ** -2 + won.rd ** -2 - r0.rd ** -2, 12);
    expect(both.volatility).toBeCloseTo(lost.volatility + won.volatility - r0.volatility, 12);
    // Stored the other way round: the same rating.
    const swapped = applyRaceRating(won, { before: r0, after: lost });
    expect(swapped.races).toBe(both.races);
    for (const key of ['rating', 'rd', 'volatility'] as const)
      expect(swapped[key]).toBeCloseTo(both[key], 9);
  });

  it('ends where the right order ends when two races in a row are stored the wrong way round', () => {
    const r1 = race(r0, true);
    const r2 = race(r1, false);
    const late = applyRaceRating(applyRaceRating(r0, { before: r1, after: r2 }), {
      before: r0,
      after: r1,
    });
    expect(late.races).toBe(r2.races);
    for (const key of ['rating', 'rd', 'volatility'] as const)
      expect(late[key]).toBeCloseTo(r2[key], 9);
  });

  it('keeps the deviation within 350 and the volatility positive', () => {
    const before = { rating: 1500, rd: 40, volatility: 0.1, races: 50 };
    const after = { rating: 1510, rd: 60, volatility: 0.01, races: 51 };
    const stored = { rating: 1400, rd: 340, volatility: 0.05, races: 60 };
    expect(applyRaceRating(stored, { before, after })).toEqual({
      rating: 1410,
      rd: 350,
      volatility: 0.01,
      races: 61,
    });
  });
});
