/**
 * The connection indicator: connected, reconnecting or offline (with a reload hint on a version
 * change). `moving`: connected, but the room is moving to another server (commands wait).
 */
import { t } from '../i18n/index.ts';
import { connection, versionMismatch } from '../net/connection.ts';

export function ConnectionBadge({ moving = false }: { readonly moving?: boolean }) {
  if (versionMismatch.value)
    return (
      <p class="conn conn-offline" role="alert">
        {t('room.versionMismatch')}
      </p>
    );
  const state = connection.value;
  if (state === 'connected' && moving)
    return (
      <span
        class="conn conn-reconnecting"
        role="status"
        data-testid="connection"
        data-state="moving"
      >
        <span class="conn-dot" aria-hidden="true" />
        {t('room.moving')}
      </span>
    );
  return (
    <span class={`conn conn-${state}`} role="status" data-testid="connection" data-state={state}>
      <span class="conn-dot" aria-hidden="true" />
      {t(`room.connection.${state}`)}
    </span>
  );
}
