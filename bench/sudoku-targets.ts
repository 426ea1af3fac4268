import { table } from './markdown.ts';
import { percentile } from './sudoku-generate.ts';
import type { SudokuReport } from './sudoku-report.ts';

/** Issue 3's targets, each with what was measured and whether it is met. */
interface Target {
  readonly what: string;
  readonly measured: string;
  /** undefined: not measured in this run. */
  readonly met: boolean | undefined;
}

const RATIO_TARGET = 2;
const HARD_P95_MS = 100;
const ENDGAMES = 1_000_000;
const ENDGAMES_SECONDS = 3;
const RHO_TARGET = 0.7;

const notMeasured = (what: string, why = 'not measured in this run'): Target => ({
  what,
  measured: why,
  met: undefined,
});

function solverRatio(report: SudokuReport): Target {
  const what = `ours ≥ ${RATIO_TARGET}× the fastest npm solver, solving \`sudoku17\` (solves per CPU s)`;
  const set = report.classic;
  if (set === undefined || typeof set === 'string') return notMeasured(what, set);
  const ours = set.results.find((r) => r.contender.name.startsWith('@percent/engine'));
  // A solver that answers wrong does not set the pace.
  const npm = set.results
    .filter((r) => r !== ours && r.solve.wrong === 0)
    .sort((a, b) => b.solve.perSecond - a.solve.perSecond)[0];
  if (ours === undefined || npm === undefined) return notMeasured(what);
  const ratio = ours.solve.perSecond / npm.solve.perSecond;
  const rate = (n: number) => Math.round(n).toLocaleString('en-US');
  return {
    what,
    measured: `${ratio.toFixed(2)}× (ours ${rate(ours.solve.perSecond)}/s, fastest npm: ${npm.contender.name} ${rate(npm.solve.perSecond)}/s)`,
    met: ratio >= RATIO_TARGET,
  };
}

function hardGeneration(report: SudokuReport): Target {
  const what = `\`generate\` a unique hard percent puzzle: p95 < ${HARD_P95_MS} ms (one core)`;
  const hard = report.generation?.find((g) => g.difficulty === 'hard');
  if (hard === undefined) return notMeasured(what);
  const p95 = percentile(hard.times, 95);
  const timedOut = hard.timedOut > 0 ? `, ${hard.timedOut} over budget` : '';
  return {
    what,
    measured: `p95 ${p95.toFixed(1)} ms over ${hard.times.length} seeds${timedOut}`,
    met: p95 < HARD_P95_MS && hard.timedOut === 0 && hard.wrong === 0,
  };
}

function endgames(report: SudokuReport): Target[] {
  const what = (how: string) =>
    `10⁶ classic endgames to a file in < ${ENDGAMES_SECONDS} s (${how})`;
  const runs = report.endgames;
  if (runs === undefined) return [notMeasured(what('engine in-process'))];
  return runs.map((run, i) => {
    const label = i === 0 ? 'engine in-process' : '`percent endgames` CLI';
    if (run.error !== undefined)
      return { what: what(label), measured: `failed: ${run.error}`, met: false };
    const cpu = run.cpuSeconds === undefined ? '' : ` (${run.cpuSeconds.toFixed(2)} CPU s)`;
    const seconds = `${run.seconds.toFixed(2)} s wall${cpu} for ${run.count.toLocaleString('en-US')}`;
    if (run.count < ENDGAMES)
      return notMeasured(what(label), `${seconds} (quick run, target needs 10⁶)`);
    return { what: what(label), measured: seconds, met: run.seconds < ENDGAMES_SECONDS };
  });
}

function grader(report: SudokuReport): Target[] {
  const what = (of: string) => `Spearman ρ of our ${of} vs Andoku's level ≥ ${RHO_TARGET}`;
  const g = report.grader;
  if (g === undefined || typeof g === 'string')
    return [notMeasured(what('score'), g), notMeasured(what('difficulty'), g)];
  return [
    { what: what('`score`'), measured: g.scoreRho.toFixed(3), met: g.scoreRho >= RHO_TARGET },
    {
      what: what('difficulty rank'),
      measured: g.difficultyRho.toFixed(3),
      met: g.difficultyRho >= RHO_TARGET,
    },
  ];
}

const status = (t: Target): string =>
  t.met === undefined ? 'not measured' : t.met ? 'met' : 'not met';

function targets(report: SudokuReport): Target[] {
  return [solverRatio(report), hardGeneration(report), ...endgames(report), ...grader(report)];
}

/** One line per target for the console, e.g. `not met: ours ≥ 2× … — 1.79× (…)`. */
export function targetLines(report: SudokuReport): string[] {
  return targets(report).map((t) => `${status(t)}: ${t.what} — ${t.measured}`);
}

/** The targets table: "met" means the figure measured in this run satisfies the target. */
export function renderTargets(report: SudokuReport): string {
  const rows = targets(report).map((t) => [
    t.what,
    t.measured,
    t.met === undefined ? '—' : `**${status(t)}**`,
  ]);
  return [
    '"Met" means the figure measured in this run satisfies the target; "—" that this run did not measure it.',
    table(['target', 'measured', 'status'], rows),
  ].join('\n\n');
}
