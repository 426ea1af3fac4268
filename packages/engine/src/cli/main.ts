#!/usr/bin/env node
/**
 * Entry point of the `percent` command line (`pnpm percent …`, `bin/percent.js`). It sets
 * `process.exitCode` instead of calling `process.exit`, so piped stdout is flushed before
 * the process ends. Only bugs reach the catch below, so they keep their stack.
 */
import { ExitCode } from './exit-codes.ts';
import { runCli } from './program.ts';

// `percent sat big.cnf --print | head`: the reader has gone, so stop quietly like any Unix
// tool instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(ExitCode.ok);
});

try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (error) {
  process.stderr.write('percent: internal error\n');
  process.stderr.write(
    (error instanceof Error ? (error.stack ?? error.message) : String(error)) + '\n',
  );
  process.exitCode = ExitCode.usage;
}
