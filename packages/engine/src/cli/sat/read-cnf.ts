import { createReadStream, readFileSync } from 'node:fs';
import type { Cnf } from '../../cnf/formula.ts';
import { parseDimacsBytes } from '../../cnf/dimacs-bytes.ts';
import {
  formatIssue,
  parseDimacsChunks,
  type DimacsIssue,
  type ParseResult,
} from '../../cnf/dimacs.ts';
import { CliError } from '../errors.ts';
import { createProgress } from '../io/progress.ts';
import { readableSize, reasonOf } from '../io/readable-file.ts';

/**
 * Files up to this size are read in one piece, which for the small files most runs are on is
 * several ms faster than a stream; larger ones are streamed chunk by chunk (memory) and show a
 * percentage while they are read (on a TTY stderr only).
 */
export const PROGRESS_MIN_BYTES = 5 * 1024 * 1024;

/** At most this many warnings are printed; the rest are counted. */
const MAX_WARNINGS_SHOWN = 20;

export interface ReadCnfOptions {
  readonly strict: boolean;
  /** False under `--quiet`: no progress line. */
  readonly showProgress: boolean;
}

export interface ReadCnfResult {
  readonly cnf: Cnf;
  readonly warnings: readonly DimacsIssue[];
  /** Wall time of reading and parsing together, in ms. */
  readonly parseMs: number;
}

/**
 * Reads and parses a DIMACS file. Warnings are printed on stderr as they are returned;
 * a missing file, a read error or a parse error becomes a `CliError` (exit 1) whose message
 * is the one line to show, e.g. `f.cnf:3:7: error: literal 0 …`.
 */
export async function readCnf(file: string, options: ReadCnfOptions): Promise<ReadCnfResult> {
  const started = performance.now();
  const parsed = await parseCnfFile(file, options.strict, options.showProgress);
  if (!parsed.ok) throw new CliError(formatIssue(parsed.error, 'error'));
  printWarnings(parsed.warnings);
  return { cnf: parsed.cnf, warnings: parsed.warnings, parseMs: performance.now() - started };
}

/**
 * Parses a DIMACS file: a small one read whole as bytes (`parseDimacsBytes`: the kernel's
 * fast path, or the JavaScript parser for anything else), a big one streamed through the chunked parser
 * (with a percentage when `showProgress`). An unreadable file throws a one-line `CliError`;
 * a read failure part-way through comes back as a parse error located where reading stopped.
 */
export async function parseCnfFile(
  file: string,
  strict: boolean,
  showProgress = false,
): Promise<ParseResult> {
  const size = readableSize(file);
  if (size > PROGRESS_MIN_BYTES) return streamCnfFile(file, strict, showProgress ? size : 0);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CliError(`percent: cannot read '${file}': ${reasonOf(error)}`);
  }
  return parseDimacsBytes(bytes, { fileName: file, strict });
}

/** `progressTotal`: the file size when a percentage is wanted, otherwise 0. */
async function streamCnfFile(
  file: string,
  strict: boolean,
  progressTotal: number,
): Promise<ParseResult> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const progress = createProgress(`reading ${file}`, progressTotal);
  try {
    return await parseDimacsChunks(stream, {
      fileName: file,
      strict,
      onProgress: () => progress.update(stream.bytesRead),
    });
  } finally {
    progress.clear();
    stream.destroy();
  }
}

function printWarnings(warnings: readonly DimacsIssue[]): void {
  for (const warning of warnings.slice(0, MAX_WARNINGS_SHOWN)) {
    process.stderr.write(formatIssue(warning, 'warning') + '\n');
  }
  const hidden = warnings.length - MAX_WARNINGS_SHOWN;
  if (hidden > 0) process.stderr.write(`… and ${hidden} more warnings\n`);
}
