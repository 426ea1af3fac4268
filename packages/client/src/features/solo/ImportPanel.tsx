/**
 * "Your own puzzle": paste 81 cells or an f-puzzles / SudokuPad link; it is checked in the
 * engine worker under the variant chosen in the bar above and played at once, or refused with
 * the reason, said right under the form (an alert). Once playing a brought puzzle, its share
 * address is offered (the same puzzle in anyone's solo page).
 */
import { useSignal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { ShareButton } from '../../ui/ShareButton.tsx';
import { busy, choice, session } from './actions.ts';
import { importing, importPuzzle, refusal, refusalTextOf, shareAddress } from './import.ts';

export function ImportPanel() {
  const text = useSignal('');
  const variant = choice.value.variant;
  return (
    <details
      class="solo-import"
      open={text.value !== '' || refusal.value !== undefined || undefined}
    >
      <summary>{t('import.title')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void importPuzzle(text.value, variant);
        }}
      >
        <label>
          {t('import.label')}
          <textarea
            rows={3}
            spellcheck={false}
            autocomplete="off"
            data-testid="import-text"
            value={text.value}
            onInput={(e) => (text.value = e.currentTarget.value)}
          />
        </label>
        <p class="muted">{t('import.variant', { variant: t(`variant.${variant}`) })}</p>
        <button
          type="submit"
          class="primary"
          data-testid="import-play"
          disabled={text.value.trim() === '' || importing.value || busy.value !== undefined}
        >
          {t('import.play')}
        </button>
        {importing.value && (
          <span role="status" class="muted">
            {' '}
            <span class="spinner" aria-hidden="true" /> {t('import.checking')}
          </span>
        )}
      </form>
      {refusal.value && (
        <p class="notice notice-error" role="alert" data-testid="import-refusal">
          {refusalTextOf(refusal.value)}
        </p>
      )}
    </details>
  );
}

/** The share address of the puzzle being played, as a link to copy or send. */
export function ShareThisPuzzle() {
  const current = session.value;
  if (!current || current.ghost || current.origin.kind !== 'solo') return null;
  const game = current.game.value;
  const address = () => `${location.origin}${shareAddress(game.givens, game.variant)}`;
  return (
    <p class="solo-share">
      {t('import.share')}: <ShareButton text={address} testId="share-puzzle" />
    </p>
  );
}
