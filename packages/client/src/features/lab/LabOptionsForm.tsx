/** Mode, heuristic, budget, XOR reasoning, Compare; Solve, or Cancel with the elapsed time. */
import { HEURISTICS, SOLVER_MODES } from '@percent/engine';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import { formatMs } from './format.ts';
import {
  BUDGETS_S,
  cancelSolve,
  input,
  inspection,
  options,
  runSolve,
  setOptions,
  solve,
  type LabOptions,
} from './lab-store.ts';

const budgetText = (s: number): string =>
  s === 0 ? t('lab.budget.none') : t('lab.budget.seconds', { n: s });

export function LabOptionsForm() {
  const { mode, heuristic, budgetS, xor, compare, proof } = options.value;
  const running = solve.value?.phase === 'running';
  const unreadable = inspection.value?.ok === false;
  const empty = input.value.text.trim() === '';
  return (
    <form
      class="lab-options"
      aria-label={t('lab.options')}
      onSubmit={(event) => {
        event.preventDefault();
        void runSolve();
      }}
    >
      <Choice
        label={t('lab.mode')}
        name="mode"
        value={mode}
        values={SOLVER_MODES}
        text={(m) => t(`lab.mode.${m}`)}
      />
      <Choice
        label={t('lab.heuristic')}
        name="heuristic"
        value={heuristic}
        values={HEURISTICS}
        text={(h) => t(`lab.heuristic.${h}`)}
      />
      <Choice
        label={t('lab.budget')}
        name="budgetS"
        value={budgetS}
        values={BUDGETS_S}
        text={budgetText}
      />
      <Check
        name="xor"
        checked={xor && mode !== 'dpll'}
        disabled={mode === 'dpll'}
        why={t('lab.xor.cdclOnly')}
      >
        {t('lab.xor')}
      </Check>
      <Check
        name="proof"
        checked={proof && mode !== 'dpll'}
        disabled={mode === 'dpll'}
        why={t('lab.proof.cdclOnly')}
      >
        {t('lab.proof')}
      </Check>
      <Check name="compare" checked={compare}>
        {t('lab.compare')}
      </Check>
      <div class="lab-actions">
        <button type="submit" class="primary" disabled={running || unreadable || empty}>
          {t('lab.solve')}
        </button>
        {running && <Running />}
      </div>
    </form>
  );
}

type ChoiceName = 'mode' | 'heuristic' | 'budgetS';

interface ChoiceProps<K extends ChoiceName> {
  readonly label: string;
  readonly name: K;
  readonly value: LabOptions[K];
  readonly values: readonly LabOptions[K][];
  readonly text: (value: LabOptions[K]) => string;
}

/** A labelled select of one option; only the listed values can be chosen. */
function Choice<K extends ChoiceName>({ label, name, value, values, text }: ChoiceProps<K>) {
  return (
    <label>
      {label}{' '}
      <select
        name={name}
        value={String(value)}
        onChange={(event) => {
          const chosen = values.find((v) => String(v) === event.currentTarget.value);
          if (chosen !== undefined) setOptions({ [name]: chosen });
        }}
      >
        {values.map((v) => (
          <option key={String(v)} value={String(v)}>
            {text(v)}
          </option>
        ))}
      </select>
    </label>
  );
}

interface CheckProps {
  readonly name: 'xor' | 'compare' | 'proof';
  readonly checked: boolean;
  readonly disabled?: boolean;
  /** Why it is disabled. */
  readonly why?: string;
  readonly children: string;
}

/** A labelled checkbox of one on/off option. */
function Check({ name, checked, disabled = false, why, children }: CheckProps) {
  return (
    <label class="lab-check" title={disabled ? why : undefined}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => setOptions({ [name]: event.currentTarget.checked })}
      />
      {children}
    </label>
  );
}

/**
 * The spinner, the elapsed time (ticking every 100 ms, so not a live region: the outcome is
 * announced instead) and Cancel, which Escape presses too.
 */
function Running() {
  const startedAt = solve.value?.startedAt ?? performance.now();
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && cancelSolve();
    window.addEventListener('keydown', onKey);
    return () => {
      clearInterval(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <>
      <span class="lab-running" data-testid="lab-running">
        <span class="lab-spinner" aria-hidden="true" />
        {t('lab.solving', { elapsed: formatMs(Math.max(0, now - startedAt)) })}
      </span>
      <button type="button" onClick={cancelSolve} data-testid="lab-cancel">
        {t('lab.cancel')}
      </button>
    </>
  );
}
