// Prints vitest's totals as one plain line ("N passed, N failed, N skipped") for CI logs,
// from the JSON report vitest.config.ts asks for.
import { readFileSync } from 'node:fs';

const report = JSON.parse(
  readFileSync(new URL('../test/artifacts/vitest.json', import.meta.url), 'utf8'),
);
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
