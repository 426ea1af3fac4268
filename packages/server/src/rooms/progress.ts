import { getVariant } from '@percent/engine';
import { pointsFor, type ProgressView, type RunnerStatus, type Standing } from '@percent/protocol';
import { ratingChange } from './ratings.ts';
import type { Race, Runner } from './types.ts';

/** Blanks of the puzzle: the cells a player has to fill. */
export const blanksOf = (puzzle: string): number => countChar(puzzle, '0');

function countChar(text: string, ch: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text[i] === ch) n++;
  return n;
}

/** Houses of the variant whose nine cells are all filled on `board`. */
function completedUnits(race: Race, board: string): number {
  return getVariant(race.variant).houses.filter((house) =>
    house.cells.every((cell) => board[cell] !== '0'),
  ).length;
}

export function penaltyMs(race: Race, runner: Runner): number {
  const rule = race.rules.mistakes;
  return rule.kind === 'penalty' ? runner.mistakes * rule.seconds * 1000 : 0;
}

export function progressOf(race: Race, runner: Runner): ProgressView {
  const blanks = blanksOf(race.puzzle);
  const filled = blanks - blanksOf(runner.board);
  return {
    filled,
    blanks,
    percent: blanks === 0 ? 100 : Math.round((100 * filled) / blanks),
    mistakes: runner.mistakes,
    units: completedUnits(race, runner.board),
    penaltyMs: penaltyMs(race, runner),
  };
}

/** Start to full board plus penalties; null until finished. */
export const timeOf = (race: Race, runner: Runner): number | null =>
  runner.finishedAt === null ? null : runner.finishedAt - race.startsAt + penaltyMs(race, runner);

/** Out of time or idle rank with those still racing; giving up ranks with elimination. */
const outcomeRank: Record<RunnerStatus, number> = {
  finished: 0,
  racing: 1,
  timeout: 1,
  ended: 1,
  idle: 1,
  eliminated: 2,
  forfeited: 2,
  left: 3,
} as const;

/**
 * Best first: finishers by time (with penalties), then the rest by outcome and how far
 * they got. Only finishers get a place.
 */
export function standingsOf(race: Race): Standing[] {
  const rows = race.runners.map((runner) => ({
    playerId: runner.playerId,
    nickname: runner.nickname,
    timeMs: timeOf(race, runner),
    mistakes: runner.mistakes,
    outcome: runner.status,
    progress: progressOf(race, runner),
    rating:
      runner.rating && runner.newRating ? ratingChange(runner.rating, runner.newRating) : null,
    flag: runner.tooFast ? ('tooFast' as const) : null,
    team: runner.team,
  }));
  // A flagged finish comes after every ranked one, with no place.
  const rank = (row: (typeof rows)[number]) => outcomeRank[row.outcome] + (row.flag ? 0.5 : 0);
  // A relaxed race ranks finishers by mistakes, never by speed (equal mistakes: one place).
  const relaxed = race.rules.relaxed;
  const speed = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    relaxed ? a.mistakes - b.mistakes : (a.timeMs ?? 0) - (b.timeMs ?? 0);
  rows.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      speed(a, b) ||
      b.progress.filled - a.progress.filled ||
      a.mistakes - b.mistakes,
  );
  return rows.map((row, i) => {
    const ranked = row.outcome === 'finished' && row.flag === null;
    const first = relaxed ? rows.findIndex((r) => r.mistakes === row.mistakes) : i;
    const place = ranked ? first + 1 : null;
    return { ...row, place, points: race.round ? pointsFor(place) : null };
  });
}

/**
 * A finished runner's rank among the runners finished so far (their order in the standings);
 * null for the others. Provisional while the race runs: under the penalty rule a later
 * finisher with fewer penalties can still pass.
 */
export function placeOf(race: Race, runner: Runner): number | null {
  if (runner.status !== 'finished') return null;
  return standingsOf(race).find((row) => row.playerId === runner.playerId)?.place ?? null;
}
