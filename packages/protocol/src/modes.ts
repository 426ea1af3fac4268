/**
 * The rules of the ways to play beyond a single race — tournaments, team races, head starts and
 * relaxed races: constants and pure functions, zod-free (re-exported by `rules.ts`, so a page
 * imports them from `@percent/protocol/rules` without the validation library).
 */

/* ——— Tournaments (`tournament.ts`: schemas) ——— */

/** Points for 1st, 2nd, 3rd, 4th and 5th place in a round; later places get none of these. */
export const TOURNAMENT_POINTS = [10, 7, 5, 3, 1] as const;
/** Every finisher with a place also gets this (so 6th and later still score). */
export const FINISH_POINT = 1;
/** How many rounds a host may plan (`null`: until the host ends the evening). */
export const TOURNAMENT_ROUNDS = { min: 2, max: 20 } as const;
/** The round choices a host form offers (any value in bounds is valid). */
export const TOURNAMENT_ROUND_CHOICES = [3, 5, 10, null] as const;

/**
 * A round's points for a place: `TOURNAMENT_POINTS[place − 1]` (0 past 5th) plus `FINISH_POINT`.
 * No place (did not finish, or a `tooFast` finish): 0.
 */
export function pointsFor(place: number | null): number {
  if (place === null || place < 1) return 0;
  return (TOURNAMENT_POINTS[place - 1] ?? 0) + FINISH_POINT;
}

/* ——— Team races (`teams.ts`: schemas) ——— */

/** How many teams a room may play (`RoomSettings.teams`; null: every player for themselves). */
export const TEAM_COUNT = { min: 2, max: 4 } as const;
/** The team choices a settings form offers. */
export const TEAM_CHOICES = [null, 2, 3, 4] as const;

/* ——— Handicaps and relaxed races ——— */

/**
 * A device's rating before its first rated race (Glicko-2's usual start, with a deviation of
 * 350), and what an unknown rating counts as wherever a number is needed (head starts, a
 * team's total).
 */
export const START_RATING = 1500;

/**
 * Head starts from ratings (`RoomSettings.handicap`). The model: a player's expected time on a
 * puzzle halves with every `doublingPoints` of rating — `expectedMs(r) = referenceMs[difficulty]
 * · 2^((START_RATING − r) / doublingPoints)`, `referenceMs` being a 1500-rated player's time. Each runner
 * starts `expectedMs(own) − expectedMs(strongest runner)` ahead of the strongest, rounded down to
 * `stepMs`, at most `maxMs` and at most `maxShare` of their own expected time, so that expected
 * finishing times on the race's clock are close. An unknown rating counts as `START_RATING`.
 */
export const HANDICAP = {
  doublingPoints: 400,
  referenceMs: { easy: 300_000, medium: 540_000, hard: 900_000, expert: 1_500_000 },
  stepMs: 5_000,
  maxMs: 600_000,
  maxShare: 0.6,
} as const;

/** A player's expected time (ms) on a puzzle of `difficulty` under the handicap model. */
export function expectedMs(rating: number, difficulty: keyof typeof HANDICAP.referenceMs): number {
  const { referenceMs, doublingPoints } = HANDICAP;
  return referenceMs[difficulty] * 2 ** ((START_RATING - rating) / doublingPoints);
}

/** Each rating's head start (ms) over the strongest of `ratings` (`HANDICAP`), in order. */
export function headStartsMs(
  ratings: readonly (number | null)[],
  difficulty: keyof typeof HANDICAP.referenceMs,
): number[] {
  const known = ratings.map((r) => r ?? START_RATING);
  const fastest = expectedMs(Math.max(...known), difficulty);
  return known.map((rating) => {
    const own = expectedMs(rating, difficulty);
    const ahead = Math.min(own - fastest, HANDICAP.maxMs, own * HANDICAP.maxShare);
    return Math.max(0, Math.floor(ahead / HANDICAP.stepMs) * HANDICAP.stepMs);
  });
}

/**
 * A relaxed race (`RoomSettings.relaxed`, the accessible setting): `RELAXED_TIME_FACTOR` times
 * the time limit, no idle rule, finishers ranked by mistakes (fewest first; equal: the same
 * place), never by speed; unrated.
 */
export const RELAXED_TIME_FACTOR = 2;
