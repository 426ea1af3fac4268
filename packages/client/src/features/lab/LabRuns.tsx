/**
 * The solve's runs (the baseline first in a comparison): each one's status and statistics,
 * live while it runs; the optimisation rate; the chosen run's model and its `.res` download.
 */
import { formatRate } from '@percent/engine';
import { t, type MessageKey } from '../../i18n/index.ts';
import { formatCount, formatMs, STAT_FIELDS } from './format.ts';
import { comparisonRate, chosenRun, type RunView } from './lab-state.ts';
import { solve } from './lab-store.ts';
import { ModelView } from './ModelView.tsx';

export function LabRuns() {
  const current = solve.value;
  if (!current) return null;
  const rate = comparisonRate(current);
  const chosen = chosenRun(current);
  const inspection = current.inspection;
  if (inspection?.ok === false) return null;
  return (
    <section class="lab-runs" aria-label={t('lab.title')}>
      <div class="lab-run-list">
        {current.runs.map((run, index) => (
          <RunCard key={index} run={run} />
        ))}
      </div>
      {rate && (
        <div class="lab-rate" data-testid="lab-rate">
          <p>
            <strong>{t('lab.rate', { rate: formatRate(rate) })}</strong>
          </p>
          <p class="muted">
            {t('lab.rate.times', {
              baseline: formatMs(current.runs[0]?.stats?.ms ?? 0),
              optimised: formatMs(chosen?.stats?.ms ?? 0),
            })}
          </p>
          {rate.bound !== 'exact' && rate.bound !== 'none' && (
            <p class="muted">{t('lab.rate.bound')}</p>
          )}
        </div>
      )}
      {chosen && inspection?.ok && current.phase === 'over' && (
        <ModelView run={chosen} file={current.file} numVars={inspection.vars} />
      )}
    </section>
  );
}

function statusText(run: RunView): string {
  if (run.status === 'unknown')
    return t('lab.status.unknown', { reason: t(`lab.reason.${run.reason ?? 'aborted'}`) });
  return t(`lab.status.${run.status}`);
}

function runTitle(run: RunView): string {
  if (run.role === 'baseline') return t('lab.run.baseline');
  const { mode, heuristic } = run.config;
  return t('lab.run.chosen', {
    mode: t(`lab.mode.${mode}`),
    heuristic: t(`lab.heuristic.${heuristic}`),
  });
}

function RunCard({ run }: { run: RunView }) {
  const { stats } = run;
  return (
    <article class={`lab-run lab-run-${run.status}`} data-testid={`lab-run-${run.role}`}>
      <h2>{runTitle(run)}</h2>
      <p class="lab-status" role="status" data-testid="lab-status">
        {run.status === 'running' && <span class="lab-spinner small" aria-hidden="true" />}
        {statusText(run)}
      </p>
      {stats && (
        <dl class="lab-stats">
          <Stat label="lab.stat.ms" value={formatMs(stats.ms)} />
          {STAT_FIELDS.map((field) => (
            <Stat key={field} label={`lab.stat.${field}`} value={formatCount(stats[field])} />
          ))}
        </dl>
      )}
    </article>
  );
}

function Stat({ label, value }: { label: MessageKey; value: string }) {
  return (
    <div>
      <dt>{t(label)}</dt>
      <dd data-stat={label}>{value}</dd>
    </div>
  );
}
