import type { HeuristicName, PhaseTimes, SolverModeName } from '@percent/engine';
import type { CliLauncher } from './cli-bundle.ts';
import { runProcess, type ProcessRun } from './proc.ts';
import type { Status } from './sat-data.ts';

/** One solver on one instance, each in its own process. */
export interface SolverRun {
  readonly verdict: Status;
  /** The solver's own time: see `TIMING` (for the extras it is `wallMs`). */
  readonly ms: number;
  /** Wall time of the whole process, spawn to exit (start-up and parsing included). */
  readonly wallMs: number;
  /** Undecided, so the times are only lower bounds on what it needs. */
  readonly censored: boolean;
  /** Why it is undecided or failed: `timeout`, `killed …`, `error: …`; empty when decided. */
  readonly note: string;
  /** The run failed (crash, parse error): counted and shouted, never "correct". */
  readonly error: boolean;
  /** Conflicts the search met, where the solver says (ours, minisat). */
  readonly conflicts?: number;
}

export interface OursRun extends SolverRun {
  readonly parseMs: number;
  /** Where the in-process time went (`stats.phases` of `--json`). */
  readonly phases?: PhaseTimes;
}

/** How each solver's `ms` is timed, stated in BENCHMARKS.md. */
export const TIMING = {
  ours: 'in-process solve time reported by `percent sat --json` (wall clock of the solve call, clause loading included, parsing and process start-up excluded; parse time is reported separately)',
  minisat: "minisat's own `CPU time` line (`-verb=1`; it covers parsing and simplification too)",
  wall: 'wall time of the whole process, spawn to exit, minus that solver’s median start-up (the wall time of a process on a one-clause file), floored at 0 per file',
} as const;

/** Extra time allowed beyond a solver's own budget before the process is killed. */
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
  if (run.killed) return failed(run, 'killed after the time limit', false);
  const json = parseJson(run.stdout);
  if (run.code === null || ![0, 10, 20].includes(run.code) || json === null) {
    return failed(run, `error: exit ${run.code}: ${firstLine(run.stderr)}`, true);
  }
  const verdict = json.status === 'sat' ? 'SAT' : json.status === 'unsat' ? 'UNSAT' : 'UNKNOWN';
  const censored = verdict === 'UNKNOWN';
  const note = censored ? (json.reason === 'time' ? 'timeout' : String(json.reason)) : '';
  const times = { ms: json.ms, wallMs: run.wallMs, parseMs: json.parseMs };
  const counts = { conflicts: json.conflicts, ...(json.phases ? { phases: json.phases } : {}) };
  return { verdict, ...times, ...counts, censored, note, error: false };
}

interface OursJson {
  readonly status: string;
  readonly reason: string | null;
  readonly ms: number;
  readonly parseMs: number;
  readonly conflicts: number;
  readonly phases: PhaseTimes | undefined;
}

interface OursJsonText extends Omit<OursJson, 'conflicts' | 'phases'> {
  readonly stats?: { readonly conflicts?: number; readonly phases?: PhaseTimes };
}

function parseJson(stdout: string): OursJson | null {
  try {
    const value = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Partial<OursJsonText>;
    if (typeof value.status !== 'string' || typeof value.ms !== 'number') return null;
    return {
      status: value.status,
      reason: value.reason ?? null,
      ms: value.ms,
      parseMs: value.parseMs ?? 0,
      conflicts: value.stats?.conflicts ?? 0,
      phases: value.stats?.phases,
    };
  } catch {
    return null;
  }
}

function failed(run: ProcessRun, note: string, error: boolean): OursRun {
  const { wallMs } = run;
  return { verdict: 'UNKNOWN', ms: wallMs, wallMs, parseMs: 0, censored: true, note, error };
}

/** The first line of a solver's message, cut to fit a table cell. */
function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** `minisat -verb=1 -cpu-lim=S file`: exit 10 / 20, its `CPU time` line as `ms`. */
export async function runMinisat(file: string, timeoutMs: number): Promise<SolverRun> {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const run = await runProcess(
    'minisat',
    ['-verb=1', `-cpu-lim=${seconds}`, file],
    timeoutMs + KILL_GRACE_MS,
  );
  const cpu = /CPU time\s*:\s*([\d.]+)\s*s/.exec(run.stdout)?.[1];
  const ms = cpu === undefined ? run.wallMs : Number(cpu) * 1000;
  const conflicts = /^conflicts\s*:\s*(\d+)/m.exec(run.stdout)?.[1];
  if (run.stdout.includes('PARSE ERROR')) {
    const note = 'error: minisat parse error';
    return { verdict: 'UNKNOWN', ms, wallMs: run.wallMs, censored: true, note, error: true };
  }
  const verdict = nativeVerdict(run, ms);
  return conflicts === undefined ? verdict : { ...verdict, conflicts: Number(conflicts) };
}

/** How to start an extra reference on one file with a time limit of `seconds`. */
export interface ExtraCommand {
  readonly command: string;
  args(file: string, seconds: number): string[];
  /** It stops itself at its limit (else the bench kills it at the limit, no grace). */
  readonly budget: boolean;
}

/** The native extras, each run when on PATH; logic-solver is added when it bundles. */
export const NATIVE_EXTRAS = {
  cryptominisat5: {
    command: 'cryptominisat5',
    args: (file, seconds) => ['--verb', '0', '--printsol', '0', '--maxtime', `${seconds}`, file],
    budget: true,
  },
  cadical: {
    command: 'cadical',
    args: (file, seconds) => ['-q', '-n', '-t', String(seconds), file],
    budget: true,
  },
  picosat: {
    command: 'picosat',
    args: (file, seconds) => ['-n', '-L', String(seconds), file],
    budget: true,
  },
} as const satisfies Record<string, ExtraCommand>;

export type NativeExtra = keyof typeof NATIVE_EXTRAS;
export type ExtraSolver = NativeExtra | 'logic-solver';

/** logic-solver in a fresh Node process (bench/logic-solver-main.ts); killed at the limit. */
export function logicSolverCommand(launcher: CliLauncher): ExtraCommand {
  return {
    command: process.execPath,
    args: (file) => [...launcher.args, file],
    budget: false,
  };
}

/** An extra reference on one file, `ms` = the wall time of its process. */
export async function runExtra(
  extra: ExtraCommand,
  file: string,
  timeoutMs: number,
): Promise<SolverRun> {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const killAfter = extra.budget ? timeoutMs + KILL_GRACE_MS : timeoutMs;
  const run = await runProcess(extra.command, extra.args(file, seconds), killAfter);
  return nativeVerdict(run, run.wallMs);
}

/**
 * The SAT-competition exit codes: 10 satisfiable, 20 unsatisfiable. Undecided: 0
 * (minisat, cadical, picosat at their limit) or 15 (cryptominisat's INDETERMINATE), or
 * killed at the limit; any other exit is an error of that reference.
 */
function nativeVerdict(run: ProcessRun, ms: number): SolverRun {
  const base = { ms, wallMs: run.wallMs };
  if (run.code === 10) return { verdict: 'SAT', ...base, censored: false, note: '', error: false };
  if (run.code === 20) {
    return { verdict: 'UNSAT', ...base, censored: false, note: '', error: false };
  }
  const timeout = run.killed || run.code === 0 || run.code === 15;
  const note = run.killed
    ? 'killed at the time limit'
    : timeout
      ? 'timeout'
      : `error: exit ${run.code}: ${firstLine(run.stderr || run.stdout)}`;
  return { verdict: 'UNKNOWN', ...base, censored: true, note, error: !timeout };
}
