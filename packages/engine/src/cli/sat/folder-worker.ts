/**
 * The worker thread of `percent sat DIR/`: piscina calls the default export once per file.
 * It reads, solves (the model checked as in single-file mode), writes the `.res` file and
 * returns one row of the table. Every failure a user can cause (unreadable file, DIMACS
 * error, unwritable `.res`) comes back as a `FileFailed` row, so one bad file never stops
 * the others. Bundled as dist/sat-worker.mjs.
 *
 * I/O is synchronous: the thread has nothing else to do meanwhile, and for the small files
 * folder mode is mostly run on, a thread-pool round trip per step cost more than the solve
 * (uf50: 2.9 ms per file with async I/O against 0.7 ms of solving). Ctrl-C terminates the
 * workers, so the solve needs no abort signal either.
 */
import { readFileSync, statSync } from 'node:fs';
import { formatIssue, parseDimacs, type ParseResult } from '../../cnf/dimacs.ts';
import { describeError } from '../errors.ts';
import { readableSize } from '../io/readable-file.ts';
import type { FileOutcome, FileTask } from './folder-task.ts';
import { parseCnfFile } from './read-cnf.ts';
import { writeResFileSync } from './res-file.ts';
import { solveTimedSync } from './solve.ts';

/** Files up to this size are read in one piece; larger ones are streamed. */
const WHOLE_READ_MAX_BYTES = 32 * 1024 * 1024;

export default async function solveFile(task: FileTask): Promise<FileOutcome> {
  try {
    const started = performance.now();
    const parsed = await parse(task);
    if (!parsed.ok) return { kind: 'error', file: task.file, message: formatIssue(parsed.error) };
    const parseMs = performance.now() - started;
    const { cnf } = parsed;
    const run = solveTimedSync(cnf, task.config);
    writeResFileSync(task.resPath, run.result, cnf.numVars, run.ms);
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

/** A small regular file in one read; anything else through the checks and the stream. */
async function parse(task: FileTask): Promise<ParseResult> {
  const options = { fileName: task.file, strict: task.strict };
  const info = statSync(task.file, { throwIfNoEntry: false });
  if (info?.isFile() && info.size <= WHOLE_READ_MAX_BYTES) {
    try {
      return parseDimacs(readFileSync(task.file, 'utf8'), options);
    } catch {
      // Unreadable after all (permissions): the checks below say why.
    }
  }
  await readableSize(task.file);
  return parseCnfFile(task.file, task.strict);
}
