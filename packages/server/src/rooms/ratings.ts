import type {
  RatingChangeView,
  RatingView,
  RoomSettings,
  RunnerStatus,
  UnratedReason,
} from '@percent/protocol';
import { START_RATING } from '@percent/protocol';
import { glicko2, type Game } from './glicko2.ts';
import type { Race, Rating, Runner } from './types.ts';

export type { Rating };

/**
 * Ratings per device: Glicko-2, one rating period per race, every pair of runners one game.
 * The core receives each device's rating with its `join` and hands the new ones to the store
 * in the race's record; it never reads them itself.
 */

/** A device that has never played a rated race. */
export const INITIAL_RATING: Rating = {
  rating: START_RATING,
  rd: 350,
  volatility: 0.06,
  races: 0,
};
/** A rating is provisional until this many rated races. */
export const PROVISIONAL_RACES = 10;
/** A deviation never grows past a new player's. */
const MAX_RD = INITIAL_RATING.rd;

type RatedPart = Pick<
  Race,
  'rules' | 'runners' | 'startsAt' | 'endedAt' | 'minRatedMs' | 'imported'
>;

/** The race ended before `minRatedMs` on its clock (`MIN_RATED_RACE_MS`): it rates nobody. */
const endedTooSoon = (race: RatedPart): boolean =>
  race.endedAt !== null && race.endedAt - race.startsAt < race.minRatedMs;

/**
 * The runners a race rates: those whose rating is known, who were not kicked by the host, not
 * flagged too fast, did not leave, give up or go idle before `minRatedMs`, whose device held
 * only this seat in the race (two tabs would play itself) and is not in its first race
 * (`newcomers`: count those too, to tell why a race is unrated). None when the room is
 * unrated or the race ended before `minRatedMs`. In race order.
 */
export function ratedRunners(race: RatedPart, newcomers = false): Runner[] {
  if (!race.rules.rated || race.imported || unratedRules(race) || endedTooSoon(race)) return [];
  const seats = new Map<string, number>();
  for (const r of race.runners) seats.set(r.deviceId, (seats.get(r.deviceId) ?? 0) + 1);
  const early = (runner: Runner): boolean =>
    runner.outAt !== null && runner.outAt - race.startsAt < race.minRatedMs;
  return race.runners.filter(
    (runner) =>
      runner.rating !== null &&
      !runner.kicked &&
      seats.get(runner.deviceId) === 1 &&
      !runner.tooFast &&
      !early(runner) &&
      (newcomers || !runner.firstRace),
  );
}

/**
 * Why the race does not change ratings, or null when it does: while on, when at least two of
 * its runners are rated (`ratedRunners`); once ended, when it changed someone's rating (a race
 * the host ended before anyone finished may have had no game at all). The view's
 * `RaceView.rated`/`unrated` and the stored record's `rated` all say this.
 */
export function unratedReason(race: RatedPart): UnratedReason | null {
  if (!race.rules.rated) return 'roomUnrated';
  if (race.imported) return 'importedPuzzle';
  const rules = unratedRules(race);
  if (rules) return rules;
  if (endedTooSoon(race)) return 'tooShort';
  const rates =
    race.endedAt === null
      ? ratedRunners(race).length >= 2
      : race.runners.some((runner) => runner.newRating !== null);
  if (rates) return null;
  return ratedRunners(race, true).length >= 2 ? 'firstRaces' : 'tooFewPlayers';
}

/** Head starts and relaxed races change the race itself: they are never rated. */
function unratedRules(race: Pick<RatedPart, 'rules'>): 'handicap' | 'relaxed' | null {
  if (race.rules.handicap) return 'handicap';
  return race.rules.relaxed ? 'relaxed' : null;
}

/**
 * Why the room's rules would leave the next race unrated whoever plays it, or null
 * (`RoomView.unratedRules`): the same rules as `unratedReason`, before the start.
 */
export function unratedByRules(
  settings: RoomSettings,
  imported: boolean,
): 'roomUnrated' | 'importedPuzzle' | 'handicap' | 'relaxed' | null {
  if (!settings.rated) return 'roomUnrated';
  if (imported) return 'importedPuzzle';
  return unratedRules({ rules: settings });
}

export const isRated = (race: RatedPart): boolean => unratedReason(race) === null;

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
