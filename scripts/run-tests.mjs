// `pnpm test` after typecheck, lint and format: every vitest test in two stages, and one plain
// line with the totals ("N passed, N failed, N skipped") for CI logs, read from the JSON
// reports vitest.config.ts asks for. Exits 1 when a run failed or no test ran.
//
// 1. Two lanes at once: the browser tests (test/e2e, one file at a time per lane's share of
//    the cores) and everything else that does not time the server. A browser test mostly waits
//    (on frames, the network, the server), so the other lane fills the cores it leaves idle:
//    on 2 cores the pair took 10.2 min where one after the other took 19.7 (2026-11-29).
// 2. Alone, one file at a time: the fault suite (it kills and restarts server processes and
//    times acknowledgements) and the flood test (a clean client's p99 under a 60 s flood) —
//    both measure latency, so they need the machine to themselves.
//
// Each lane's lines are printed as they come, prefixed with the lane's name.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const artifacts = new URL('../test/artifacts/', import.meta.url);
const TIMED = ['test/faults', 'test/server/flood.test.ts'];
const half = String(Math.max(1, Math.floor(availableParallelism() / 2)));

const stages = [
  [
    { name: 'browser', report: 'vitest-e2e.json', args: ['test/e2e', '--maxWorkers', half] },
    {
      name: 'rest',
      report: 'vitest.json',
      args: [
        '--exclude',
        'test/e2e/**',
        ...TIMED.flatMap((path) => ['--exclude', path.endsWith('.ts') ? path : `${path}/**`]),
        '--maxWorkers',
        half,
      ],
    },
  ],
  [{ name: 'timed', report: 'vitest-faults.json', args: [...TIMED, '--no-file-parallelism'] }],
];

/** Runs one vitest; resolves with its exit status. Alone, it inherits the terminal. */
function runVitest({ name, report, args }, alone) {
  const file = new URL(report, artifacts);
  rmSync(file, { force: true });
  const child = spawn('vitest', ['run', ...args, `--outputFile.json=${file.pathname}`], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  if (!alone) {
    for (const stream of [child.stdout, child.stderr]) prefixLines(stream, `[${name}] `);
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[${name}] vitest did not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Copies `stream` to stdout a whole line at a time, each line after `prefix`. */
function prefixLines(stream, prefix) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    if (lines.length > 0) process.stdout.write(lines.map((line) => prefix + line + '\n').join(''));
  });
  stream.on('end', () => {
    if (pending !== '') process.stdout.write(prefix + pending + '\n');
  });
}

const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
let failedRuns = 0;
for (const stage of stages) {
  const statuses = await Promise.all(stage.map((run) => runVitest(run, stage.length === 1)));
  for (const [i, run] of stage.entries()) {
    if (statuses[i] !== 0) failedRuns += 1;
    const file = new URL(run.report, artifacts);
    if (!existsSync(file)) {
      console.error(`vitest ${run.args.join(' ')} wrote no report: it did not finish`);
      failedRuns += 1;
      continue;
    }
    const json = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    totals.total += json.numTotalTests;
  }
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRuns > 0 || totals.failed > 0 || totals.total === 0 ? 1 : 0);
