/** "Big screen": turns TV mode on for a spectator, or a seat that sits the races out. */
import type { RoomView } from '@percent/protocol';
import { t } from '../../../i18n/index.ts';
import { playerOf } from '@percent/net';
import { sitsOut } from './race-facts.ts';
import { tvChoice } from './tv-mode.ts';

export function TvToggle({ view }: { view: RoomView }) {
  const me = playerOf(view, view.you.playerId);
  if (me && !sitsOut(me)) return null;
  return (
    <button type="button" data-testid="tv-on" onClick={() => (tvChoice.value = true)}>
      {t('spectate.tvOn')}
    </button>
  );
}
