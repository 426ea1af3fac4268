import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ms } from './markdown.ts';
import type { BenchContext, BenchSection, SectionResult } from './section.ts';
import {
  dataDir,
  hasData,
  nativeInput,
  readManifest,
  SAT_SETS,
  spreadSample,
  type Instance,
} from './sat-data.ts';
import { describeStartup, prepare, startupSampler, type RunEnv } from './sat-env.ts';
import type { StartupSampler } from './sat-startup.ts';
import { folderRace } from './sat-folder.ts';
import { failures, referenceProblems, setTotals, type InstanceResult } from './sat-judge.ts';
import { renderSat } from './sat-report.ts';
import {
  BASELINE,
  OPTIMISED,
  runExtra,
  runMinisat,
  runOurs,
  type ExtraSolver,
  type SolverRun,
} from './sat-runners.ts';

/**
 * The SAT section: our solver on the shared CNF collection, against MiniSat and the extra
 * references on PATH (cryptominisat5, cadical, picosat) and logic-solver from npm, each
 * instance in its own process with a time limit, one process at a time.
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
  const manifest = await readManifest(dir);
  const scratch = await mkdtemp(path.join(tmpdir(), 'percent-bench-'));
  const started = performance.now();
  try {
    const env = await prepare(context, scratch);
    const refs = [...(env.natives.minisat === undefined ? [] : ['minisat']), ...env.natives.extras];
    context.log(`ours: ${env.cli.how}; references: ${refs.join(', ') || 'none'}`);
    const sampler = await startupSampler(env);
    await sampler.start();
    const ran = await runSets(sets, manifest, env, sampler);
    const startups = sampler.startups();
    for (const [name, startup] of Object.entries({ ...startups.solvers, bin: startups.bin })) {
      context.log(`start-up ${name}: ${describeStartup(startup)}`);
    }
    const totals = ran.map((r) => setTotals(r.set, r.available, r.results, startups));
    const all = ran.flatMap((r) => r.results);
    // The issue's race is on the whole shared uf50 set, whatever --limit: on a few dozen
    // files the worker pool's start-up alone would decide it.
    const uf50 = manifest.get('uf50-218') ?? [];
    const folder = sets.includes('uf50-218') ? await folderRace(env.cli, uf50, scratch) : undefined;
    const problems = failures(all);
    for (const problem of problems) context.log(`!!! ${problem}`);
    const refProblems = referenceProblems(all);
    const elapsedMs = performance.now() - started;
    context.log(`SAT section: ${(elapsedMs / 60_000).toFixed(1)} min`);
    const markdown = renderSat({
      ...{ context, dir, natives: env.natives, totals, results: all, problems, refProblems },
      ...{ startups, folder, launcher: env.cli.how, elapsedMs },
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

/** One set's results, and how many files the set has (more than ran under `--limit`). */
interface SetRun {
  readonly set: string;
  readonly available: number;
  readonly results: InstanceResult[];
}

async function runSets(
  sets: readonly string[],
  manifest: ReadonlyMap<string, readonly Instance[]>,
  env: RunEnv,
  sampler: StartupSampler,
): Promise<SetRun[]> {
  const ran: SetRun[] = [];
  for (const set of sets) {
    const available = manifest.get(set) ?? [];
    const chosen = available.slice(0, env.context.options.limit);
    const results = await runSet(set, chosen, env, sampler);
    ran.push({ set, available: available.length, results });
  }
  return ran;
}

/** Start-up is sampled again after this many instances and after every set. */
const SAMPLE_EVERY = 50;

async function runSet(
  set: string,
  instances: readonly Instance[],
  env: RunEnv,
  sampler: StartupSampler,
): Promise<InstanceResult[]> {
  const results: InstanceResult[] = [];
  const sample = spreadSample(instances.length, env.context.options.extrasLimit);
  for (const [i, instance] of instances.entries()) {
    const result = await runInstance(instance, env, sample.has(i));
    results.push(result);
    env.context.log(`[${set} ${i + 1}/${instances.length}] ${describe(result)}`);
    if ((i + 1) % SAMPLE_EVERY === 0) await sampler.sample();
  }
  await sampler.sample();
  return results;
}

/**
 * Ours (and on hust/check the baseline), then MiniSat, then when `withExtras` the other
 * references, one after the other.
 */
async function runInstance(
  instance: Instance,
  env: RunEnv,
  withExtras: boolean,
): Promise<InstanceResult> {
  const { timeoutMs, nativeTimeoutMs, extrasTimeoutMs } = env.context.options;
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
  for (const [name, command] of withExtras ? Object.entries(env.extraCommands) : []) {
    extras[name as ExtraSolver] = await runExtra(command, input, extrasTimeoutMs);
  }
  return { instance, ours, baseline, minisat, extras };
}

/** One console line per instance: each solver's verdict and process wall time. */
function describe(result: InstanceResult): string {
  const run = (label: string, r: SolverRun | undefined): string =>
    r === undefined
      ? ''
      : ` | ${label} ${r.verdict} ${ms(r.wallMs)} ms${r.note ? ` (${r.note})` : ''}`;
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
