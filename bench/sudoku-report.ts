import { availableParallelism } from 'node:os';
import { DIFFICULTIES, type VariantIdName } from '@percent/engine';
import { ms, table } from './markdown.ts';
import type { BenchContext, SectionResult } from './section.ts';
import type { SudokuPlan } from './sudoku.ts';
import type { EndgamesRun } from './sudoku-endgames.ts';
import { GENERATE_BUDGET_MS, percentile, type GenerationStats } from './sudoku-generate.ts';
import type { GraderAgreement } from './sudoku-grade.ts';
import type { ContenderRates, Rate } from './sudoku-rates.ts';
import { renderTargets } from './sudoku-targets.ts';

export interface SetRates {
  readonly set: string;
  readonly variant: VariantIdName;
  readonly puzzles: number;
  readonly results: readonly ContenderRates[];
}

/** Everything the section measured; a string is a skip message, undefined a part not run. */
export interface SudokuReport {
  readonly context: BenchContext;
  readonly plan: SudokuPlan;
  readonly dataDir: string;
  /** `os.loadavg()` when the section started. */
  readonly load: readonly number[];
  readonly classic?: SetRates | string;
  readonly percent?: SetRates | string;
  readonly generation?: readonly GenerationStats[];
  readonly endgames?: readonly EndgamesRun[];
  readonly grader?: GraderAgreement | string;
}

const OURS = '@percent/engine';
const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const NOT_RUN = 'not run (excluded by `--sets`)';

export function renderSudoku(report: SudokuReport): SectionResult {
  const problems = ourProblems(report);
  const parts = [
    '## Sudoku',
    preamble(report),
    ...(problems.length > 0
      ? [`**Wrong answers of ours:**\n\n${problems.map((p) => `- ${p}`).join('\n')}`]
      : []),
    '### Targets',
    renderTargets(report),
    '### Solving the 17-clue classics (`sudoku17`)',
    ratesBlock(report.classic),
    '### Percent puzzles (`percent_andoku`, Andoku levels 1–5)',
    ratesBlock(report.percent),
    '### Generating unique percent puzzles (`generate`)',
    generationBlock(report.generation),
    '### Endgames (solved classic grids to a file)',
    endgamesBlock(report.endgames),
    '### Grader against Andoku’s levels',
    graderBlock(report.grader),
  ];
  return { markdown: parts.join('\n\n'), failed: problems.length > 0 };
}

function preamble({ context, plan, dataDir, load }: SudokuReport): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const quick = context.options.quick ? ' Quick run: smaller samples, figures are indicative.' : '';
  const capped = Number.isFinite(plan.puzzles)
    ? ` At most ${count(plan.puzzles)} puzzles per set.`
    : '';
  return [
    `_Measured by \`${context.command}\` on ${date} UTC (machine in the header above).${quick}${capped}_`,
    '',
    `Data: \`${dataDir}\`. Everything runs in the bench process on one core. Solver rates are`,
    'calls per **CPU second** of the process (user + system), which the other jobs sharing the',
    'machine inflate less than wall time; each solver is created once and reused, after 200',
    'untimed warm-up puzzles. The solvers take turns on chunks of 500 calls, so all of them see',
    'the same drifting load and their ratios stay fair; a set smaller than 5,000 puzzles is run',
    `in rounds up to 5,000 calls; a solver drops out after ${count(plan.capMs / 1000)} CPU s. Every answer is checked`,
    'after timing: a solution must pass `isSolved` for the variant and keep every given; a',
    'count must be 1 (every puzzle of these sets has exactly one solution).',
    `Load average when the section started: ${load.map((x) => x.toFixed(1)).join(', ')} (1, 5, 15 min) on`,
    `${availableParallelism()} cores: the machine was shared, so wall times carry other jobs' load.`,
  ].join('\n');
}

/** Wrong answers of our own code: they make the bench exit 1. */
function ourProblems(report: SudokuReport): string[] {
  const problems: string[] = [];
  for (const set of [report.classic, report.percent]) {
    if (set === undefined || typeof set === 'string') continue;
    for (const r of set.results.filter((x) => x.contender.name.startsWith(OURS))) {
      if (r.solve.firstWrong)
        problems.push(`${set.set} solve: ${r.solve.wrong} wrong, ${r.solve.firstWrong}`);
      if (r.count?.firstWrong)
        problems.push(`${set.set} count: ${r.count.wrong} wrong, ${r.count.firstWrong}`);
    }
  }
  for (const g of report.generation ?? []) {
    if (g.firstWrong) problems.push(`generate ${g.difficulty}: ${g.wrong} wrong, ${g.firstWrong}`);
  }
  for (const run of report.endgames ?? []) {
    const c = run.check;
    if (run.error !== undefined) problems.push(`endgames ${run.how}: ${run.error}`);
    else if (c && (c.lines !== run.count || c.distinct !== c.lines || c.invalid > 0))
      problems.push(
        `endgames ${run.how}: ${c.lines} lines, ${c.distinct} distinct, ${c.invalid} invalid`,
      );
  }
  return problems;
}

