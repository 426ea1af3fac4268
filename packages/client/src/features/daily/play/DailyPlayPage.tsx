/**
 * A daily played against the server (`/daily/DAY/VARIANT/play`): the attempt begins on the
 * server's clock when the player presses Start, each digit is drawn at once and judged by the
 * server (daily-game.ts), and the solve's time is the server's. The device's first finished
 * solve of the day is ranked; later ones are practice. A reload resumes the attempt.
 */
import { useSignal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../../i18n/index.ts';
import { variantLabel } from '../../../i18n/daily-labels.ts';
import { fetchAttempt, sendMove, startAttempt } from '../../../net/daily-api.ts';
import { savedNickname, saveNickname } from '../../../net/identity.ts';
import { formatDuration } from '../../../state/stopwatch.ts';
import { useFocusOnMount } from '../../../ui/focus.ts';
import { Link } from '../../../ui/Link.tsx';
import { PlayBoard } from '../../play/PlayBoard.tsx';
import { DailyResult } from './DailyResult.tsx';
import { elapsedMs, enter, gameOf, solveRecordOf, type DailyGame } from './daily-game.ts';
import { saveSolve } from '../../../state/solve-record.ts';
import { saveAttempt, savedAttempt } from './saved-attempts.ts';
import '../daily.css';

type Phase =
  | { readonly kind: 'loading' }
  | { readonly kind: 'start'; readonly error?: string }
  | { readonly kind: 'playing'; readonly daily: DailyGame };

export function DailyPlayPage({
  day,
  variant,
}: {
  readonly day: string;
  readonly variant: string;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const phase = useSignal<Phase>({ kind: 'loading' });
  useEffect(() => {
    const id = savedAttempt(day, variant);
    if (id === undefined) {
      phase.value = { kind: 'start' };
      return;
    }
    void fetchAttempt(id).then((answer) => {
      const daily = answer.ok ? gameOf(answer.value, Date.now()) : undefined;
      if (!daily) saveAttempt(day, variant, undefined);
      phase.value = daily ? { kind: 'playing', daily } : { kind: 'start' };
    });
  }, [day, variant]);
  const begin = async (nickname: string) => {
    phase.value = { kind: 'loading' };
    const answer = await startAttempt(day, variant, nickname);
    const daily = answer.ok ? gameOf(answer.value, Date.now()) : undefined;
    if (!daily) {
      phase.value = { kind: 'start', error: answer.ok ? undefined : answer.message };
      return;
    }
    saveNickname(nickname);
    saveAttempt(day, variant, daily.attemptId);
    phase.value = { kind: 'playing', daily };
  };
  const again = () => {
    saveAttempt(day, variant, undefined);
    phase.value = { kind: 'start' };
  };
  const current = phase.value;
  return (
    <section class="daily daily-play">
      <h1 tabIndex={-1} ref={heading} class="daily-play-title">
        {t('daily.dayTitle', { variant: variantLabel(variant), day })}
      </h1>
      <p class="daily-play-bar">
        <Link href={`/daily/${day}/${variant}`}>{t('daily.toLeaderboard')}</Link>
      </p>
      {current.kind === 'loading' && <p role="status">{t('daily.loading')}</p>}
      {current.kind === 'start' && <StartForm error={current.error} onStart={begin} />}
      {current.kind === 'playing' && <Playing daily={current.daily} onAgain={again} />}
    </section>
  );
}

function StartForm(props: { readonly error?: string; readonly onStart: (name: string) => void }) {
  const [nickname, setNickname] = useState(savedNickname());
  return (
    <form
      class="daily-start"
      onSubmit={(e) => {
        e.preventDefault();
        if (nickname.trim()) props.onStart(nickname.trim());
      }}
    >
      <p>{t('daily.startHint')}</p>
      {props.error !== undefined && (
        <p class="notice notice-error" role="alert">
          {t('daily.startFailed', { message: props.error })}
        </p>
      )}
      <label>
        {t('daily.nicknamePrompt')}{' '}
        <input
          name="nickname"
          maxLength={20}
          required
          value={nickname}
          onInput={(e) => setNickname(e.currentTarget.value)}
        />
      </label>{' '}
      <button type="submit" class="primary" data-testid="daily-start">
        {t('daily.start')}
      </button>
    </form>
  );
}

function Playing({ daily, onAgain }: { readonly daily: DailyGame; readonly onAgain: () => void }) {
  const result = daily.result.value;
  const problem = daily.problem.value;
  // The solved attempt is kept on the device (its replay, debrief and ghost), once per attempt.
  const [savedId, setSavedId] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!result) return;
    saveSolve(solveRecordOf(daily, result, savedNickname()));
    setSavedId(daily.attemptId);
  }, [result, daily]);
  return (
    <div class="daily-board" data-testid="daily-play">
      <PlayBoard
        game={daily.game}
        readOnly={result !== null}
        onEnter={(cell, digit) =>
          enter(daily, cell, digit, (move) => sendMove(daily.attemptId, move))
        }
      >
        <Stopwatch daily={daily} />
        <p class="muted" data-testid="daily-mistakes">
          {t('daily.mistakesNow', { count: daily.mistakes.value })}
        </p>
        {result === null && (
          <p class="muted">{t(daily.ranked ? 'daily.ranked' : 'daily.practice')}</p>
        )}
        {problem && (
          <p class={problem.retrying ? 'notice' : 'notice notice-error'} role="alert">
            {t(problem.retrying ? 'daily.resending' : 'daily.refused', {
              message: problem.message,
            })}
          </p>
        )}
        {result && (
          <DailyResult daily={daily} result={result} savedId={savedId} onAgain={onAgain} />
        )}
      </PlayBoard>
    </div>
  );
}

/** The server's time on the attempt, redrawn twice a second; the solve's time once solved. */
function Stopwatch({ daily }: { readonly daily: DailyGame }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  const time = formatDuration(elapsedMs(daily, now));
  return daily.result.value ? (
    <p class="timer solved" role="status">
      {t('solo.solved', { time })}
    </p>
  ) : (
    <p class="timer" data-testid="daily-timer">
      {t('solo.timer')} {time}
    </p>
  );
}
