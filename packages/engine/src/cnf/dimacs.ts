/**
 * Reading DIMACS CNF text (`p cnf V C`, clauses of signed literals each ended by `0`).
 *
 * Both entry points drive the same incremental scanner (`dimacs-scanner.ts`), so a whole
 * string and a stream of chunks split anywhere (even inside a token or a CRLF) give the same
 * result. Problems come back as values with a 1-based line and column; nothing here throws.
 *
 * Accepted beyond the bare format, because published benchmark files use it: `c` comment
 * lines anywhere (also before the header), indentation before any line, clauses spread over
 * several lines or several per line, CRLF, a last line without newline, and SATLIB's `%` end
 * marker (a line starting with `%` ends the formula; whatever follows, such as SATLIB's lone
 * trailing `0`, is ignored).
 *
 * A clause count that differs from the header's `C` is only a warning by default, as in
 * MiniSat: many published files miscount, and the clauses themselves are unambiguous. With
 * `strict: true` it is an error. A literal whose variable exceeds `V` is always an error,
 * because the solver sizes its tables by `V`.
 *
 * The clauses of a parsed Cnf are `subarray` views into a few shared blocks (see
 * `dimacs-clauses.ts`): each view covers exactly its clause, but `clause.buffer` is shared,
 * so copy a clause (`slice`) rather than reinterpreting its buffer.
 */
import type { Cnf } from './formula.ts';
import { DimacsScanner } from './dimacs-scanner.ts';

/** A problem in DIMACS input, at the 1-based line and column of the offending token. */
export interface DimacsIssue {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface ParseOptions {
  /** Shown in issues; default `'<input>'`. */
  readonly fileName?: string;
  /** Makes a clause count that differs from the header an error instead of a warning. */
  readonly strict?: boolean;
}

export type ParseResult =
  | { readonly ok: true; readonly cnf: Cnf; readonly warnings: readonly DimacsIssue[] }
  | { readonly ok: false; readonly error: DimacsIssue };

/** Parses a whole DIMACS text. */
export function parseDimacs(text: string, options: ParseOptions = {}): ParseResult {
  const scanner = newScanner(options);
  scanner.feed(text);
  return scanner.end();
}

/**
 * Parses DIMACS text arriving in chunks of any size, without ever joining them, so a file
 * far larger than one string can be read piece by piece. `onProgress` receives the number
 * of characters consumed so far after each chunk. Reading stops early, and the iterator is
 * closed, once the result is decided (an error or the `%` end marker). If the iterable
 * itself fails, or yields something other than strings (a stream opened without an
 * encoding), that is reported as the error, at the position reached.
 */
export async function parseDimacsChunks(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: ParseOptions & { readonly onProgress?: (charsRead: number) => void } = {},
): Promise<ParseResult> {
  const scanner = newScanner(options);
  let charsRead = 0;
  try {
    for await (const chunk of chunks as AsyncIterable<unknown>) {
      // A stream opened without an encoding yields Buffers: say so instead of misparsing.
      if (typeof chunk !== 'string') {
        throw new TypeError(`expected text chunks, got ${describe(chunk)}`);
      }
      scanner.feed(chunk);
      charsRead += chunk.length;
      options.onProgress?.(charsRead);
      if (scanner.done) break;
    }
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    return { ok: false, error: scanner.issueHere(`could not read the input: ${reason}`) };
  }
  return scanner.end();
}

/** The compiler-style one-line form, `file:line:column: error: message`. */
export function formatIssue(issue: DimacsIssue, severity: 'error' | 'warning' = 'error'): string {
  return `${issue.file}:${issue.line}:${issue.column}: ${severity}: ${issue.message}`;
}

/** A type name for messages: the class of an object (e.g. Buffer), else its typeof. */
function describe(value: unknown): string {
  if (typeof value !== 'object' || value === null) return value === null ? 'null' : typeof value;
  return (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
}

function newScanner(options: ParseOptions): DimacsScanner {
  return new DimacsScanner(options.fileName ?? '<input>', options.strict ?? false);
}
