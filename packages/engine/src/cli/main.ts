/**
 * Entry point of the `percent` command line (`percent`, `pnpm percent …`: bin/percent.js runs
 * it from the bundle dist/percent.cjs). It sets `process.exitCode` instead of calling
 * `process.exit`, so piped stdout is flushed before the process ends. Only bugs reach the
 * rejection handler below, so they keep their stack.
 */
import { ExitCode } from './exit-codes.ts';
import { runCli } from './program.ts';

// `percent sat big.cnf --print | head`: the reader has gone, so stop quietly like any Unix
// tool instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(ExitCode.ok);
});

// A promise chain rather than a top-level await: the bundle is a CommonJS script (so the
// launcher can start it from V8's code cache), and CommonJS has no top-level await.
runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write('percent: internal error\n');
    process.stderr.write(
      (error instanceof Error ? (error.stack ?? error.message) : String(error)) + '\n',
    );
    process.exitCode = ExitCode.usage;
  },
);