function rateCell(rate: Rate | undefined): string {
  if (rate === undefined) return '—';
  const rounds = rate.calls > rate.puzzles ? ` (${count(rate.calls)} calls)` : '';
  const capped = rate.capped ? ` (first ${count(rate.puzzles)}, CPU cap)` : '';
  return `${count(rate.perSecond)}${rounds}${capped}`;
}

function wrongCell(rate: Rate | undefined): string {
  if (rate === undefined) return '—';
  return rate.wrong === 0 ? '0' : `**${count(rate.wrong)}**: ${rate.firstWrong ?? ''}`;
}

function ratesBlock(rates: SetRates | string | undefined): string {
  if (rates === undefined) return NOT_RUN;
  if (typeof rates === 'string') return rates;
  const rows = rates.results.map((r) => [
    r.contender.name.startsWith(OURS) ? `**${r.contender.name}**` : r.contender.name,
    rateCell(r.solve),
    wrongCell(r.solve),
    r.count === undefined ? (r.contender.countNote ?? '—') : rateCell(r.count),
    wrongCell(r.count),
  ]);
  const head = ['solver', 'solve / CPU s', 'wrong solutions', 'count ≤ 2 / CPU s', 'wrong counts'];
  const how = rates.results.map((r) => `- ${r.contender.name}: ${r.contender.how}`).join('\n');
  return [
    `${count(rates.puzzles)} puzzles, ${rates.variant} rules.`,
    table(head, rows, ['left', 'right', 'right', 'right', 'right']),
    `How each was called:\n\n${how}`,
  ].join('\n\n');
}

function generationBlock(stats: readonly GenerationStats[] | undefined): string {
  if (stats === undefined) return NOT_RUN;
  const rows = stats.map((s) => [
    s.difficulty,
    count(s.seeds),
    ms(percentile(s.times, 50)),
    ms(percentile(s.times, 95)),
    ms(s.times.at(-1) ?? NaN),
    s.meanClues.toFixed(1),
    count(s.timedOut),
    s.wrong === 0 ? '0' : `**${s.wrong}**: ${s.firstWrong ?? ''}`,
  ]);
  const head = [
    'difficulty',
    'seeds',
    'p50 ms',
    'p95 ms',
    'max ms',
    'mean clues',
    `over ${GENERATE_BUDGET_MS / 1000} s`,
    'wrong',
  ];
  return [
    '`generate({ variant: percent, rng: createRng(seed), difficulty })` for seeds 0, 1, 2 …, CPU ms per call',
    '(one untimed warm-up call per difficulty). Each puzzle is re-checked: `count` = 1, its solution',
    'valid, its grade the one asked for. Percentiles are nearest-rank over the calls that returned.',
    '',
    table(head, rows, ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left']),
  ].join('\n');
}

function endgamesBlock(runs: readonly EndgamesRun[] | undefined): string {
  if (runs === undefined) return NOT_RUN;
  const rows = runs.map((run) => [
    run.how,
    count(run.count),
    run.error === undefined ? run.seconds.toFixed(2) : `failed: ${run.error}`,
    run.cpuSeconds === undefined ? '—' : run.cpuSeconds.toFixed(2),
    run.error === undefined ? count(run.count / run.seconds) : '—',
    run.check
      ? `${count(run.check.lines)} / ${count(run.check.distinct)} / ${count(run.check.invalid)}`
      : '—',
  ]);
  const head = [
    'how',
    'grids',
    'wall s',
    'CPU s',
    'grids / s (wall)',
    'lines / distinct / invalid',
  ];
  return [
    'Classic grids, one per line (81 digits + LF), seed 1; each file is read back and checked after timing.',
    table(head, rows, ['left', 'right', 'right', 'right', 'right', 'right']),
  ].join('\n\n');
}

function graderBlock(grader: GraderAgreement | string | undefined): string {
  if (grader === undefined) return NOT_RUN;
  if (typeof grader === 'string') return grader;
  const rows = grader.confusion.map((row, level) => [
    String(level + 1),
    ...row.map((n) => String(n)),
    String(row.reduce((s, n) => s + n, 0)),
  ]);
  return [
    `\`gradePuzzle\` on the ${grader.puzzles} Andoku percent puzzles (${ms(grader.msPerGrade)} ms each on average;`,
    `${grader.needSearch} not solved by the techniques alone). Spearman's ρ (ties get average ranks) against`,
    `Andoku's level 1–5: numeric \`score\` **${grader.scoreRho.toFixed(3)}**, difficulty rank (easy < medium < hard < expert)`,
    `**${grader.difficultyRho.toFixed(3)}**.`,
    '',
    'Andoku level (1 Easy, 2 Medium, 3 Challenging, 4 Hard, 5 Fiendish) × our difficulty:',
    '',
    table(['level', ...DIFFICULTIES, 'total'], rows, [
      'left',
      ...DIFFICULTIES.map(() => 'right' as const),
      'right',
    ]),
  ].join('\n');
}
