/**
 * Under the stopwatch: which daily this game is, and once it is solved, the saved solve (with
 * "Replay" and "Race this solve again") and the daily's rank, time and streak.
 */
import { signal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { savedNickname } from '../../net/identity.ts';
import { loadSolve } from '../../state/solve-record.ts';
import { Link } from '../../ui/Link.tsx';
import { SolveDebrief } from '../replay/debrief/RaceDebrief.tsx';
import { variantLabel } from '../../i18n/daily-labels.ts';
import { ghostHref } from '../../state/ghost-source.ts';
import { dailyPost, postDaily } from './finish.ts';
import { raceGhost } from './start.ts';
import type { Session } from './session.ts';
import { formatDuration } from '../../state/stopwatch.ts';

export function DailyBanner({ session }: { readonly session: Session }) {
  const { origin } = session;
  if (origin.kind !== 'daily') return null;
  return (
    <p class="daily-banner">
      <Link href={`/daily/${origin.day}/${origin.variant}`}>
        {t('daily.banner', { variant: variantLabel(origin.variant), day: origin.day })}
      </Link>
    </p>
  );
}

export function FinishPanel({ session }: { readonly session: Session }) {
  const id = session.recordedId.value;
  // A board the SAT solver or Reveal filled is not recorded: nothing to show but a daily's note.
  if (!session.solved.value || (id === undefined && session.origin.kind !== 'daily')) return null;
  return (
    <section class="solo-finish" data-testid="finish" aria-labelledby="solo-finish-title">
      <h2 class="solo-finish-title" id="solo-finish-title">
        {t('solves.title')}
      </h2>
      {session.origin.kind === 'daily' && <DailyOutcome session={session} />}
      {id !== undefined && (
        <p>
          {t('solves.saved')} <Link href={`/replay/${id}`}>{t('solves.replay')}</Link>
          {' · '}
          {/* On this page already: a Link would change the address and nothing else. */}
          <a
            href={ghostHref({ kind: 'solve', solveId: id })}
            onClick={(e) => {
              e.preventDefault();
              raceGhost({ kind: 'solve', solveId: id });
            }}
          >
            {t('solves.raceAgain')}
          </a>
        </p>
      )}
      {id !== undefined && <Debrief id={id} />}
    </section>
  );
}

/** The debrief of the recorded solve: why each mistake was one, what each long pause missed. */
function Debrief({ id }: { readonly id: string }) {
  // One record per id: a fresh object each render would restart the debrief.
  const solve = useMemo(() => loadSolve(id), [id]);
  return solve ? <SolveDebrief solve={solve} /> : null;
}

const nickname = signal(savedNickname());

/** Asks for the leaderboard's nickname (none saved yet), or offers to post again after a failure. */
function PostForm({ session, failed }: { readonly session: Session; readonly failed?: string }) {
  return (
    <form
      class="daily-post"
      onSubmit={(e) => {
        e.preventDefault();
        void postDaily(session, nickname.value);
      }}
    >
      {failed !== undefined && (
        <p class="notice notice-error" role="alert">
          {t('daily.postFailed', { message: failed })}
        </p>
      )}
      <label>
        {t('daily.nicknamePrompt')}{' '}
        <input
          name="nickname"
          maxLength={20}
          required
          value={nickname.value}
          onInput={(e) => (nickname.value = e.currentTarget.value)}
        />
      </label>{' '}
      <button type="submit" class="primary">
        {t('daily.post')}
      </button>
    </form>
  );
}

const SKIPPED = {
  assisted: 'daily.assisted',
  tooManyMoves: 'daily.tooManyMoves',
  notStarted: 'daily.notStarted',
  ghostDigits: 'daily.sawGhostDigits',
} as const;

function DailyOutcome({ session }: { readonly session: Session }) {
  const post = dailyPost.value;
  const { origin } = session;
  if (!post || origin.kind !== 'daily') return null;
  if (post.state === 'posting') return <p role="status">{t('daily.posting')}</p>;
  if (post.state === 'skipped') return <p class="muted">{t(SKIPPED[post.reason])}</p>;
  if (post.state === 'failed' || post.state === 'needsName')
    return (
      <PostForm session={session} failed={post.state === 'failed' ? post.message : undefined} />
    );
  const { result } = post;
  return (
    <div role="status" data-testid="daily-result">
      <p>
        {t('daily.posted', {
          variant: variantLabel(origin.variant),
          rank: result.rank,
          solvers: result.solvers,
          time: formatDuration(result.timeMs),
        })}
      </p>
      {!result.improved && (
        <p class="muted">
          {t('daily.postedNotBest', {
            time: formatDuration(result.best.timeMs),
            rank: result.rank,
          })}
        </p>
      )}
      {!result.onTheDay && <p class="muted">{t('daily.postedArchive')}</p>}
      <p>{t('daily.streak', { count: result.streak.current })}</p>
    </div>
  );
}
