/**
 * What a player shares after a race or a daily: a few lines of text — what was played, the
 * result, a 3×3 emoji grid of the nine boxes, the link — that read well in any chat, in the
 * page's language. Pure: the page hands it to the Web Share API or the clipboard (ui/share.ts).
 */
import { boxOf, type CellIndex } from '@percent/engine';
import { t } from '../i18n/index.ts';
import { variantLabel, difficultyLabel } from '../i18n/daily-labels.ts';
import { ordinal } from '../i18n/ordinal.ts';
import { formatDuration } from './stopwatch.ts';

/** A box's square: complete and clean, complete with a slip in it, or not complete. */
export const SQUARES = { clean: '🟩', slipped: '🟨', open: '⬜' } as const;

/**
 * The nine boxes as three lines of squares: a box is `open` while any of its cells is blank on
 * `board` (81 digits, 0 blank), `slipped` when a wrong digit was entered in it (`slips`: cells),
 * else `clean`.
 */
export function boxGrid(board: string, slips: Iterable<number> = []): string {
  const slipped = new Set([...slips].map((cell) => boxOf(cell as CellIndex)));
  const open = new Set<number>();
  for (let cell = 0; cell < 81; cell++) if (board[cell] === '0') open.add(boxOf(cell as CellIndex));
  const square = (box: number) =>
    open.has(box) ? SQUARES.open : slipped.has(box) ? SQUARES.slipped : SQUARES.clean;
  return [0, 3, 6].map((row) => [0, 1, 2].map((col) => square(row + col)).join('')).join('\n');
}

export interface RaceShare {
  readonly variant: string;
  readonly difficulty: string;
  /** Your place (a finisher), or null. */
  readonly place: number | null;
  readonly runners: number;
  /** Your time (a finisher), or null. */
  readonly timeMs: number | null;
  readonly mistakes: number;
  /** Your final board (givens and your digits). */
  readonly board: string;
  /** The replay's address. */
  readonly link: string;
}

/** "Percent race · Percent, Hard / 🥇 1st of 4 · 3:42 · 1 mistake / grid / link". */
export function raceShareText(race: RaceShare): string {
  const what = t('share.race', {
    variant: variantLabel(race.variant),
    difficulty: difficultyLabel(race.difficulty),
  });
  const medal =
    race.place !== null && race.place <= 3 ? `${['🥇', '🥈', '🥉'][race.place - 1]} ` : '';
  const result =
    race.place !== null && race.timeMs !== null
      ? t('share.place', {
          place: ordinal(race.place),
          runners: race.runners,
          time: formatDuration(race.timeMs),
        })
      : t('share.unfinished', { runners: race.runners });
  const mistakes = t('share.mistakes', { count: race.mistakes });
  return [what, `${medal}${result} · ${mistakes}`, boxGrid(race.board), race.link].join('\n');
}

export interface DailyShare {
  readonly variant: string;
  readonly day: string;
  readonly timeMs: number;
  readonly mistakes: number;
  /** The ranked solve's rank and the day's solvers; null for practice. */
  readonly rank: number | null;
  readonly solvers: number;
  /** The finished board and the cells where a wrong digit was entered. */
  readonly board: string;
  readonly slips: readonly number[];
  /** The day's page. */
  readonly link: string;
}

/** "Percent daily · Percent · 2026-11-28 / ⏱ 3:42 · 0 mistakes · #3 of 41 / grid / link". */
export function dailyShareText(daily: DailyShare): string {
  const what = t('share.daily', { variant: variantLabel(daily.variant), day: daily.day });
  const parts = [
    `⏱ ${formatDuration(daily.timeMs)}`,
    t('share.mistakes', { count: daily.mistakes }),
    ...(daily.rank === null ? [] : [t('share.rank', { rank: daily.rank, solvers: daily.solvers })]),
  ];
  return [what, parts.join(' · '), boxGrid(daily.board, daily.slips), daily.link].join('\n');
}
