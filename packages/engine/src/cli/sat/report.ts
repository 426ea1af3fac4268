import type { SolverStats } from '../../sat/types.ts';
import { alignedTable, formatCount, formatMs } from '../io/output.ts';
import type { Rate } from '../../sat/rate.ts';
import { formatRate } from '../../sat/rate.ts';
import { verdictText, type TimedResult } from './solve.ts';

/** What was read, shared by every form of report. */
export interface InputSummary {
  readonly file: string;
  readonly vars: number;
  readonly clauses: number;
  readonly warnings: number;
  readonly parseMs: number;
  /** Where the `.res` file was written. */
  readonly resPath: string;
}

const STAT_KEYS = [
  'decisions',
  'propagations',
  'conflicts',
  'learned',
  'restarts',
  'deleted',
  'eliminated',
  /** XOR constraints found in the clauses (Gauss–Jordan elimination works on them). */
  'xors',
] as const satisfies readonly (keyof SolverStats)[];

function inputRows(input: InputSummary): string[][] {
  return [
    ['file', input.file],
    ['variables', formatCount(input.vars)],
    ['clauses', formatCount(input.clauses)],
    ['parse time', formatMs(input.parseMs)],
  ];
}

function runRows(runs: readonly TimedResult[]): string[][] {
  return [
    ['solver', ...runs.map((r) => `${r.config.mode} + ${r.config.heuristic}`)],
    ['result', ...runs.map((r) => verdictText(r.result))],
    ['solve time', ...runs.map((r) => formatMs(r.ms))],
    ...STAT_KEYS.map((key) => [key, ...runs.map((r) => formatCount(r.result.stats[key]))]),
  ];
}

/** The human-readable block of one solve. */
export function formatSingleReport(input: InputSummary, run: TimedResult): string {
  return alignedTable([...inputRows(input), ...runRows([run]), ['result file', input.resPath]]);
}

/** The human-readable block of `--compare`: the input, both runs side by side, the rate. */
export function formatCompareReport(
  input: InputSummary,
  baseline: TimedResult,
  optimised: TimedResult,
  rate: Rate,
): string {
  const head = [...inputRows(input), ['result file', input.resPath]];
  const body = [['', 'baseline', 'optimised'], ...runRows([baseline, optimised])];
  const keyWidth = Math.max(...[...head, ...body].map((row) => row[0]?.length ?? 0));
  const lines = [
    alignedTable(head, keyWidth),
    '',
    alignedTable(body, keyWidth),
    '',
    `baseline time   t   = ${formatMs(baseline.ms)}${undecidedNote(baseline)}`,
    `optimised time  t_o = ${formatMs(optimised.ms)}${undecidedNote(optimised)}`,
    `optimisation rate (t - t_o) / t = ${formatRate(rate)}`,
  ];
  if (rate.bound === 'lower')
    lines.push('(the baseline did not finish: the rate is a lower bound)');
  if (rate.bound === 'upper') {
    lines.push('(the optimised run did not finish: the rate is an upper bound)');
  }
  return lines.join('\n');
}

function undecidedNote(run: TimedResult): string {
  const { result } = run;
  if (result.status !== 'unknown') return '';
  if (result.reason === 'time') return ` (hit the ${run.config.timeoutMs} ms timeout)`;
  if (result.reason === 'conflicts') return ` (hit the ${run.config.conflicts}-conflict budget)`;
  return ' (interrupted)';
}

/** One run as `--json` writes it. */
export interface RunJson {
  readonly mode: string;
  readonly heuristic: string;
  readonly status: 'sat' | 'unsat' | 'unknown';
  readonly reason: string | null;
  /** Solve time in ms (parse excluded). */
  readonly ms: number;
  readonly stats: SolverStats;
}

export function runJson(run: TimedResult): RunJson {
  const { result } = run;
  return {
    mode: run.config.mode,
    heuristic: run.config.heuristic,
    status: result.status,
    reason: result.status === 'unknown' ? result.reason : null,
    ms: run.ms,
    stats: { ...result.stats },
  };
}

/** The `--json` object: the input, then the reported run's fields, then `--compare` extras. */
export function formatJson(
  input: InputSummary,
  run: TimedResult,
  compare?: { baseline: TimedResult; optimised: TimedResult; rate: Rate },
  /** What `--proof` wrote. */
  proof?: Record<string, unknown>,
): string {
  const body = {
    file: input.file,
    vars: input.vars,
    clauses: input.clauses,
    warnings: input.warnings,
    parseMs: input.parseMs,
    res: input.resPath,
    ...runJson(run),
    ...(compare && {
      baseline: runJson(compare.baseline),
      optimised: runJson(compare.optimised),
      rate: compare.rate,
    }),
    ...(proof && { proof }),
  };
  return JSON.stringify(body);
}
