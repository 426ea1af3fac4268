import type { RatingChangeView, RatingView, RunnerStatus } from '@percent/protocol';
import { glicko2, type Game, type Glicko } from './glicko2.ts';
import type { Race } from './types.ts';

/**
 * Ratings per device: Glicko-2, one rating period per race, every pair of runners one game.
 * The core receives each device's rating with its `join` and hands the new ones to the store
 * in the race's record; it never reads them itself.
 */

/** A device's rating and how many rated races it has played. */
export interface Rating extends Glicko {
  readonly races: number;
}

/** A device that has never played a rated race. */
export const INITIAL_RATING: Rating = { rating: 1500, rd: 350, volatility: 0.06, races: 0 };
/** A rating is provisional until this many rated races. */
export const PROVISIONAL_RACES = 10;
/** A deviation never grows past a new player's. */
const MAX_RD = INITIAL_RATING.rd;

/** A race counts for ratings when its room was rated and at least two runners raced. */
export const isRated = (race: Pick<Race, 'rules' | 'runners'>): boolean =>
  race.rules.rated && race.runners.length >= 2;

export const isProvisional = (rating: Rating): boolean => rating.races < PROVISIONAL_RACES;

export function ratingView(rating: Rating): RatingView {
  return { value: Math.round(rating.rating), provisional: isProvisional(rating) };
}

export function ratingChange(before: Rating, after: Rating): RatingChangeView {
  return {
    before: Math.round(before.rating),
    after: Math.round(after.rating),
    provisional: isProvisional(after),
  };
}

/** One runner as the ratings see the race's result: best first. */
export interface Placing {
  readonly outcome: Exclude<RunnerStatus, 'racing'> | 'racing';
  readonly timeMs: number | null;
  readonly rating: Rating;
}

/** Out of the race by their own doing: they lose to everyone ranked ahead of them. */
const QUITS: ReadonlySet<string> = new Set(['left', 'forfeited', 'idle', 'eliminated']);

/**
 * The score of `ahead` against `behind`, where `ahead` is ranked above `behind` in the
 * standings: a faster finisher wins (equal times draw), a finisher beats a non-finisher, a
 * runner who quit loses to everyone ahead, and two other non-finishers draw.
 */
export function scoreAgainst(ahead: Placing, behind: Placing): 1 | 0.5 {
  if (ahead.outcome === 'finished' && behind.outcome === 'finished') {
    return (ahead.timeMs ?? 0) < (behind.timeMs ?? 0) ? 1 : 0.5;
  }
  if (ahead.outcome === 'finished') return 1;
  return QUITS.has(behind.outcome) ? 1 : 0.5;
}

/**
 * Every runner's rating after the race (`placings` best first, as the standings order them),
 * in the same order. Each plays a game against every other runner, rated from the ratings
 * everyone had before the race.
 */
export function rateRace(placings: readonly Placing[]): Rating[] {
  return placings.map((self, i) => {
    const games: Game[] = placings
      .filter((_, j) => j !== i)
      .map((other, k) => {
        const j = k < i ? k : k + 1;
        const score = j > i ? scoreAgainst(self, other) : 1 - scoreAgainst(other, self);
        return { opponent: other.rating, score: score as Game['score'] };
      });
    const next = glicko2(self.rating, games);
    return { ...next, rd: Math.min(next.rd, MAX_RD), races: self.rating.races + 1 };
  });
}
