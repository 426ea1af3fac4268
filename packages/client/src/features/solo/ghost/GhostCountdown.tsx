/**
 * 3, 2, 1, go before a race against a ghost, as before a race: the stopwatch and the ghost
 * start together at "go" (the board takes entries from then on), with the countdown's sounds.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../../i18n/index.ts';
import { play } from '../../../sound/sound.ts';
import { resume } from '../../../state/stopwatch.ts';
import type { Session } from '../session.ts';

export const GHOST_COUNTDOWN_MS = 3000;

export function GhostCountdown({ session }: { readonly session: Session }) {
  const [left, setLeft] = useState(Math.ceil(GHOST_COUNTDOWN_MS / 1000));
  useEffect(() => {
    const started = performance.now();
    play('tick');
    const id = setInterval(() => {
      const seconds = Math.ceil((GHOST_COUNTDOWN_MS - (performance.now() - started)) / 1000);
      if (seconds > 0) {
        setLeft((was) => {
          if (seconds !== was) play('tick');
          return seconds;
        });
        return;
      }
      clearInterval(id);
      play('go');
      session.watch.value = resume(session.watch.peek(), performance.now());
      session.countdown.value = false;
    }, 100);
    return () => clearInterval(id);
  }, [session]);
  return (
    <p class="ghost-countdown" role="status" data-testid="ghost-countdown">
      {t('ghost.startsIn', { n: left })}
    </p>
  );
}
