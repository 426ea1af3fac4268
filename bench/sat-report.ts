import os from 'node:os';
import path from 'node:path';
import { ms, table, type Align } from './markdown.ts';
import type { BenchContext } from './section.ts';
import type { Natives } from './sat-env.ts';
import { describeStartup } from './sat-env.ts';
import type { FolderRace } from './sat-folder.ts';
import { judge, runOf, type InstanceResult, type SetTotals } from './sat-judge.ts';
import { netMs, ratioText, sumTimes, type TimeSum } from './sat-net.ts';
import { renderPhases, renderPhaseTargets } from './sat-phases.ts';
import { BASELINE, OPTIMISED, TIMING, type SolverRun } from './sat-runners.ts';
import type { SolverName, Startups } from './sat-startup.ts';
import {
  checkNumber,
  evaluateTargets,
  familyRatio,
  rateOf,
  renderTargets,
  runRate,
} from './sat-targets.ts';

export interface SatReport {
  readonly context: BenchContext;
  readonly dir: string;
  readonly natives: Natives;
  readonly totals: readonly SetTotals[];
  readonly results: readonly InstanceResult[];
  /** Wrong answers and errors of ours, already phrased. */
  readonly problems: readonly string[];
  /** Wrong answers and errors of the references, already phrased. */
  readonly refProblems: readonly string[];
  readonly startups: Startups;
  readonly folder: FolderRace | string | undefined;
  /** How ours was started, e.g. `the engine's CLI bundle`. */
  readonly launcher: string;
  /** How long the whole section took. */
  readonly elapsedMs: number;
}

/** The whole SAT section of BENCHMARKS.md. */
export function renderSat(report: SatReport): string {
  const { results, totals, startups, folder } = report;
  const parts = [
    '## SAT solver',
    preamble(report),
    ...(report.problems.length > 0 ? [shout(report.problems)] : []),
    '### Targets (issue 23)',
    renderPhaseTargets(results),
    '### Targets (issue 12)',
    renderTargets(evaluateTargets({ results, totals, startups, folder })),
    '### Process start-up (subtracted below)',
    startupTable(report),
    '### HUST check table (the course design)',
    checkTable(report),
    '### Per set: ours vs MiniSat',
    setTable(report),
    '### Per set: in-process time by phase, ours vs MiniSat',
    renderPhases(results),
    '### Per set: every reference',
    sampleTable(report),
    ...(report.refProblems.length > 0 ? ['### References that erred', refList(report)] : []),
    '### Not decided correctly by ours',
    exceptions(results),
  ];
  return parts.join('\n\n');
}

/** The solvers that ran other than ours, in table order. */
function references(natives: Natives): SolverName[] {
  return [...(natives.minisat === undefined ? [] : ['minisat' as const]), ...natives.extras];
}

function preamble({ context, dir, natives, launcher, elapsedMs }: SatReport): string {
  const { options } = context;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const limited = Number.isFinite(options.limit)
    ? ` Limited run: at most ${options.limit} files per set.`
    : '';
  const refs = references(natives).map((n) => `${n} ${natives.versions[n] ?? ''}`.trim());
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  return [
    `_Measured by \`${context.command}\` on ${date} UTC in ${(elapsedMs / 60_000).toFixed(0)} min.${limited}_`,
    '',
    `- Data: \`${path.relative(context.repoRoot, dir) || dir}\`; the \`verified\` column of its MANIFEST.tsv is the truth (see its SOURCES.md).`,
    `- Ours: \`percent sat --json\` with ${OPTIMISED.mode} + ${OPTIMISED.heuristic} (the default), run as ${launcher}; on hust/check also the course baseline ${BASELINE.mode} + ${BASELINE.heuristic}.`,
    `- References: ${refs.join(', ') || 'none (minisat not on PATH: ratios skipped)'}.${natives.missing.length > 0 ? ` Not run: ${natives.missing.join('; ')}.` : ''}`,
    `- Every run is its own process, one at a time (nothing in parallel), limited to ${options.timeoutMs / 1000} s for ours, ${options.nativeTimeoutMs / 1000} s for minisat and ${options.extrasTimeoutMs / 1000} s for each other reference (logic-solver has no budget of its own: its process is killed at the limit).`,
    `- **Times in the tables are ${TIMING.wall}**; the issue's ratios are taken on them.`,
    `- Also shown: ours in-process — ${TIMING.ours}; minisat CPU — ${TIMING.minisat}.`,
    `- Load average when the report was written: ${load} (1, 5, 15 min) on ${os.availableParallelism()} cores; other work on the machine inflates wall times.`,
    '- An undecided run counts with the time it used, so a sum over it is a lower bound (≥); `≤` marks a ratio whose reference is a lower bound, `~` a ratio of two lower bounds.',
  ].join('\n');
}

