/**
 * The host stops the race for everyone (one idle player must not hold the room), after an
 * inline confirmation; nothing for anyone else, or outside a countdown or race. Used by the
 * room bar and the TV (`id` tells their test ids apart).
 */
import type { RoomView } from '@percent/protocol';
import { t } from '../../i18n/index.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';

interface Props {
  readonly session: RoomSession;
  readonly view: RoomView;
  readonly id?: string;
}

export function EndRaceButton({ session, view, id = 'end-race' }: Props) {
  if (!view.you.can.endRace) return null;
  return (
    <ConfirmButton
      id={id}
      label={t('room.endRace')}
      question={t('room.endRaceConfirm.text')}
      confirm={t('room.endRaceConfirm.end')}
      stay={t('room.endRaceConfirm.stay')}
      onConfirm={() => session.endRace()}
    />
  );
}
