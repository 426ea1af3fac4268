/** Pieces of the daily pages and the home card: streak, a variant's line, the leaderboard. */
import type { DailyEntryView, DailyStreakView, DailySummaryView } from '@percent/protocol';
import { t } from '../../i18n/index.ts';
import { Link } from '../../ui/Link.tsx';
import { formatDuration } from '../../state/stopwatch.ts';
import { difficultyLabel, variantLabel } from '../../i18n/daily-labels.ts';

/** The daily played against the server (features/daily/play). */
export const playHref = (day: string, variant: string): string => `/daily/${day}/${variant}/play`;

export function Streak({ streak }: { readonly streak: DailyStreakView | null }) {
  if (!streak || streak.best === 0) return <p class="muted">{t('daily.streakNone')}</p>;
  return (
    <p class="daily-streak" data-testid="streak">
      {t('daily.streak', { count: streak.current })} ·{' '}
      {t('daily.streakBest', { count: streak.best })}
      {streak.current > 0 && !streak.solvedToday && (
        <span class="muted"> · {t('daily.streakKeep')}</span>
      )}
    </p>
  );
}

/** A day's variant: difficulty, solvers, best time, and Play / Leaderboard. */
export function VariantLine({
  summary,
  details = true,
}: {
  readonly summary: DailySummaryView;
  readonly details?: boolean;
}) {
  const { day, variant } = summary;
  return (
    <li class="daily-variant" data-testid={`daily-${variant}`}>
      <span class="daily-variant-text">
        <strong>{variantLabel(variant)}</strong> · {difficultyLabel(summary.difficulty)} ·{' '}
        <span class="muted">
          {summary.bestTimeMs === null
            ? t('daily.noSolvers')
            : `${t('daily.solvers', { count: summary.solvers })}, ${t('daily.best', {
                time: formatDuration(summary.bestTimeMs),
              })}`}
        </span>
      </span>{' '}
      <span class="daily-variant-actions">
        <Link href={playHref(day, variant)} class="button primary">
          {t('daily.play')}
        </Link>{' '}
        {details && <Link href={`/daily/${day}/${variant}`}>{t('daily.details')}</Link>}
      </span>
    </li>
  );
}

export function Leaderboard({ entries }: { readonly entries: readonly DailyEntryView[] }) {
  if (entries.length === 0) return <p class="muted">{t('daily.noSolvers')}</p>;
  return (
    <table class="daily-board" data-testid="daily-leaderboard">
      <thead>
        <tr>
          <th scope="col">{t('daily.rank')}</th>
          <th scope="col">{t('daily.name')}</th>
          <th scope="col">{t('daily.time')}</th>
          <th scope="col">{t('daily.mistakes')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.rank}>
            <td>{entry.rank}</td>
            <td>
              {entry.nickname}
              {!entry.onTheDay && (
                <span class="muted" title={t('daily.laterTitle')}>
                  {' '}
                  {t('daily.later')}
                </span>
              )}
            </td>
            <td>{formatDuration(entry.timeMs)}</td>
            <td>{entry.mistakes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
