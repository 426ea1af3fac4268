import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cliLauncher, logicSolverLauncher, ROOT_BIN, type CliLauncher } from './cli-bundle.ts';
import { onPath, runProcess } from './proc.ts';
import type { BenchContext } from './section.ts';
import {
  logicSolverCommand,
  NATIVE_EXTRAS,
  OPTIMISED,
  runExtra,
  runMinisat,
  runOurs,
  type ExtraCommand,
  type ExtraSolver,
  type NativeExtra,
  type SolverRun,
} from './sat-runners.ts';
import {
  oneClauseFile,
  StartupSampler,
  type Probe,
  type SolverName,
  type Startup,
} from './sat-startup.ts';

/** Which reference solvers run: MiniSat's version (undefined when absent) and the extras. */
export interface Natives {
  readonly minisat: string | undefined;
  readonly extras: readonly ExtraSolver[];
  /** Version per reference, for the report. */
  readonly versions: Readonly<Record<string, string>>;
  /** Why an extra reference is missing (not on PATH, bundling failed, --no-extras). */
  readonly missing: readonly string[];
}

/** What every instance run needs. */
export interface RunEnv {
  readonly context: BenchContext;
  readonly natives: Natives;
  /** A temp folder for result files and trailer-free copies, removed at the end. */
  readonly scratch: string;
  readonly cli: CliLauncher;
  readonly extraCommands: Partial<Record<ExtraSolver, ExtraCommand>>;
}

/** Finds the references, readies ours and logic-solver's bundles. */
export async function prepare(context: BenchContext, scratch: string): Promise<RunEnv> {
  const cli = await cliLauncher(scratch);
  const extraCommands: Partial<Record<ExtraSolver, ExtraCommand>> = {};
  const versions: Record<string, string> = {};
  const missing: string[] = [];
  const minisat = (await onPath('minisat')) ? await debianVersion('minisat') : undefined;
  if (minisat !== undefined) versions.minisat = minisat;
  if (!context.options.extras) missing.push('extra references skipped (--no-extras)');
  for (const name of context.options.extras ? (Object.keys(NATIVE_EXTRAS) as NativeExtra[]) : []) {
    if (!(await onPath(name))) {
      missing.push(`${name} not on PATH`);
      continue;
    }
    extraCommands[name] = NATIVE_EXTRAS[name];
    versions[name] = await debianVersion(name);
  }
  const logic = context.options.extras ? await logicSolverLauncher(scratch) : undefined;
  if (typeof logic === 'string') missing.push(`logic-solver skipped: ${logic}`);
  else if (logic !== undefined) {
    extraCommands['logic-solver'] = logicSolverCommand(logic);
    versions['logic-solver'] = `${npmVersion('logic-solver')} (npm, on Node ${process.version})`;
  }
  const extras = Object.keys(extraCommands) as ExtraSolver[];
  const natives = { minisat, extras, versions, missing };
  return { context, natives, scratch, cli, extraCommands };
}

/** The version of the Debian package that installed `command` (dpkg -S, then dpkg-query). */
async function debianVersion(command: string): Promise<string> {
  const where = await runProcess('sh', ['-c', `dpkg -S "$(command -v ${command})"`], 5000);
  const pkg = where.code === 0 ? where.stdout.split(':')[0]?.trim() : undefined;
  if (pkg === undefined || pkg === '') return 'version unknown';
  const run = await runProcess('dpkg-query', ['-W', '-f', '${Version}', pkg], 5000);
  return run.code === 0 ? run.stdout.trim() : 'version unknown';
}

function npmVersion(pkg: string): string {
  try {
    const json = createRequire(import.meta.url)(`${pkg}/package.json`) as { version?: string };
    return json.version ?? 'version unknown';
  } catch {
    return 'version unknown';
  }
}

/**
 * A start-up sampler over every solver that runs, each timed exactly as its instances are
 * (same runner, same flags) on a one-clause file; plus `node_modules/.bin/percent sat` as
 * a user types it, for the CLI's start-up target.
 */
export async function startupSampler(env: RunEnv): Promise<StartupSampler> {
  const file = await oneClauseFile(env.scratch);
  const { timeoutMs, nativeTimeoutMs } = env.context.options;
  const res = path.join(env.scratch, 'one-clause.res');
  const probes = new Map<SolverName | 'bin', Probe>([
    ['ours', (f) => runOurs(env.cli, f, OPTIMISED, timeoutMs, res)],
  ]);
  if (env.natives.minisat !== undefined)
    probes.set('minisat', (f) => runMinisat(f, nativeTimeoutMs));
  for (const [name, command] of Object.entries(env.extraCommands)) {
    probes.set(name as ExtraSolver, (f) => runExtra(command, f, nativeTimeoutMs));
  }
  if (existsSync(ROOT_BIN)) probes.set('bin', (f) => runBin(f, res));
  return new StartupSampler(probes, file);
}

/** `node_modules/.bin/percent sat FILE` (a shell shim, the launcher, the bundle). */
async function runBin(file: string, res: string): Promise<SolverRun> {
  const run = await runProcess(ROOT_BIN, ['sat', file, '--out', res], 60_000);
  const verdict = run.code === 10 ? 'SAT' : 'UNKNOWN';
  const note = run.code === 10 ? '' : `exit ${run.code}`;
  const wallMs = run.wallMs;
  return { verdict, ms: wallMs, wallMs, censored: verdict !== 'SAT', note, error: note !== '' };
}

export function describeStartup(startup: Startup | undefined): string {
  if (startup === undefined) return 'not measured';
  const spread = `${startup.minMs.toFixed(1)}–${startup.maxMs.toFixed(1)}`;
  const failed = startup.failures > 0 ? `, ${startup.failures} runs did not answer SAT` : '';
  return `median ${startup.medianMs.toFixed(1)} ms (${spread} ms over ${startup.runs} runs${failed})`;
}
