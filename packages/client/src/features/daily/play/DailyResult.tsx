/** A solved daily: its time and what it counted for — ranked, practice, or too fast to rank. */
import type { DailyResultView } from '@percent/protocol';
import { t } from '../../../i18n/index.ts';
import { variantLabel } from '../../../i18n/daily-labels.ts';
import { ghostHref } from '../../../state/ghost-source.ts';
import { formatDuration } from '../../../state/stopwatch.ts';
import { Link } from '../../../ui/Link.tsx';
import type { DailyGame } from './daily-game.ts';

interface Props {
  readonly daily: DailyGame;
  readonly result: DailyResultView;
  readonly onAgain: () => void;
}

export function DailyResult({ daily, result, onAgain }: Props) {
  const { day, variant } = daily;
  const time = formatDuration(result.timeMs);
  const best = result.best;
  return (
    <section class="daily-result" role="status" data-testid="daily-result">
      {result.ranked && best && (
        <p>
          {t('daily.solvedRanked', {
            variant: variantLabel(variant),
            rank: best.rank,
            solvers: result.solvers,
            time,
          })}
        </p>
      )}
      {result.unranked === 'practice' && (
        <p>
          {best
            ? t('daily.solvedPractice', {
                time,
                rank: best.rank,
                best: formatDuration(best.timeMs),
              })
            : t('daily.solvedPracticeNoBest', { time })}
        </p>
      )}
      {result.unranked === 'tooFast' && <p>{t('daily.solvedTooFast', { time })}</p>}
      {result.ranked && !result.onTheDay && <p class="muted">{t('daily.postedArchive')}</p>}
      <p>{t('daily.streak', { count: result.streak.current })}</p>
      <p class="button-row">
        <Link href={`/daily/${day}/${variant}`} class="button">
          {t('daily.toLeaderboard')}
        </Link>
        {best && (
          <Link href={ghostHref({ kind: 'daily', day, variant })} class="button">
            {t('daily.playGhost')}
          </Link>
        )}
        <button type="button" onClick={onAgain}>
          {t('daily.playAgain')}
        </button>
      </p>
    </section>
  );
}
