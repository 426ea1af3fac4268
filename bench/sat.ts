import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cliLauncher, type CliLauncher } from './cli-bundle.ts';
import { ms } from './markdown.ts';
import { runProcess, onPath } from './proc.ts';
import type { BenchContext, BenchSection, SectionResult } from './section.ts';
import {
  dataDir,
  hasData,
  nativeInput,
  readManifest,
  SAT_SETS,
  type Instance,
} from './sat-data.ts';
import { failures, setTotals, type InstanceResult, type SetTotals } from './sat-judge.ts';
import { renderSat, type Natives } from './sat-report.ts';
import {
  BASELINE,
  EXTRA_SOLVERS,
  OPTIMISED,
  runExtra,
  runMinisat,
  runOurs,
  type ExtraSolver,
  type SolverRun,
} from './sat-runners.ts';

/**
 * The SAT section: our solver on the shared CNF collection, against minisat (and cadical /
 * picosat when present), each instance in its own process with a time limit.
 */
export const satSection: BenchSection = { id: 'sat', run: runSatSection };

const HEADING = '## SAT solver';

async function runSatSection(context: BenchContext): Promise<SectionResult> {
  const dir = dataDir(context.repoRoot);
  if (!hasData(dir)) {
    const line = `skipped: ${path.relative(context.repoRoot, dir)} not found`;
    context.log(line);
    return { markdown: `${HEADING}\n\n${line} (looked for ${dir}/MANIFEST.tsv).`, failed: false };
  }
  const sets = chooseSets(context.options.sets);
  const natives = await detectNatives(context.options.extras);
  if (natives.minisat === undefined) context.log('minisat not on PATH: ratios skipped');
  const manifest = await readManifest(dir);
  const scratch = await mkdtemp(path.join(tmpdir(), 'percent-bench-'));
  try {
    const env: RunEnv = { context, natives, scratch, cli: await cliLauncher(scratch) };
    context.log(`ours: ${env.cli.how}`);
    const totals: SetTotals[] = [];
    const all: InstanceResult[] = [];
    for (const set of sets) {
      const available = manifest.get(set) ?? [];
      const chosen = available.slice(0, context.options.limit);
      const results = await runSet(set, chosen, env);
      totals.push(setTotals(set, available.length, results, natives.extras));
      all.push(...results);
    }
    const problems = failures(all);
    for (const problem of problems) context.log(`!!! ${problem}`);
    const markdown = renderSat({
      ...{ context, dir, natives, totals, results: all, problems },
      launcher: env.cli.how,
    });
    return { markdown, failed: problems.length > 0 };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `--sets` names, checked against the known sets; all of them when none are given. */
function chooseSets(requested: readonly string[]): readonly string[] {
  const known: readonly string[] = SAT_SETS;
  const unknown = requested.filter((set) => !known.includes(set));
  if (unknown.length > 0) {
    throw new Error(`unknown set(s) ${unknown.join(', ')}; known sets: ${known.join(', ')}`);
  }
  return requested.length > 0 ? known.filter((set) => requested.includes(set)) : known;
}

async function detectNatives(extras: boolean): Promise<Natives> {
  const version = async (pkg: string): Promise<string> => {
    const run = await runProcess('dpkg-query', ['-W', '-f', '${Version}', pkg], 5000);
    return run.code === 0 ? run.stdout.trim() : 'version unknown';
  };
  const names = Object.keys(EXTRA_SOLVERS) as ExtraSolver[];
  const found = extras
    ? (await Promise.all(names.map(onPath))).map((ok, i) => (ok ? names[i] : undefined))
    : [];
  const present = found.filter((name): name is ExtraSolver => name !== undefined);
  const versions: Record<string, string> = {};
  for (const name of ['minisat', ...present]) versions[name] = await version(name);
  return {
    minisat: (await onPath('minisat')) ? versions.minisat : undefined,
    extras: present,
    versions,
  };
}

/** What every instance run needs. */
interface RunEnv {
  readonly context: BenchContext;
  readonly natives: Natives;
  /** A temp folder for result files and trailer-free copies, removed at the end. */
  readonly scratch: string;
  readonly cli: CliLauncher;
}

async function runSet(
  set: string,
  instances: readonly Instance[],
  env: RunEnv,
): Promise<InstanceResult[]> {
  const results: InstanceResult[] = [];
  for (const [i, instance] of instances.entries()) {
    const result = await runInstance(instance, env);
    results.push(result);
    env.context.log(`[${set} ${i + 1}/${instances.length}] ${describe(result)}`);
  }
  return results;
}

/** Ours (and on hust/check the baseline), then the references, one after the other. */
async function runInstance(instance: Instance, env: RunEnv): Promise<InstanceResult> {
  const { timeoutMs, nativeTimeoutMs } = env.context.options;
  const { natives, cli } = env;
  const res = path.join(env.scratch, 'ours.res');
  const ours = await runOurs(cli, instance.absPath, OPTIMISED, timeoutMs, res);
  const baseline =
    instance.set === 'hust/check'
      ? await runOurs(cli, instance.absPath, BASELINE, timeoutMs, res)
      : undefined;
  const needsNative = natives.minisat !== undefined || natives.extras.length > 0;
  const input = needsNative ? await nativeInput(instance, env.scratch) : instance.absPath;
  const minisat =
    natives.minisat !== undefined ? await runMinisat(input, nativeTimeoutMs) : undefined;
  const extras: Partial<Record<ExtraSolver, SolverRun>> = {};
  for (const name of natives.extras) extras[name] = await runExtra(name, input, nativeTimeoutMs);
  return { instance, ours, baseline, minisat, extras };
}

function describe(result: InstanceResult): string {
  const run = (label: string, r: SolverRun | undefined): string =>
    r === undefined ? '' : ` | ${label} ${r.verdict} ${ms(r.ms)} ms${r.note ? ` (${r.note})` : ''}`;
  return (
    path.basename(result.instance.path) +
    run('ours', result.ours) +
    run('baseline', result.baseline) +
    run('minisat', result.minisat) +
    Object.entries(result.extras)
      .map(([name, r]) => run(name, r))
      .join('')
  );
}
