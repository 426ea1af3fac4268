import type { HeuristicName, SolverModeName } from '@percent/engine';
import type { CliLauncher } from './cli-bundle.ts';
import { runProcess, type ProcessRun } from './proc.ts';
import type { Status } from './sat-data.ts';

/** One solver on one instance. */
export interface SolverRun {
  readonly verdict: Status;
  /** See `TIMING` for what each solver's number means. */
  readonly ms: number;
  /** Undecided, so `ms` is only a lower bound on the time it needs. */
  readonly censored: boolean;
  /** Why it is undecided or failed: `timeout`, `killed`, `error: …`; empty when decided. */
  readonly note: string;
  /** The run failed (crash, parse error): counted and shouted, never "correct". */
  readonly error: boolean;
}

export interface OursRun extends SolverRun {
  readonly parseMs: number;
}

/** How each solver is timed, stated in BENCHMARKS.md. */
export const TIMING = {
  ours: 'in-process solve time reported by `percent sat --json` (wall clock of the solve call, clause loading included, parsing and process start-up excluded; parse time is reported separately)',
  minisat: "minisat's own `CPU time` line (`-verb=1`; it covers parsing and simplification too)",
  extras: 'wall time of the whole process (start-up and parsing included)',
} as const;

/** Extra time allowed beyond the solver's own budget before the process is killed. */
const KILL_GRACE_MS = 30_000;

export interface OursConfig {
  readonly mode: SolverModeName;
  readonly heuristic: HeuristicName;
}

/** The default solver, and the course design's baseline it is compared with. */
export const OPTIMISED: OursConfig = { mode: 'cdcl', heuristic: 'vsids' };
export const BASELINE: OursConfig = { mode: 'dpll', heuristic: 'first' };

/** Runs `percent sat --json` on the original file in a fresh process. */
export async function runOurs(
  cli: CliLauncher,
  file: string,
  config: OursConfig,
  timeoutMs: number,
  resPath: string,
): Promise<OursRun> {
  const args = [
    ...[...cli.args, 'sat', file, '--json', '--out', resPath],
    ...['--timeout', String(timeoutMs), '--mode', config.mode, '--heuristic', config.heuristic],
  ];
  const run = await runProcess(process.execPath, args, timeoutMs + KILL_GRACE_MS);
  if (run.killed) return failed(run, timeoutMs, 'killed after the time limit', false);
  const json = parseJson(run.stdout);
  if (run.code === null || ![0, 10, 20].includes(run.code) || json === null) {
    return failed(run, 0, `error: exit ${run.code}: ${firstLine(run.stderr)}`, true);
  }
  const verdict = json.status === 'sat' ? 'SAT' : json.status === 'unsat' ? 'UNSAT' : 'UNKNOWN';
  const censored = verdict === 'UNKNOWN';
  const note = censored ? (json.reason === 'time' ? 'timeout' : String(json.reason)) : '';
  return { verdict, ms: json.ms, parseMs: json.parseMs, censored, note, error: false };
}

interface OursJson {
  readonly status: string;
  readonly reason: string | null;
  readonly ms: number;
  readonly parseMs: number;
}

function parseJson(stdout: string): OursJson | null {
  try {
    const value = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Partial<OursJson>;
    if (typeof value.status !== 'string' || typeof value.ms !== 'number') return null;
    return {
      status: value.status,
      reason: value.reason ?? null,
      ms: value.ms,
      parseMs: value.parseMs ?? 0,
    };
  } catch {
    return null;
  }
}

function failed(run: ProcessRun, ms: number, note: string, error: boolean): OursRun {
  return { verdict: 'UNKNOWN', ms: ms || run.wallMs, parseMs: 0, censored: true, note, error };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

/** `minisat -verb=1 -cpu-lim=S file`: exit 10 / 20, its `CPU time` line as the time. */
export async function runMinisat(file: string, timeoutMs: number): Promise<SolverRun> {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const run = await runProcess(
    'minisat',
    ['-verb=1', `-cpu-lim=${seconds}`, file],
    timeoutMs + KILL_GRACE_MS,
  );
  const cpu = /CPU time\s*:\s*([\d.]+)\s*s/.exec(run.stdout)?.[1];
  const ms = cpu === undefined ? run.wallMs : Number(cpu) * 1000;
  if (run.stdout.includes('PARSE ERROR')) {
    return {
      verdict: 'UNKNOWN',
      ms,
      censored: true,
      note: 'error: minisat parse error',
      error: true,
    };
  }
  return nativeVerdict(run, ms);
}

/** The optional extra references, each timed by the wall clock of its process. */
export const EXTRA_SOLVERS = {
  cadical: (file: string, seconds: number) => ['-q', '-n', '-t', String(seconds), file],
  picosat: (file: string, seconds: number) => ['-n', '-L', String(seconds), file],
} as const;
export type ExtraSolver = keyof typeof EXTRA_SOLVERS;

export async function runExtra(
  name: ExtraSolver,
  file: string,
  timeoutMs: number,
): Promise<SolverRun> {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const run = await runProcess(name, EXTRA_SOLVERS[name](file, seconds), timeoutMs + KILL_GRACE_MS);
  return nativeVerdict(run, run.wallMs);
}

/** The SAT-competition exit codes: 10 satisfiable, 20 unsatisfiable, anything else undecided. */
function nativeVerdict(run: ProcessRun, ms: number): SolverRun {
  if (run.code === 10) return { verdict: 'SAT', ms, censored: false, note: '', error: false };
  if (run.code === 20) return { verdict: 'UNSAT', ms, censored: false, note: '', error: false };
  const note = run.killed
    ? 'killed after the time limit'
    : run.code === 0
      ? 'timeout'
      : `exit ${run.code}`;
  return { verdict: 'UNKNOWN', ms, censored: true, note, error: false };
}
