// `pnpm test` after typecheck, lint and format: two vitest runs — every test but the fault
// suite, then the fault suite alone and one file at a time (it kills and restarts server
// processes and times acknowledgements, so it needs the machine to itself) — and one plain
// line with the totals of both ("N passed, N failed, N skipped") for CI logs, read from the
// JSON reports vitest.config.ts asks for. Exits 1 when a run failed or no test ran.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const artifacts = new URL('../test/artifacts/', import.meta.url);
const runs = [
  { report: 'vitest.json', args: ['--exclude', 'test/faults/**'] },
  { report: 'vitest-faults.json', args: ['test/faults', '--no-file-parallelism'] },
];

const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
let failedRuns = 0;
for (const { report, args } of runs) {
  const file = new URL(report, artifacts);
  rmSync(file, { force: true });
  const run = spawnSync('vitest', ['run', ...args, `--outputFile.json=${file.pathname}`], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (run.status !== 0) failedRuns += 1;
  if (!existsSync(file)) {
    console.error(`vitest ${args.join(' ')} wrote no report: it did not finish`);
    continue;
  }
  const json = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  totals.total += json.numTotalTests;
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRuns > 0 || totals.failed > 0 || totals.total === 0 ? 1 : 0);
