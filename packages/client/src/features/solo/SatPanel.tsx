import { t, type MessageKey } from '../../i18n/index.ts';
import { fillFromSat, satReport } from './actions.ts';

const STATS: readonly [MessageKey, (r: NonNullable<typeof satReport.value>) => number][] = [
  ['sat.vars', (r) => r.vars],
  ['sat.clauses', (r) => r.clauses],
  ['sat.decisions', (r) => r.stats.decisions],
  ['sat.propagations', (r) => r.stats.propagations],
  ['sat.conflicts', (r) => r.stats.conflicts],
  ['sat.learned', (r) => r.stats.learned],
  ['sat.restarts', (r) => r.stats.restarts],
  ['sat.ms', (r) => Math.round(r.stats.ms * 10) / 10],
];

/** The CDCL solver's answer on the givens (encoded as CNF) and its statistics. */
export function SatPanel() {
  const report = satReport.value;
  if (!report) return null;
  return (
    <section class="sat-panel" aria-label={t('sat.title')}>
      <h2>{t('sat.title')}</h2>
      <p>{t(`sat.result.${report.status}`)}</p>
      <dl class="sat-stats">
        {STATS.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value(report).toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {report.solution && (
        <button type="button" onClick={fillFromSat}>
          {t('sat.fill')}
        </button>
      )}
    </section>
  );
}
