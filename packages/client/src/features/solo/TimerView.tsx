import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import type { Session } from './session.ts';
import { elapsed, formatDuration } from '../../state/stopwatch.ts';

/** The stopwatch, redrawn twice a second; "Solved in …" once the grid is complete. */
export function TimerView({ session }: { readonly session: Session }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const id = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(id);
  }, []);
  const watch = session.watch.value;
  const time = formatDuration(elapsed(watch, now));
  if (session.solved.value)
    return (
      <p class="timer solved" role="status">
        {t(session.assisted.value ? 'solo.solvedAssisted' : 'solo.solved', { time })}
      </p>
    );
  return (
    <p class="timer">
      {t('solo.timer')} {time}
      {watch.since === undefined && <span class="muted"> · {t('solo.paused')}</span>}
    </p>
  );
}
