/** A solved daily: its time and what it counted for — ranked, practice, or too fast to rank. */
import type { DailyResultView } from '@percent/protocol';
import { useMemo } from 'preact/hooks';
import { loadSolve } from '../../../state/solve-record.ts';
import { SolveDebrief } from '../../replay/debrief/RaceDebrief.tsx';
import { t } from '../../../i18n/index.ts';
import { variantLabel } from '../../../i18n/daily-labels.ts';
import { ghostHref } from '../../../state/ghost-source.ts';
import { formatDuration } from '../../../state/stopwatch.ts';
import { Link } from '../../../ui/Link.tsx';
import { boardOf, type DailyGame } from './daily-game.ts';
import { ShareButton } from '../../../ui/ShareButton.tsx';
import { dailyShareText } from '../../../state/share-text.ts';

interface Props {
  readonly daily: DailyGame;
  readonly result: DailyResultView;
  /** The solve as recorded on this device, once it is (`/replay/ID`). */
  readonly savedId: string | undefined;
  readonly onAgain: () => void;
}

export function DailyResult({ daily, result, savedId, onAgain }: Props) {
  const { day, variant } = daily;
  const time = formatDuration(result.timeMs);
  const best = result.best;
  return (
    <section class="daily-result" data-testid="daily-result">
      <h2 class="daily-result-title">{t('solves.title')}</h2>
      {/* What the solve counted for is announced; the debrief below is read at leisure. */}
      <div class="daily-result" role="status">
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
      </div>
      {savedId !== undefined && (
        <p>
          {t('solves.saved')} <Link href={`/replay/${savedId}`}>{t('solves.replay')}</Link>
        </p>
      )}
      <p class="button-row">
        <Link href={`/daily/${day}/${variant}`} class="button">
          {t('daily.toLeaderboard')}
        </Link>
        {best && (
          <Link href={ghostHref({ kind: 'daily', day, variant })} class="button">
            {t('daily.playGhost')}
          </Link>
        )}
        <ShareButton testId="share-daily" text={() => shareOf(daily, result)} />
        <button type="button" onClick={onAgain}>
          {t('daily.playAgain')}
        </button>
      </p>
      {savedId !== undefined && <Debrief id={savedId} />}
    </section>
  );
}

/** The debrief of the solve: why each mistake was one, what each long pause missed. */
function Debrief({ id }: { readonly id: string }) {
  // One record per id: a fresh object each render would restart the debrief.
  const solve = useMemo(() => loadSolve(id), [id]);
  return solve ? <SolveDebrief solve={solve} /> : null;
}

/** The share text of a solved daily: its time, mistakes, rank and where the slips were. */
function shareOf(daily: DailyGame, result: DailyResultView): string {
  return dailyShareText({
    variant: daily.variant,
    day: daily.day,
    timeMs: result.timeMs,
    mistakes: result.mistakes,
    rank: result.ranked && result.best ? result.best.rank : null,
    solvers: result.solvers,
    board: boardOf(daily),
    slips: daily.moves.filter((m) => m.verdict === 'wrong').map((m) => m.cell),
    link: `${location.origin}/daily/${daily.day}/${daily.variant}`,
  });
}
