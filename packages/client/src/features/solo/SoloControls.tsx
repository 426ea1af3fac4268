import { t } from '../../i18n/index.ts';
import { act, askHint, busy, check, reveal, solveWithSat } from './actions.ts';
import { techniqueName } from '../../i18n/hint-text.ts';
import type { Session } from './session.ts';

/** Solo's buttons under the pad, and the puzzle's grade. */
export function SoloControls({ session }: { readonly session: Session }) {
  const working = busy.value !== undefined;
  const { grade } = session;
  return (
    <div class="solo-controls">
      <div class="button-row">
        <button type="button" onClick={check}>
          {t('solo.check')}
        </button>
        <button type="button" onClick={() => void askHint()} disabled={working}>
          {busy.value === 'hint' ? <span class="spinner small" aria-hidden="true" /> : null}
          {t('solo.hint')}
        </button>
        <button type="button" onClick={() => act({ type: 'autoCandidates' })}>
          {t('solo.autoCandidates')}
        </button>
        <button type="button" onClick={() => act({ type: 'reset' })}>
          {t('solo.reset')}
        </button>
        <button type="button" onClick={reveal}>
          {t('solo.reveal')}
        </button>
        <button type="button" onClick={() => void solveWithSat()} disabled={working}>
          {busy.value === 'sat' ? <span class="spinner small" aria-hidden="true" /> : null}
          {t('solo.sat')}
        </button>
      </div>
      <p class="muted grade">
        {grade
          ? t('solo.grade', {
              difficulty: t(`difficulty.${grade.difficulty}`),
              score: grade.score,
              hardest: techniqueName(grade.hardest),
            })
          : t('solves.difficulty', { difficulty: t(`difficulty.${session.difficulty}`) })}{' '}
        · {t('solo.clues', { count: session.clues })}
      </p>
    </div>
  );
}
