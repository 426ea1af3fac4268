/** "Share": the text made when pressed goes to the share sheet or the clipboard (share.ts). */
import { useSignal } from '@preact/signals';
import { t } from '../i18n/index.ts';
import { shareText, type Shared } from './share.ts';

export function ShareButton({
  text,
  testId,
}: {
  readonly text: () => string;
  readonly testId: string;
}) {
  const outcome = useSignal<Shared | undefined>(undefined);
  return (
    <span class="share">
      <button
        type="button"
        data-testid={testId}
        onClick={() => void shareText(text()).then((done) => (outcome.value = done))}
      >
        {t('share.button')}
      </button>
      <span role="status" class="muted">
        {outcome.value === 'copied' && ` ✓ ${t('share.copied')}`}
        {outcome.value === 'failed' && ` ${t('share.failed')}`}
      </span>
    </span>
  );
}