function shout(problems: readonly string[]): string {
  return [
    `**!!! ${problems.length} WRONG ANSWER(S) OR ERROR(S) !!!**`,
    '',
    ...problems.map((p) => `- **${p}**`),
  ].join('\n');
}

function startupTable({ startups, natives, launcher }: SatReport): string {
  const how: Record<string, string> = {
    ours: `\`percent sat FILE --json\` as ${launcher}`,
    minisat: '`minisat -verb=1 FILE`',
    cryptominisat5: '`cryptominisat5 --verb 0 --printsol 0 FILE`',
    cadical: '`cadical -q -n FILE`',
    picosat: '`picosat -n FILE`',
    'logic-solver': '`node logic-solver.cjs FILE` (bench/logic-solver-main.ts bundled)',
  };
  const rows = (['ours', ...references(natives)] as SolverName[]).map((name) => [
    name,
    how[name] ?? '',
    describeStartup(startups.solvers[name]),
  ]);
  rows.push([
    '`node_modules/.bin/percent sat`',
    'as a user types it (shell shim, launcher, bundle); not subtracted, target 5',
    describeStartup(startups.bin),
  ]);
  return (
    'The wall time of each solver’s process on a one-clause file (`p cnf 1 1`, `1 0`), timed exactly as its instances are, after one warm-up run:\n\n' +
    table(['solver', 'command', 'start-up (wall)'], rows)
  );
}

function runCell(run: SolverRun | undefined, time: (r: SolverRun) => number): string {
  if (run === undefined) return '—';
  return run.censored ? `${ms(time(run), true)} (${run.note})` : ms(time(run));
}

function checkTable({ results, natives, startups }: SatReport): string {
  const check = results.filter((r) => r.instance.set === 'hust/check');
  if (check.length === 0) return 'hust/check did not run.';
  const refs = references(natives);
  const net = (name: SolverName) => (r: SolverRun) =>
    netMs(r, startups.solvers[name]?.medianMs ?? 0);
  const rows = check.map((r) => [
    String(checkNumber(r.instance.path)),
    String(r.instance.vars),
    String(r.instance.clauses),
    r.instance.verified,
    `${r.ours.verdict} ${mark(r)}`,
    runCell(r.baseline, (x) => x.ms),
    runCell(r.ours, (x) => x.ms),
    runRate(r.baseline, r.ours),
    runCell(r.ours, net('ours')),
    ...refs.map((name) => runCell(runOf(r, name), net(name))),
  ]);
  const headers = [
    ...['#', 'vars', 'clauses', 'verified', 'ours'],
    `t: ${BASELINE.mode}+${BASELINE.heuristic} ms`,
    `t_o: ${OPTIMISED.mode}+${OPTIMISED.heuristic} ms`,
    'rate (t−t_o)/t',
    'ours net ms',
    ...refs.map((n) => `${n} net ms`),
  ];
  const left = new Set([3, 4]);
  const align: Align[] = headers.map((_, i) => (left.has(i) ? 'left' : 'right'));
  const rate = rateOf(sumTimes(check.map((r) => r.baseline)), sumTimes(check.map((r) => r.ours)));
  return (
    `t and t_o are in-process solve times (the course's optimisation rate, over the summed times: ${rate}); "net" is process wall time minus start-up.\n\n` +
    table(headers, rows, align)
  );
}

