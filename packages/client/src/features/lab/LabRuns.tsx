/**
 * The solve's runs (the baseline first in a comparison): each one's status and statistics,
 * live while it runs; the optimisation rate; the chosen run's model and its `.res` download.
 */
import { formatRate } from '@percent/engine';
import { t, type MessageKey } from '../../i18n/index.ts';
import { formatCount, formatMs, STAT_FIELDS } from './format.ts';
import {
  comparisonOf,
  chosenRun,
  MEASURABLE_MS,
  provesUnsat,
  type Comparison,
  type RunView,
} from './lab-state.ts';
import { solve } from './lab-store.ts';
import { download, ModelView } from './ModelView.tsx';

export function LabRuns() {
  const current = solve.value;
  if (!current) return null;
  const comparison = comparisonOf(current);
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
      {comparison && <ComparisonView comparison={comparison} />}
      {chosen && inspection?.ok && current.phase === 'over' && (
        <ModelView run={chosen} file={current.file} numVars={inspection.vars} />
      )}
    </section>
  );
}

/** The optimisation rate with both times, or why there is none. */
function ComparisonView({ comparison }: { comparison: Comparison }) {
  if (comparison.kind === 'tooFast')
    return (
      <div class="lab-rate" data-testid="lab-rate">
        <p>
          <strong>
            {t('lab.rate.tooFast', {
              baseline: formatMs(comparison.baselineMs),
              optimised: formatMs(comparison.chosenMs),
            })}
          </strong>
        </p>
        <p class="muted">{t('lab.rate.tooFastWhy', { ms: formatMs(MEASURABLE_MS) })}</p>
      </div>
    );
  const { rate } = comparison;
  return (
    <div class="lab-rate" data-testid="lab-rate">
      <p>
        <strong>{t('lab.rate', { rate: formatRate(rate) })}</strong>
      </p>
      <p class="muted">
        {t('lab.rate.times', {
          baseline: formatMs(comparison.baselineMs),
          optimised: formatMs(comparison.chosenMs),
        })}
      </p>
      {rate.bound !== 'exact' && rate.bound !== 'none' && (
        <p class="muted">{t('lab.rate.bound')}</p>
      )}
    </div>
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
      {run.status === 'unsat' && provesUnsat(run) && <ProofLine run={run} />}
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

/** The DRAT proof of an UNSAT answer: being checked, verified (with a download) or not. */
function ProofLine({ run }: { run: RunView }) {
  const { proof, drat, lrat } = run;
  if (!proof)
    return (
      <p class="lab-proof" role="status" data-testid="lab-proof">
        <span class="lab-spinner small" aria-hidden="true" /> {t('lab.proof.checking')}
      </p>
    );
  const text =
    proof.status === 'verified'
      ? t('lab.proof.verified', {
          lemmas: formatCount(proof.lemmas),
          skipped: formatCount(proof.skipped),
          ms: formatMs(proof.ms),
        })
      : proof.status === 'failed'
        ? t('lab.proof.failed', { message: proof.message ?? '' })
        : t('lab.proof.unknown', {
            reason: t(`lab.reason.${proof.message === 'time' ? 'time' : 'aborted'}`),
          });
  return (
    <div class={`lab-proof lab-proof-${proof.status}`} data-testid="lab-proof">
      <p role="status">{text}</p>
      {drat && (
        <button type="button" onClick={() => download([drat.slice().buffer], 'proof.drat')}>
          {t('lab.proof.download')}
        </button>
      )}
      {lrat && (
        <button type="button" onClick={() => download([lrat.slice().buffer], 'proof.lrat')}>
          {t('lab.proof.downloadLrat')}
        </button>
      )}
    </div>
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
