import { createRequire } from 'node:module';
import { ExitCode } from '../exit-codes.ts';
import { createRateProgress } from '../io/rate-progress.ts';
import {
  formatSummary,
  jsonRow,
  jsonSummary,
  summarize,
  tableColumns,
  tableHeading,
  tableRow,
} from './folder-report.ts';
import type { FileOutcome, FileTask } from './folder-task.ts';
import { collectInputs, type SatInput } from './inputs.ts';
import { removeAllTempFiles, removeTempFiles } from './res-file.ts';
import type { SolveConfig } from './solve.ts';

/** `percent sat DIR/ a.cnf …` after option parsing; see commands/sat.ts. */
export interface FolderRequest {
  readonly paths: readonly string[];
  /** A folder for the `.res` files, instead of beside each input. */
  readonly out?: string;
  readonly config: SolveConfig;
  readonly strict: boolean;
  readonly quiet: boolean;
  readonly json: boolean;
  /** Worker threads. */
  readonly jobs: number;
}

/** The pool as used here (piscina's, loaded only in folder mode). */
interface Pool {
  run(task: FileTask): Promise<FileOutcome>;
  close(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * Solves every input on `jobs` worker threads, printing each row as soon as every row above
 * it is done (so the table is in input order and still streams), then the summary.
 * Exit status: 0 when every file was read and solved (whatever the verdicts), 1 when some
 * file failed (its row says why), 130 when Ctrl-C stopped the run.
 */
export async function runFolder(request: FolderRequest): Promise<number> {
  const started = performance.now();
  const inputs = await collectInputs(request.paths, request.out);
  const jobs = Math.min(request.jobs, inputs.length);
  const printer = createPrinter(request, inputs);
  const { outcomes, interrupted } = await solveAll(request, inputs, jobs, printer.add);
  printer.flush();
  const summary = summarize(outcomes, {
    files: inputs.length,
    wallMs: performance.now() - started,
    jobs,
    interrupted,
  });
  process.stdout.write((request.json ? jsonSummary(summary) : formatSummary(summary)) + '\n');
  if (summary.interrupted) return ExitCode.interrupted;
  return summary.errors > 0 ? ExitCode.usage : ExitCode.ok;
}

/**
 * Runs every input on a pool of `jobs` workers, with the progress line on stderr and Ctrl-C
 * wired to stop the pool; `onOutcome` sees each file as it finishes.
 */
async function solveAll(
  request: FolderRequest,
  inputs: readonly SatInput[],
  jobs: number,
  onOutcome: (index: number, outcome: FileOutcome) => void,
): Promise<{ outcomes: FileOutcome[]; interrupted: boolean }> {
  const pool = startPool(jobs);
  const progress = createRateProgress('sat', 'files', {
    enabled: !request.quiet && !request.json,
    showOnLog: false,
    total: inputs.length,
  });
  let destroyed: Promise<void> | undefined;
  const stop = onFirstInterrupt(
    () => (destroyed = pool.destroy()),
    () => removeAllTempFiles(inputs.map((input) => input.resPath)),
  );
  let done = 0;
  const { outcomes, cut } = await dispatch(
    pool,
    inputs,
    request,
    jobs * 2,
    stop.stopped,
    (i, o) => {
      progress.clear();
      onOutcome(i, o);
      progress.update(++done);
    },
  ).finally(() => progress.clear());
  stop.dispose();
  if (destroyed === undefined) await pool.close();
  else {
    // A worker terminated in the middle of writing leaves its temporary file behind.
    await destroyed;
    for (const { resPath } of cut) removeTempFiles(resPath);
  }
  return { outcomes, interrupted: destroyed !== undefined };
}

/**
 * Keeps `lanes` tasks in flight (so a worker finds its next file queued) until every input
 * is done or `stopped()`; returns the outcomes of the files that finished, and the inputs
 * that were running when the workers were stopped.
 */
async function dispatch(
  pool: Pool,
  inputs: readonly SatInput[],
  request: FolderRequest,
  lanes: number,
  stopped: () => boolean,
  onOutcome: (index: number, outcome: FileOutcome) => void,
): Promise<{ outcomes: FileOutcome[]; cut: SatInput[] }> {
  const outcomes: FileOutcome[] = [];
  const cut: SatInput[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < inputs.length && !stopped()) {
      const index = next++;
      const input = inputs[index]!;
      const { file, resPath } = input;
      const task = { file, resPath, config: request.config, strict: request.strict };
      const outcome = await pool.run(task).catch((error: unknown): FileOutcome | null => {
        // Ctrl-C terminates the workers: a file cut short has no row.
        if (stopped()) return null;
        return { kind: 'error', file, message: `percent: worker failed: ${String(error)}` };
      });
      if (outcome === null) return void cut.push(input);
      outcomes.push(outcome);
      onOutcome(index, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  return { outcomes, cut };
}

/**
 * The worker module: dist/sat-worker.mjs beside this code in the bundle; the TypeScript
 * source when the CLI itself runs from source (tsx, whose loader the workers inherit).
 */
function workerUrl(): string {
  const here = import.meta.url;
  const name = here.endsWith('.ts') ? './folder-worker.ts' : './sat-worker.mjs';
  return new URL(name, here).href;
}

/**
 * A worker's young generation: solving a file allocates its clause database afresh, and with
 * V8's default size a sixth of a worker's time on uf50 went to scavenges; at 48 MB a third of
 * that goes (measured over the 1,000 uf50 files: 410 → 275 ms of GC, 2.5 → 2.3 s wall, one job).
 */
const YOUNG_GENERATION_MB = 48;

function startPool(jobs: number): Pool {
  // require, not import(): the bundle is a CommonJS script run through vm.Script (see
  // bin/percent.js), where import() would need a loader of its own; piscina is CommonJS.
  const { Piscina } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
  return new Piscina<FileTask, FileOutcome>({
    filename: workerUrl(),
    minThreads: jobs,
    maxThreads: jobs,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
}

/** Prints rows in input order as they become available; JSON lines as they come. */
function createPrinter(request: FolderRequest, inputs: readonly SatInput[]) {
  const columns = tableColumns(inputs.map((input) => input.file));
  const waiting = new Map<number, FileOutcome>();
  let next = 0;
  let headed = false;
  const write = (outcome: FileOutcome): void => {
    if (!headed) process.stdout.write(tableHeading(columns) + '\n');
    headed = true;
    process.stdout.write(tableRow(columns, outcome) + '\n');
  };
  return {
    add(index: number, outcome: FileOutcome): void {
      // --quiet keeps the summary only, but never hides which file failed and why.
      if (request.quiet) {
        if (outcome.kind === 'error') process.stderr.write(`${outcome.message}\n`);
        return;
      }
      if (request.json) return void process.stdout.write(jsonRow(outcome) + '\n');
      waiting.set(index, outcome);
      for (let row = waiting.get(next); row !== undefined; row = waiting.get(next)) {
        waiting.delete(next++);
        write(row);
      }
    },
    /** After Ctrl-C: the finished rows still held behind an unfinished one. */
    flush(): void {
      const rest = [...waiting.entries()].sort(([a], [b]) => a - b);
      for (const [, outcome] of rest) write(outcome);
      waiting.clear();
    },
  };
}

/**
 * Ctrl-C in folder mode: the first one calls `stop` (terminate the workers; the `.res` files
 * already written stay, and the summary covers what finished); a second one exits at once,
 * after `cleanUp` removed the temporary files of writes it cut short.
 */
function onFirstInterrupt(
  stop: () => void,
  cleanUp: () => void,
): { stopped: () => boolean; dispose: () => void } {
  let stopped = false;
  const handler = (): void => {
    if (stopped) {
      process.stderr.write('\ninterrupted again: exiting now\n');
      cleanUp();
      process.exit(ExitCode.interrupted);
    }
    stopped = true;
    process.stderr.write('\ninterrupted: stopping the workers (Ctrl-C again to exit now)\n');
    stop();
  };
  process.on('SIGINT', handler);
  return { stopped: () => stopped, dispose: () => void process.off('SIGINT', handler) };
}