function mark(r: InstanceResult): string {
  const verdict = judge(r.instance, r.ours);
  if (verdict === 'correct') return '✔';
  return verdict === 'undecided' ? '' : `✘ ${verdict}`;
}

function sumCell(sum: TimeSum | undefined): string {
  return sum === undefined ? '—' : ms(sum.ms, sum.censored);
}

function setTable({ totals }: SatReport): string {
  const rows = totals.map((t) => [
    t.set,
    t.files < t.available ? `${t.files} of ${t.available}` : String(t.files),
    String(t.counts.correct),
    t.counts.wrong > 0 ? `**${t.counts.wrong}**` : '0',
    t.counts.error > 0 ? `**${t.counts.error}**` : '0',
    sumCell(t.net.ours),
    sumCell(t.net.minisat),
    ratioText(familyRatio(t)),
    `${sumCell(t.ours)} + ${ms(t.parseMs)}`,
    sumCell(t.minisat),
  ]);
  const headers = [
    ...['set', 'files', 'correct', 'wrong', 'errors'],
    ...['ours ms', 'minisat ms', 'ours / minisat'],
    'ours in-process ms (solve + parse)',
    'minisat CPU ms',
  ];
  return (
    'Ours and minisat on every file. `ours ms` and `minisat ms`: process wall time minus that solver’s start-up, summed over the files; the ratio is the issue’s metric.\n\n' +
    table(
      headers,
      rows,
      headers.map((_, i) => (i === 0 ? 'left' : 'right')),
    )
  );
}

/** Every solver on the files the other references ran on, so each row compares like with like. */
function sampleTable({ totals, natives, context }: SatReport): string {
  const solvers: SolverName[] = ['ours', ...references(natives)];
  const rows = totals.flatMap((t) =>
    t.sample === undefined
      ? []
      : [[t.set, String(t.sample.files), ...solvers.map((name) => sumCell(t.sample?.net[name]))]],
  );
  if (rows.length === 0) return 'The other references did not run.';
  const headers = ['set', 'files', ...solvers.map((n) => `${n} ms`)];
  return (
    `Up to ${context.options.extrasLimit} files per set, spread evenly through it (\`--extras-limit\`); every solver on the same files, process wall time minus its start-up.\n\n` +
    table(
      headers,
      rows,
      headers.map((_, i) => (i === 0 ? 'left' : 'right')),
    )
  );
}

function refList({ refProblems }: SatReport): string {
  const more = refProblems.length > 50 ? [`- … and ${refProblems.length - 50} more`] : [];
  return [...refProblems.slice(0, 50).map((p) => `- ${p}`), ...more].join('\n');
}

function exceptions(results: readonly InstanceResult[]): string {
  const misses = results.filter((r) => judge(r.instance, r.ours) !== 'correct');
  if (misses.length === 0) return 'None: every instance that ran was decided correctly.';
  const decider = (r: InstanceResult): string =>
    (['minisat', 'cryptominisat5', 'cadical', 'picosat', 'logic-solver'] as const)
      .filter((name) => {
        const run = runOf(r, name);
        return run !== undefined && !run.censored && !run.error;
      })
      .join(', ') || 'none';
  const rows = misses
    .slice(0, 200)
    .map((r) => [
      r.instance.path,
      r.instance.verified,
      judge(r.instance, r.ours),
      runCell(r.ours, (x) => x.wallMs),
      decider(r),
    ]);
  const more = misses.length > 200 ? `\n\n… and ${misses.length - 200} more.` : '';
  return table(['instance', 'verified', 'ours', 'ours wall ms', 'decided by'], rows) + more;
}
