/**
 * The worker thread of `percent sat DIR/`: piscina calls the default export once per file.
 * It reads, solves (the model checked as in single-file mode), writes the `.res` file and
 * returns one row of the table. Every failure a user can cause (unreadable file, DIMACS
 * error, unwritable `.res`) comes back as a `FileFailed` row, so one bad file never stops
 * the others. Bundled as dist/sat-worker.mjs.
 *
 * The solve is synchronous and I/O mostly so (small files are read whole): the thread has
 * nothing else to do meanwhile, and a thread-pool round trip per step cost more than the
 * solve itself on small files (uf50: 2.9 ms per file with streams and async I/O, 1.3 ms
 * now, of which 0.6 ms is solving). Ctrl-C terminates the workers, so no abort signal.
 */
import { formatIssue } from '../../cnf/dimacs.ts';
import { describeError } from '../errors.ts';
import type { FileOutcome, FileTask } from './folder-task.ts';
import { parseCnfFile } from './read-cnf.ts';
import { writeResFile } from './res-file.ts';
import { solveTimedSync } from './solve.ts';

export default async function solveFile(task: FileTask): Promise<FileOutcome> {
  try {
    const started = performance.now();
    const parsed = await parseCnfFile(task.file, task.strict);
    if (!parsed.ok) return { kind: 'error', file: task.file, message: formatIssue(parsed.error) };
    const parseMs = performance.now() - started;
    const { cnf } = parsed;
    const run = solveTimedSync(cnf, task.config);
    writeResFile(task.resPath, run.result, cnf.numVars, run.ms);
    const { result } = run;
    return {
      kind: 'solved',
      file: task.file,
      vars: cnf.numVars,
      clauses: cnf.clauses.length,
      warnings: parsed.warnings.length,
      status: result.status,
      reason: result.status === 'unknown' ? result.reason : null,
      parseMs,
      ms: run.ms,
      stats: { ...result.stats },
      res: task.resPath,
    };
  } catch (error) {
    return { kind: 'error', file: task.file, message: describeError(error) };
  }
}
