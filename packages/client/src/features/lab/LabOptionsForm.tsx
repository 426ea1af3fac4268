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
  isHeuristic,
  isMode,
  options,
  runSolve,
  setOptions,
  solve,
} from './lab-store.ts';

export function LabOptionsForm() {
  const { mode, heuristic, budgetS, xor, compare } = options.value;
  const running = solve.value?.phase === 'running';
  const unreadable = inspection.value?.ok === false;
  return (
    <form
      class="lab-options"
      aria-label={t('lab.options')}
      onSubmit={(event) => {
        event.preventDefault();
        void runSolve();
      }}
    >
      <label>
        {t('lab.mode')}{' '}
        <select
          name="mode"
          value={mode}
          onChange={(e) =>
            isMode(e.currentTarget.value) && setOptions({ mode: e.currentTarget.value })
          }
        >
          {SOLVER_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`lab.mode.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('lab.heuristic')}{' '}
        <select
          name="heuristic"
          value={heuristic}
          onChange={(e) =>
            isHeuristic(e.currentTarget.value) && setOptions({ heuristic: e.currentTarget.value })
          }
        >
          {HEURISTICS.map((h) => (
            <option key={h} value={h}>
              {t(`lab.heuristic.${h}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('lab.budget')}{' '}
        <select
          name="budget"
          value={String(budgetS)}
          onChange={(e) => {
            const chosen = BUDGETS_S.find((s) => String(s) === e.currentTarget.value);
            if (chosen !== undefined) setOptions({ budgetS: chosen });
          }}
        >
          {BUDGETS_S.map((s) => (
            <option key={s} value={String(s)}>
              {s === 0 ? t('lab.budget.none') : t('lab.budget.seconds', { n: s })}
            </option>
          ))}
        </select>
      </label>
      <label class="lab-check" title={mode === 'dpll' ? t('lab.xor.cdclOnly') : undefined}>
        <input
          type="checkbox"
          name="xor"
          disabled={mode === 'dpll'}
          checked={xor && mode !== 'dpll'}
          onChange={(e) => setOptions({ xor: e.currentTarget.checked })}
        />
        {t('lab.xor')}
      </label>
      <label class="lab-check">
        <input
          type="checkbox"
          name="compare"
          checked={compare}
          onChange={(e) => setOptions({ compare: e.currentTarget.checked })}
        />
        {t('lab.compare')}
      </label>
      <div class="lab-actions">
        <button
          type="submit"
          class="primary"
          disabled={running || unreadable || input.value.text.trim() === ''}
        >
          {t('lab.solve')}
        </button>
        {running && <Running />}
      </div>
    </form>
  );
}

/**
 * The spinner, the elapsed time (ticking every 100 ms, so not a live region: the outcome is
 * announced instead) and Cancel.
 */
function Running() {
  const startedAt = solve.value?.startedAt ?? performance.now();
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
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
