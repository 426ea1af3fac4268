/**
 * The commit–reveal check of a finished race, against what this device saw before the end
 * (`seen`, from witness.ts): "Puzzle fixed before the start ✓" only when this device received
 * the commitment in the countdown, it did not change, the puzzle revealed is the one played and
 * the hash matches (`judgeFairness`). A page that first saw the race after its start, or a
 * stored race this device did not watch (`stored`), gets a neutral line instead of the ✓.
 * Also shows the command that checks the hash in a shell.
 */
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import {
  judgeFairness,
  toneOf,
  verifyCommand,
  type FairnessJudgement,
  type Revealed,
  type Seen,
} from './fairness.ts';

interface Props {
  readonly race: Revealed;
  /** What this device saw of the race before its end; undefined when it did not see it. */
  readonly seen: Seen | undefined;
  /** A stored race (the replay page) rather than the race this page just watched end. */
  readonly stored?: boolean;
}

export function FairnessCheck({ race, seen, stored = false }: Props) {
  const { puzzle, solution, secret, commitment } = race;
  const judgement = useMemo(
    () => judgeFairness({ puzzle, solution, secret, commitment }, seen),
    [puzzle, solution, secret, commitment, seen],
  );
  const tone = toneOf(judgement);
  const command = verifyCommand(race);
  return (
    <details class={`fairness is-${tone}`} data-testid="fairness">
      <summary
        data-testid="fairness-verdict"
        data-ok={String(tone === 'ok')}
        data-tone={tone}
        data-kind={judgement.kind}
      >
        {headline(judgement, stored)}
      </summary>
      <p class="muted">{detail(judgement, stored, commitment)}</p>
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

function headline(judgement: FairnessJudgement, stored: boolean): string {
  switch (judgement.kind) {
    case 'fixed':
      return t('fair.ok');
    case 'unwitnessed':
      return t(stored ? 'fair.storedMatches' : 'fair.unwitnessed');
    case 'commitmentChanged':
      return t('fair.commitmentChanged');
    case 'puzzleChanged':
      return t('fair.puzzleChanged');
    case 'mismatch':
      return t('fair.mismatch');
    case 'noCommitment':
      return t('fair.noCommitment');
    case 'notRevealed':
      return t('fair.notRevealed');
    case 'malformed':
      return t('fair.malformed', { field: t(`fair.field.${judgement.field}`) });
  }
}

function detail(judgement: FairnessJudgement, stored: boolean, last: string | null): string {
  switch (judgement.kind) {
    case 'fixed':
      return t('fair.okDetail');
    case 'unwitnessed':
      return t(stored ? 'fair.storedMatchesDetail' : 'fair.unwitnessedDetail');
    case 'commitmentChanged':
      return t('fair.commitmentChangedDetail', {
        first: judgement.first ?? '–',
        last: last ?? '–',
      });
    case 'puzzleChanged':
      return t('fair.puzzleChangedDetail');
    case 'mismatch':
      return t('fair.mismatchDetail', { expected: judgement.expected, actual: judgement.actual });
    default:
      return '';
  }
}
