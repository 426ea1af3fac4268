import type { RatingChangeView, RatingView, RunnerStatus } from '@percent/protocol';
import { glicko2, type Game } from './glicko2.ts';
import type { Race, Rating, Runner } from './types.ts';

export type { Rating };

/**
 * Ratings per device: Glicko-2, one rating period per race, every pair of runners one game.
 * The core receives each device's rating with its `join` and hands the new ones to the store
 * in the race's record; it never reads them itself.
 */

/** A device that has never played a rated race. */
export const INITIAL_RATING: Rating = { rating: 1500, rd: 350, volatility: 0.06, races: 0 };
/** A rating is provisional until this many rated races. */
export const PROVISIONAL_RACES = 10;
/** A deviation never grows past a new player's. */
const MAX_RD = INITIAL_RATING.rd;

/**
 * The runners a race rates: those whose rating is known, who were not kicked by the host, and
 * whose device held only this seat in the race (two tabs would play itself). In race order.
 */
export function ratedRunners(race: Pick<Race, 'rules' | 'runners'>): Runner[] {
  if (!race.rules.rated) return [];
  const seats = new Map<string, number>();
  for (const r of race.runners) seats.set(r.deviceId, (seats.get(r.deviceId) ?? 0) + 1);
  return race.runners.filter(
    (runner) =>
      runner.rating !== null &&
      !runner.kicked &&
      seats.get(runner.deviceId) === 1 &&
      !runner.tooFast,
  );
}

/**
 * A race counts for ratings when its room was rated and at least two of its runners are rated
 * (`ratedRunners`); once it has ended, when it changed someone's rating (a race the host ended
 * before anyone finished may have had no game at all). The view's `RaceView.rated` and the
 * stored record's `rated` both say this.
 */
export const isRated = (race: Pick<Race, 'rules' | 'runners' | 'endedAt'>): boolean =>
  race.endedAt === null
    ? ratedRunners(race).length >= 2
    : race.runners.some((runner) => runner.newRating !== null);

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

/** Out of the race by their own doing (or the rules'): left, gave up, idle, eliminated. */
const QUITS: ReadonlySet<string> = new Set(['left', 'forfeited', 'idle', 'eliminated']);

/** Finishers above those still in the race at its end (out of time, ended by the host), above quitters. */
const tierOf = (placing: Placing): number =>
  placing.outcome === 'finished' ? 2 : QUITS.has(placing.outcome) ? 0 : 1;

/**
 * The score of `self` against `other`, from their outcomes alone (never their order in the
 * standings), or null when the race did not decide between them (no game): a faster finisher
 * wins (equal times draw), a finisher beats every non-finisher, a runner still in the race at
 * its end (out of time, or ended by the host) beats one who quit (left, gave up, idle,
 * eliminated), and any two non-finishers of the same kind draw — except two runners the host
 * stopped (`ended`): either could still have won, so they play no game. Ending a race early
 * thus never turns an open race into a loss, and never saves a runner from one already made
 * (a finisher has beaten them whatever the end).
 */
export function scoreAgainst(self: Placing, other: Placing): Game['score'] | null {
  if (self.outcome === 'ended' && other.outcome === 'ended') return null;
  const tiers = tierOf(self) - tierOf(other);
  if (tiers !== 0) return tiers > 0 ? 1 : 0;
  if (self.outcome !== 'finished') return 0.5;
  const a = self.timeMs ?? 0;
  const b = other.timeMs ?? 0;
  return a === b ? 0.5 : a < b ? 1 : 0;
}

/**
 * Every runner's rating after the race, in the order of `placings` (any order: the scores come
 * from outcomes and times); null for a runner who played no game (unchanged, not counted as a
 * rated race). Each plays a game against every other runner the race decided against, rated
 * from the ratings everyone had before the race.
 */
export function rateRace(placings: readonly Placing[]): (Rating | null)[] {
  return placings.map((self, i) => {
    const games: Game[] = placings.flatMap((other, j) => {
      const score = j === i ? null : scoreAgainst(self, other);
      return score === null ? [] : [{ opponent: other.rating, score }];
    });
    if (games.length === 0) return null;
    const next = glicko2(self.rating, games);
    return { ...next, rd: Math.min(next.rd, MAX_RD), races: self.rating.races + 1 };
  });
}

/** What a rated race did to one device's rating: its whole rating at the race's start and after. */
export interface RatingChange {
  readonly before: Rating;
  readonly after: Rating;
}

/**
 * The device's rating once the race's change is applied to `stored`, its rating as the store
 * holds it when the race is stored (`INITIAL_RATING` if none), so that every rated race counts
 * exactly once whatever order races are stored in. A device may race in two rooms at once
 * (both races start from the same rating), and a cluster copies finished races to the history
 * late and out of order, so `stored` need not be what the race started from.
 *
 * - `stored` is what the race started from (the same number of races — each stored race adds
 *   one, so a count names one state of the row — and the same rating): `after`, exactly.
 * - Otherwise the change is carried over as a difference: the rating moves by
 *   `after − before`, the volatility too, and the deviation's precision (1/RD², to which
 *   Glicko-2 adds each rating period's information) by `1/after.rd² − 1/before.rd²`; one more
 *   race. Differences add up in any order: two races copied in reverse order end where the
 *   right order ends (up to rounding), and two races run at once from the same rating both
 *   count, their evidence combined (`min(stored.rd, after.rd)` would keep only one race's).
 *   The deviation stays within (0, 350] and the volatility positive.
 *
 * Recomputing Glicko-2 against the stored rating instead would need every opponent's
 * pre-race rating in the record, and would give a number other than the one the race's
 * standings showed; the difference keeps exactly the change the players saw.
 */
export function applyRaceRating(stored: Rating, change: RatingChange): Rating {
  const { before, after } = change;
  if (stored.races === before.races && stored.rating === before.rating) return after;
  const precision = stored.rd ** -2 + after.rd ** -2 - before.rd ** -2;
  const volatility = stored.volatility + after.volatility - before.volatility;
  return {
    rating: stored.rating + after.rating - before.rating,
    rd: precision > MAX_RD ** -2 ? precision ** -0.5 : MAX_RD,
    volatility: volatility > 0 ? volatility : after.volatility,
    races: stored.races + 1,
  };
}
