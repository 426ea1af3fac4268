/**
 * A banner on every page while the browser says it is offline: what needs the server (rooms,
 * races) waits for the connection; solo play goes on.
 */
import { signal } from '@preact/signals';
import { t } from '../i18n/index.ts';

export const online = signal(typeof navigator === 'undefined' ? true : navigator.onLine);
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (online.value = true));
  window.addEventListener('offline', () => (online.value = false));
}

export function OfflineBanner() {
  if (online.value) return null;
  return (
    <p class="offline-banner" role="status" data-testid="offline-banner">
      {t('app.offline')}
    </p>
  );
}
