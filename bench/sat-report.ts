import path from 'node:path';
import { ms, table, type Align } from './markdown.ts';
import type { BenchContext } from './section.ts';
import { judge, type InstanceResult, type SetTotals, type TimeSum } from './sat-judge.ts';
import { BASELINE, OPTIMISED, TIMING, type ExtraSolver, type SolverRun } from './sat-runners.ts';
import { checkNumber, renderTargets, runRate } from './sat-targets.ts';

/** Which reference solvers ran: minisat's version (undefined when absent) and the extras. */
export interface Natives {
  readonly minisat: string | undefined;
  readonly extras: readonly ExtraSolver[];
  readonly versions: Readonly<Record<string, string>>;
}

export interface SatReport {
  readonly context: BenchContext;
  readonly dir: string;
  readonly natives: Natives;
  readonly totals: readonly SetTotals[];
  readonly results: readonly InstanceResult[];
  /** Wrong answers and errors of ours, already phrased. */
  readonly problems: readonly string[];
  /** How ours was started, e.g. `the CLI bundled once with esbuild`. */
  readonly launcher: string;
}

/** The whole SAT section of BENCHMARKS.md. */
export function renderSat(report: SatReport): string {
  const parts = [
    '## SAT solver',
    preamble(report),
    ...(report.problems.length > 0 ? [shout(report.problems)] : []),
    '### Targets',
    renderTargets(
      report.results,
      report.totals,
      report.natives.minisat === undefined ? undefined : report.context.options.nativeTimeoutMs,
    ),
    '### HUST check table (the course design)',
    checkTable(report),
    '### Per set',
    setTable(report),
    '### Not decided correctly',
    exceptions(report.results),
  ];
  return parts.join('\n\n');
}

function preamble({ context, dir, natives, launcher }: SatReport): string {
  const { options } = context;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const limited = Number.isFinite(options.limit)
    ? ` Limited run: at most ${options.limit} files per set.`
    : '';
  const refs =
    natives.minisat === undefined
      ? 'minisat not on PATH: ratios skipped'
      : ['minisat', ...natives.extras].map((n) => `${n} ${natives.versions[n] ?? ''}`).join(', ');
  return [
    `_Measured by \`${context.command}\` on ${date} UTC.${limited}_`,
    '',
    `- Data: \`${path.relative(context.repoRoot, dir) || dir}\`; the \`verified\` column of its MANIFEST.tsv is the truth (see its SOURCES.md).`,
    `- Ours: \`percent sat --json\` with ${OPTIMISED.mode} + ${OPTIMISED.heuristic} after variable-elimination preprocessing (the default), run as ${launcher}; on hust/check also the course baseline ${BASELINE.mode} + ${BASELINE.heuristic}.`,
    `- References: ${refs}.`,
    `- Every run is its own process, one at a time (nothing in parallel), limited to ${options.timeoutMs / 1000} s for ours and ${options.nativeTimeoutMs / 1000} s for each reference.`,
    `- Timing of ours: ${TIMING.ours}.`,
    `- Timing of minisat: ${TIMING.minisat}; it has about 1 ms resolution, so tiny instances show 0.`,
    `- Timing of cadical / picosat: ${TIMING.extras}.`,
    '- An undecided run counts with the time it used, so a sum over it is a lower bound (≥); `~` marks a ratio of two lower bounds.',
  ].join('\n');
}

function shout(problems: readonly string[]): string {
  return [
    `**!!! ${problems.length} WRONG ANSWER(S) OR ERROR(S) !!!**`,
    '',
    ...problems.map((p) => `- **${p}**`),
  ].join('\n');
}

function runCell(run: SolverRun | undefined): string {
  if (run === undefined) return '—';
  return run.censored ? `${ms(run.ms, true)} (${run.note})` : ms(run.ms);
}

