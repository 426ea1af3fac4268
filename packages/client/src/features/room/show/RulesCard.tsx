/**
 * The rules card: the variant's shape drawn small beside two or three lines of rules (with the
 * room's mistake rule), for the lobby and the TV; and `RulesButton`, a "?" that opens the same
 * card in a modal dialog during the race (Esc or Close shuts it, focus returns to the "?").
 */
import type { VariantIdName } from '@percent/engine';
import type { MistakeRule } from '@percent/protocol';
import { useRef } from 'preact/hooks';
import { ruleLines, VariantShape } from '../../../board/RulesPanel.tsx';
import { t } from '../../../i18n/index.ts';
import './show.css';

interface CardProps {
  readonly variant: VariantIdName;
  readonly mistakes?: MistakeRule;
  /** Id of the heading, unique on the page (the dialog's label points at it). */
  readonly headingId?: string;
}

export function RulesCard({ variant, mistakes, headingId = 'rules-card-h' }: CardProps) {
  return (
    <section class="rules-card" data-testid="rules-card" aria-labelledby={headingId}>
      <VariantShape variant={variant} />
      <div class="rules-card-text">
        <h3 id={headingId}>
          {t('rulesCard.title')} <span class="rules-card-variant">{t(`variant.${variant}`)}</span>
        </h3>
        <ul>
          {ruleLines(variant, mistakes).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** "?" beside the race: the rules card in a dialog, keyboard accessible. */
export function RulesButton({ variant, mistakes }: Omit<CardProps, 'headingId'>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        class="rules-open"
        ref={opener}
        aria-haspopup="dialog"
        aria-label={t('rulesCard.open')}
        title={t('rulesCard.open')}
        data-testid="rules-open"
        onClick={() => dialog.current?.showModal()}
      >
        ?
      </button>
      <dialog
        ref={dialog}
        class="rules-dialog"
        aria-labelledby="rules-dialog-h"
        data-testid="rules-dialog"
        onClose={() => opener.current?.focus()}
        onKeyDown={keepKeys}
        // A click on the backdrop (the dialog box itself, outside its body) closes it too.
        onClick={(e) => e.target === dialog.current && dialog.current?.close()}
      >
        <div class="rules-dialog-body">
          <RulesCard variant={variant} mistakes={mistakes} headingId="rules-dialog-h" />
          <p class="muted" data-testid="rules-clock">
            {t('rulesCard.clockRuns')}
          </p>
          <form method="dialog">
            <button type="submit" class="primary" autoFocus>
              {t('rulesCard.close')}
            </button>
          </form>
        </div>
      </dialog>
    </>
  );
}

/**
 * Keys pressed in the dialog stay in it: the board listens on the document and would
 * otherwise take Escape (deselect) or a digit while the rules are open. Escape closes.
 */
function keepKeys(event: KeyboardEvent): void {
  event.stopPropagation();
  if (event.key !== 'Escape') return;
  event.preventDefault();
  (event.currentTarget as HTMLDialogElement).close();
}
