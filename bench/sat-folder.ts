import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CliLauncher } from './cli-bundle.ts';
import { runProcess } from './proc.ts';
import { withoutTrailer, type Instance } from './sat-data.ts';

/**
 * The folder-mode race of the issue: `percent sat DIR --jobs N` against a shell loop of
 * MiniSat processes over the same folder (the shared uf50-218 set, `%` trailers cut so
 * MiniSat reads them), both writing a result file per input, measured in the same run.
 */
export interface FolderRace {
  readonly files: number;
  readonly jobs: number;
  readonly rounds: number;
  /** Best (smallest) wall time over the rounds, and how many files it answered SAT. */
  readonly ours: LoopTime;
  readonly minisat: LoopTime;
}

export interface LoopTime {
  readonly wallMs: number;
  readonly sat: number;
  /** Empty when the command exited as expected. */
  readonly note: string;
}

/** Each side runs this many times, alternating; the best wall time counts (shared machine). */
const ROUNDS = 2;
const LIMIT_MS = 600_000;

/** The MiniSat loop a student would write, `$1` being the folder. */
const MINISAT_LOOP =
  'for f in "$1"/*.cnf; do minisat -verb=0 "$f" "${f%.cnf}.minisat" > /dev/null; done';

/** Runs the race, or says why it cannot (no folder mode in this CLI yet). */
export async function folderRace(
  cli: CliLauncher,
  instances: readonly Instance[],
  scratch: string,
): Promise<FolderRace | string> {
  const help = await runProcess(process.execPath, [...cli.args, 'sat', '--help'], 60_000);
  if (!help.stdout.includes('--jobs')) return '`percent sat` has no folder mode (`--jobs`) yet';
  const dir = path.join(scratch, 'folder-race');
  await mkdir(dir, { recursive: true });
  for (const instance of instances) {
    const text = await readFile(instance.absPath, 'utf8');
    await writeFile(path.join(dir, path.basename(instance.path)), withoutTrailer(text));
  }
  const jobs = os.availableParallelism();
  const oursArgs = [...cli.args, 'sat', dir, '--jobs', String(jobs)];
  const best = {
    ours: undefined as LoopTime | undefined,
    minisat: undefined as LoopTime | undefined,
  };
  for (let round = 0; round < ROUNDS; round++) {
    await clearResults(dir);
    const ours = await runProcess(process.execPath, oursArgs, LIMIT_MS);
    best.ours = faster(best.ours, await loopTime(dir, '.res', ours.wallMs, ours.code, ours.stderr));
    const loop = await runProcess('sh', ['-c', MINISAT_LOOP, 'sh', dir], LIMIT_MS);
    const minisat = await loopTime(dir, '.minisat', loop.wallMs, loop.code, loop.stderr);
    best.minisat = faster(best.minisat, minisat);
  }
  await rm(dir, { recursive: true, force: true });
  if (best.ours === undefined || best.minisat === undefined) return 'no round ran';
  return { files: instances.length, jobs, rounds: ROUNDS, ours: best.ours, minisat: best.minisat };
}

async function clearResults(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.cnf')) await rm(path.join(dir, name));
  }
}

/**
 * Counts the result files (`.res`: an `s 1` line; MiniSat's: a first line `SAT`). Exit 0
 * or 10 is expected of `percent sat DIR` on satisfiable files, 0 of the shell loop.
 */
async function loopTime(
  dir: string,
  ext: string,
  wallMs: number,
  code: number | null,
  stderr: string,
): Promise<LoopTime> {
  let sat = 0;
  for (const name of await readdir(dir)) {
    if (!name.endsWith(ext)) continue;
    const text = await readFile(path.join(dir, name), 'utf8');
    if (ext === '.res' ? /^s 1\s*$/m.test(text) : text.startsWith('SAT')) sat++;
  }
  const ok = code === 0 || code === 10;
  const note = ok ? '' : `exit ${code}: ${stderr.trim().split('\n')[0] ?? ''}`;
  return { wallMs, sat, note };
}

function faster(a: LoopTime | undefined, b: LoopTime): LoopTime {
  return a === undefined || b.wallMs < a.wallMs ? b : a;
}
