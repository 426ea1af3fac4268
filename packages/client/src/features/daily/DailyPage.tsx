/**
 * The daily puzzle: today's (`/daily`: every variant, your streak, the archive) or one day's
 * (`/daily/DAY/VARIANT`: its grade, leaderboard and your rank). Play opens the attempt against
 * the server (features/daily/play); once solved, "Race the leader" replays the fastest solve
 * as a ghost beside the solo board (practice).
 */
import type { DailyPuzzleView } from '@percent/protocol';
import { t } from '../../i18n/index.ts';
import { useFocusOnMount } from '../../ui/focus.ts';
import { Link } from '../../ui/Link.tsx';
import { ghostHref } from '../../state/ghost-source.ts';
import { techniqueName } from '../../i18n/hint-text.ts';
import { formatDuration } from '../../state/stopwatch.ts';
import { fetchDaily, fetchDailyIndex } from '../../net/daily-api.ts';
import { Leaderboard, playHref, Streak, VariantLine } from './DailyParts.tsx';
import { difficultyLabel, variantLabel } from '../../i18n/daily-labels.ts';
import { useFetched, type Loading } from './use-fetched.ts';
import './daily.css';

export function DailyPage(props: { readonly day: string | null; readonly variant: string | null }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section class="daily">
      <h1 tabIndex={-1} ref={heading}>
        {t('daily.title')}
      </h1>
      {props.day && props.variant ? (
        <DayDetail day={props.day} variant={props.variant} />
      ) : (
        <Overview />
      )}
    </section>
  );
}

function Overview() {
  const { answer, retry } = useFetched('index', () => fetchDailyIndex());
  if (answer.state !== 'done' || !answer.ok) return <Pending answer={answer} retry={retry} />;
  const index = answer.value;
  return (
    <>
      <p class="muted">{t('daily.intro')}</p>
      <Streak streak={index.streak} />
      <h2>{t('daily.today', { day: index.today })}</h2>
      <ul class="daily-variants">
        {index.variants.map((summary) => (
          <VariantLine key={summary.variant} summary={summary} />
        ))}
      </ul>
      <h2>{t('daily.archive')}</h2>
      <p class="muted">{t('daily.archiveHint')}</p>
      <ul class="daily-archive">
        {index.archive.map(({ day, variants }) => (
          <li key={day}>
            <span class="daily-day">{day}</span>{' '}
            <span class="muted">{difficultyLabel(variants[0]?.difficulty ?? '')}</span>{' '}
            {variants.map((v) => (
              <span key={v.variant}>
                <Link href={`/daily/${day}/${v.variant}`}>
                  {variantLabel(v.variant)}
                  {v.bestTimeMs !== null && ` (${v.solvers})`}
                </Link>{' '}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}

function DayDetail({ day, variant }: { readonly day: string; readonly variant: string }) {
  const { answer, retry } = useFetched(`${day}/${variant}`, () => fetchDaily(day, variant));
  const back = (
    <p>
      <Link href="/daily">{t('daily.back')}</Link>
    </p>
  );
  if (answer.state !== 'done' || !answer.ok)
    return (
      <>
        {back}
        <Pending answer={answer} retry={retry} />
      </>
    );
  return (
    <>
      {back}
      <DayView view={answer.value} />
    </>
  );
}

/** One day's puzzle: its grade, Play and Race the leader, your best, streak and leaderboard. */
function DayView({ view }: { readonly view: DailyPuzzleView }) {
  const { day, variant, grade } = view;
  return (
    <>
      <h2>{t('daily.dayTitle', { variant: variantLabel(variant), day })}</h2>
      <p class="muted">
        {t('solo.grade', {
          difficulty: difficultyLabel(grade.difficulty),
          score: grade.score,
          hardest: techniqueName(grade.hardest),
        })}
      </p>
      <p>
        <Link href={playHref(day, variant)} class="button primary">
          {t('daily.play')}
        </Link>{' '}
        {/* The leader's ghost shows the solution: it opens once this device has solved it. */}
        {view.you !== null && view.leaderboard.length > 0 && (
          <Link href={ghostHref({ kind: 'daily', day, variant })} class="button">
            {t('daily.playGhost')}
          </Link>
        )}
      </p>
      <p data-testid="daily-you">
        {view.you
          ? t('daily.you', { rank: view.you.rank, time: formatDuration(view.you.timeMs) })
          : t('daily.notYet')}
      </p>
      <Streak streak={view.streak} />
      <h3>{t('daily.leaderboard')}</h3>
      <p class="muted">{t('daily.solvers', { count: view.solvers })}</p>
      <Leaderboard entries={view.leaderboard} />
    </>
  );
}

function Pending<T>({ answer, retry }: { answer: Loading<T>; retry: () => void }) {
  if (answer.state === 'loading') return <p role="status">{t('daily.loading')}</p>;
  if (answer.ok) return null;
  return (
    <p class="notice notice-error" role="alert">
      {answer.code === 'FUTURE_DAY'
        ? t('daily.future')
        : answer.code === 'DAY_NOT_FOUND'
          ? t('daily.beforeFirst')
          : t('daily.error', { message: answer.message })}{' '}
      <button type="button" onClick={retry}>
        {t('daily.retry')}
      </button>
    </p>
  );
}
