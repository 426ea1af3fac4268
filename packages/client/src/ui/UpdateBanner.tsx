/**
 * The service worker (vite-plugin-pwa, Workbox) that makes the app installable and the shell
 * work offline, and the banner that offers a new version: it never takes over by itself — a
 * player mid-race reloads when they choose ("Reload"), so nobody is trapped on an old version
 * either. `registerApp` runs once at start-up; in development there is no service worker.
 */
import { signal } from '@preact/signals';
import { registerSW } from 'virtual:pwa-register';
import { t } from '../i18n/index.ts';

/** A new version is installed and waiting; `apply` reloads into it. */
const waiting = signal<(() => void) | undefined>(undefined);

export function registerApp(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => (waiting.value = () => void update(true)),
    onRegisterError: () => undefined, // no worker (a private window): the app works online
  });
}

export function UpdateBanner() {
  const apply = waiting.value;
  if (!apply) return null;
  return (
    <p class="update-banner" role="status" data-testid="update-banner">
      {t('app.update')}{' '}
      <button type="button" class="primary" onClick={apply}>
        {t('app.reload')}
      </button>{' '}
      <button type="button" onClick={() => (waiting.value = undefined)}>
        {t('app.later')}
      </button>
    </p>
  );
}
