/** The countdown to `race.startsAt`, read against the server's clock; the board follows it. */
import type { RoomView } from '@percent/protocol';
import { t } from '../../i18n/index.ts';
import type { ServerClock } from '../../net/clock.ts';
import { useTicker } from './time.ts';

export function Countdown({ view, clock }: { view: RoomView; clock: ServerClock }) {
  const now = useTicker(() => clock.now(), 100);
  const left = (view.race?.startsAt ?? now) - now;
  const seconds = Math.ceil(left / 1000);
  return (
    <section class="countdown" data-testid="countdown" aria-live="assertive">
      <p class="muted">{t('countdown.title')}</p>
      <p class="countdown-number">{seconds > 0 ? seconds : t('countdown.go')}</p>
      <p class="muted">
        {t(`variant.${view.settings.variant}`)} · {t(`difficulty.${view.settings.difficulty}`)}
      </p>
    </section>
  );
}
