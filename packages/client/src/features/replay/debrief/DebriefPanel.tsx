/**
 * A player's debrief: a spinner while the engine works it out (cancelled when the panel goes),
 * then every mistake and long pause as a sentence in the current language. On the replay page
 * an item is a button that shows its moment (`onPick`); elsewhere it is plain text.
 *
 * `inputs` is the list of every player's input (`debriefInputOf`), computed in one request;
 * `show` picks the one displayed. Give a stable `inputs` array (useMemo): a new one asks again.
 */
import type { Debrief, DebriefInput, VariantIdName } from '@percent/engine';
import { t } from '../../../i18n/index.ts';
import { formatClock } from '../../../ui/time.ts';
import { debriefItems, type DebriefItem } from './debrief-text.ts';
import { useDebriefs } from './use-debriefs.ts';
import './debrief.css';

interface Props {
  readonly inputs: readonly DebriefInput[];
  /** Index into `inputs` of the player shown; default 0. */
  readonly show?: number;
  readonly onPick?: (item: DebriefItem) => void;
  /** The item last picked (drawn pressed). */
  readonly picked?: DebriefItem | null;
  /** The heading; default "Debrief". */
  readonly title?: string | undefined;
}

export function DebriefPanel({ inputs, show = 0, onPick, picked, title }: Props) {
  const { state, retry } = useDebriefs(inputs);
  const input = inputs[show];
  return (
    <section class="debrief" data-testid="debrief" aria-busy={state.kind === 'computing'}>
      <h3>{title ?? t('debrief.title')}</h3>
      {state.kind === 'computing' && (
        <p class="debrief-computing" role="status">
          <span class="debrief-spinner" aria-hidden="true" />
          {t('debrief.computing')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p class="debrief-failed" role="alert">
          {t('debrief.failed', { message: state.message })}{' '}
          <button type="button" onClick={retry}>
            {t('debrief.retry')}
          </button>
        </p>
      )}
      {state.kind === 'ready' && input && state.debriefs[show] && (
        <DebriefList
          debrief={state.debriefs[show]}
          variant={input.variant}
          onPick={onPick}
          picked={picked ?? null}
        />
      )}
    </section>
  );
}

interface ListProps {
  readonly debrief: Debrief;
  readonly variant: VariantIdName;
  readonly onPick: ((item: DebriefItem) => void) | undefined;
  readonly picked: DebriefItem | null;
}

export function DebriefList({ debrief, variant, onPick, picked }: ListProps) {
  const items = debriefItems(debrief, variant);
  const mistakes = items.filter((i) => i.kind === 'mistake').length;
  const pauses = items.length - mistakes;
  if (items.length === 0) return <p data-testid="debrief-clean">{t('debrief.clean')}</p>;
  return (
    <>
      <p class="muted">
        {[
          mistakes > 0 ? t('debrief.mistakesHeading', { n: mistakes }) : '',
          pauses > 0 ? t('debrief.pausesHeading', { n: pauses }) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <ol class="debrief-items">
        {items.map((item, i) => (
          <li
            key={i}
            class={`debrief-item debrief-${item.kind}`}
            data-testid="debrief-item"
            data-kind={item.kind}
          >
            <span class="debrief-time">{formatClock(item.at)}</span>
            {onPick ? (
              <button
                type="button"
                class="debrief-pick"
                aria-pressed={picked !== null && sameItem(picked, item)}
                title={t('debrief.seek')}
                onClick={() => onPick(item)}
              >
                {item.text}
              </button>
            ) : (
              <span>{item.text}</span>
            )}
          </li>
        ))}
      </ol>
      {!debrief.complete && <p class="muted">{t('debrief.incomplete')}</p>}
    </>
  );
}

const sameItem = (a: DebriefItem, b: DebriefItem): boolean =>
  a.kind === b.kind && a.at === b.at && a.cell === b.cell;
