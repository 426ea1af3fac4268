/**
 * The host's own puzzle for the next race (`room:puzzle`). Everyone sees that the next race is
 * on it, with its grade and clue count, and that it will not be rated (the host has seen it);
 * nobody sees its cells before the start. The host pastes 81 cells or an f-puzzles / SudokuPad
 * link: it is checked first in this page's engine worker under the room's variant (a refusal
 * is said at once, in the page's language), then sent as its 81 digits; the server checks it
 * again (it trusts no client) and keeps it. The host can take it back.
 */
import { formatGrid } from '@percent/engine';
import type { RoomView } from '@percent/protocol';
import { useSignal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { refusalText } from '../../i18n/import-text.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { errorText } from '../../ui/errors.ts';
import { askEngine } from '../../workers/engine-client.ts';

export function OwnPuzzle({ view, session }: { view: RoomView; session: RoomSession }) {
  const host = view.you.can.settings !== null;
  const { imported } = view;
  if (!host && !imported) return null;
  return (
    <section class="own-puzzle" data-testid="own-puzzle">
      {imported && (
        <p data-testid="own-puzzle-next">
          {t('lobby.own.next', {
            variant: t(`variant.${imported.variant}`),
            difficulty: t(`difficulty.${imported.difficulty}`),
            clues: imported.clues,
          })}{' '}
          <span class="muted">{t('rating.unrated.importedPuzzle')}</span>{' '}
          {host && (
            <button type="button" onClick={() => void session.puzzle(null)}>
              {t('lobby.own.remove')}
            </button>
          )}
        </p>
      )}
      {host && <OwnPuzzleForm view={view} session={session} />}
    </section>
  );
}

function OwnPuzzleForm({ view, session }: { view: RoomView; session: RoomSession }) {
  const text = useSignal('');
  const problem = useSignal<string | undefined>(undefined);
  const checking = useSignal(false);
  const variant = view.settings.variant;
  const use = async () => {
    checking.value = true;
    problem.value = undefined;
    try {
      const answer = await askEngine({ type: 'import', variant, text: text.value });
      if (!answer.ok) return void (problem.value = refusalText(answer, variant));
      if (await session.puzzle(formatGrid(answer.puzzle, '0'))) text.value = '';
      else if (session.error.value) problem.value = errorText(session.error.value);
    } finally {
      checking.value = false;
    }
  };
  return (
    <details class="own-puzzle-form" open={text.value !== '' || undefined}>
      <summary>{t('lobby.own.title')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void use();
        }}
      >
        <label>
          {t('import.label')}
          <textarea
            rows={3}
            spellcheck={false}
            autocomplete="off"
            data-testid="own-puzzle-text"
            value={text.value}
            onInput={(e) => (text.value = e.currentTarget.value)}
          />
        </label>
        <p class="muted">{t('lobby.own.hint', { variant: t(`variant.${variant}`) })}</p>
        <button
          type="submit"
          data-testid="own-puzzle-use"
          disabled={text.value.trim() === '' || checking.value}
        >
          {t('lobby.own.use')}
        </button>
        {checking.value && (
          <span role="status" class="muted">
            {' '}
            {t('import.checking')}
          </span>
        )}
      </form>
      {problem.value && (
        <p class="notice notice-error" role="alert" data-testid="own-puzzle-refusal">
          {problem.value}
        </p>
      )}
    </details>
  );
}