function checkTable({ results, natives }: SatReport): string {
  const rows = results
    .filter((r) => r.instance.set === 'hust/check')
    .map((r) => [
      String(checkNumber(r.instance.path)),
      String(r.instance.vars),
      String(r.instance.clauses),
      r.instance.expected,
      r.instance.verified,
      `${r.ours.verdict} ${mark(r)}`,
      runCell(r.baseline),
      runCell(r.ours),
      runRate(r.baseline, r.ours),
      runCell(r.minisat),
      ...natives.extras.map((name) => runCell(r.extras[name])),
    ]);
  if (rows.length === 0) return 'hust/check did not run.';
  const headers = [
    '#',
    'vars',
    'clauses',
    'expected',
    'verified',
    'ours',
    `t: ${BASELINE.mode}+${BASELINE.heuristic} ms`,
    `t_o: ${OPTIMISED.mode}+${OPTIMISED.heuristic} ms`,
    'rate (t−t_o)/t',
    'minisat ms',
    ...natives.extras.map((n) => `${n} ms`),
  ];
  const align: Align[] = headers.map((_, i) =>
    i === 0 || i === 1 || i === 2 || i >= 6 ? 'right' : 'left',
  );
  return table(headers, rows, align);
}

function mark(r: InstanceResult): string {
  const verdict = judge(r.instance, r.ours);
  if (verdict === 'correct') return '✔';
  return verdict === 'undecided' ? '' : `✘ ${verdict}`;
}

function sumCell(sum: TimeSum | undefined): string {
  return sum === undefined ? '—' : ms(sum.ms, sum.censored);
}

/** Ours over a reference: `≥` when ours is a lower bound, `≤` when theirs is, `~` for both. */
function ratioCell(ours: TimeSum, ref: TimeSum | undefined): string {
  if (ref === undefined || ref.ms <= 0) return '—';
  const prefix = ours.censored ? (ref.censored ? '~ ' : '≥ ') : ref.censored ? '≤ ' : '';
  return `${prefix}${(ours.ms / ref.ms).toFixed(2)}×`;
}

function setTable({ totals, natives }: SatReport): string {
  const rows = totals.map((t) => [
    t.set,
    t.files < t.available ? `${t.files} of ${t.available}` : String(t.files),
    String(t.counts.correct + t.counts.wrong + t.counts.unchecked),
    String(t.counts.correct),
    t.counts.wrong > 0 ? `**${t.counts.wrong}**` : '0',
    t.counts.error > 0 ? `**${t.counts.error}**` : '0',
    sumCell(t.ours),
    ms(t.parseMs),
    t.minisat === undefined ? '—' : `${t.minisat.decided}`,
    sumCell(t.minisat),
    ratioCell(t.ours, t.minisat),
    ...natives.extras.map((name) => sumCell(t.extras[name])),
  ]);
  const headers = [
    'set',
    'files',
    'decided',
    'correct',
    'wrong',
    'errors',
    'ours ms',
    'ours parse ms',
    'minisat decided',
    'minisat ms',
    'ours / minisat',
    ...natives.extras.map((n) => `${n} ms`),
  ];
  return table(
    headers,
    rows,
    headers.map((_, i) => (i === 0 ? 'left' : 'right')),
  );
}

function exceptions(results: readonly InstanceResult[]): string {
  const misses = results.filter((r) => judge(r.instance, r.ours) !== 'correct');
  if (misses.length === 0) return 'None: every instance that ran was decided correctly.';
  const rows = misses
    .slice(0, 200)
    .map((r) => [
      r.instance.path,
      r.instance.verified,
      judge(r.instance, r.ours),
      runCell(r.ours),
      r.minisat === undefined ? '—' : `${r.minisat.verdict} ${runCell(r.minisat)}`,
    ]);
  const more = misses.length > 200 ? `\n\n… and ${misses.length - 200} more.` : '';
  return table(['instance', 'verified', 'ours', 'ours ms', 'minisat'], rows) + more;
}
