/**
 * The commit–reveal check at the end of a race: "Puzzle fixed before the start ✓" when the
 * commitment sent before the puzzle is SHA-256 of the puzzle, the solution and the revealed
 * secret; otherwise what does not match. Also shows the command that checks it in a shell.
 * Reusable wherever a finished race is shown (the replay page).
 */
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { checkFairness, verifyCommand, type FairnessVerdict, type Revealed } from './fairness.ts';

export function FairnessCheck({ race }: { race: Revealed }) {
  const { puzzle, solution, secret, commitment } = race;
  const verdict = useMemo(
    () => checkFairness({ puzzle, solution, secret, commitment }),
    [puzzle, solution, secret, commitment],
  );
  const command = verifyCommand(race);
  return (
    <details class={`fairness ${verdict.ok ? 'is-ok' : 'is-bad'}`} data-testid="fairness">
      <summary data-testid="fairness-verdict" data-ok={String(verdict.ok)}>
        {headline(verdict)}
      </summary>
      <p class="muted">{detail(verdict)}</p>
      <dl class="fairness-values">
        <dt>{t('fair.commitment')}</dt>
        <dd>
          <code data-testid="fairness-commitment">{commitment ?? '–'}</code>
        </dd>
        <dt>{t('fair.secret')}</dt>
        <dd>
          <code>{secret ?? '–'}</code>
        </dd>
      </dl>
      {command && (
        <p class="fairness-command">
          {t('fair.verify')} <code>{command}</code>
        </p>
      )}
    </details>
  );
}

function headline(verdict: FairnessVerdict): string {
  if (verdict.ok) return t('fair.ok');
  const { problem } = verdict;
  switch (problem.kind) {
    case 'mismatch':
      return t('fair.mismatch');
    case 'noCommitment':
      return t('fair.noCommitment');
    case 'notRevealed':
      return t('fair.notRevealed');
    case 'malformed':
      return t('fair.malformed', { field: t(`fair.field.${problem.field}`) });
  }
}

function detail(verdict: FairnessVerdict): string {
  if (verdict.ok) return t('fair.okDetail');
  const { problem } = verdict;
  return problem.kind === 'mismatch'
    ? t('fair.mismatchDetail', { expected: problem.expected, actual: problem.actual })
    : '';
}
