/** The countdown to `race.startsAt`, read against the server's clock; the board follows it. */
import type { RoomView } from '@percent/protocol';
import { t } from '../../i18n/index.ts';
import type { ServerClock } from '@percent/net';
import { useAnnounceChange } from '../../ui/race-announcements.ts';
import { useTicker } from '../../ui/time.ts';
import { useEffect } from 'preact/hooks';
import { play } from '../../sound/sound.ts';
import { RoundLine } from './Evening.tsx';
import { HandicapList } from './Handicaps.tsx';

export function Countdown({ view, clock }: { view: RoomView; clock: ServerClock }) {
  const now = useTicker(() => clock.now(), 100);
  const left = (view.race?.startsAt ?? now) - now;
  const seconds = Math.ceil(left / 1000);
  const shown = seconds > 0 ? String(seconds) : t('countdown.go');
  // Said through the page's live region: 3, 2, 1 politely; "Go!" when the race screen comes
  // (ui/race-announcements.ts), which may be before this clock reaches 0.
  useAnnounceChange(seconds > 0 ? shown : '');
  // A tick a second; "go" is the race's own cue (sound/race-cues.ts), when the board comes.
  useEffect(() => {
    if (seconds > 0) play('tick');
  }, [seconds]);
  return (
    <section class="countdown" data-testid="countdown">
      <RoundLine view={view} />
      <HandicapList view={view} rule={false} />
      <p class="muted">{t('countdown.title')}</p>
      <p class="countdown-number">{shown}</p>
      <p class="muted">
        {t(`variant.${view.settings.variant}`)} · {t(`difficulty.${view.settings.difficulty}`)}
      </p>
    </section>
  );
}
