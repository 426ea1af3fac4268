/**
 * Reading DIMACS CNF from bytes, as a file is read. Well-formed files are scanned by the
 * WebAssembly kernel (kernel/scan.ts): machine code from the first byte, where the JavaScript
 * scanner runs a fresh process's first hundreds of kilobytes in V8's interpreter. Every other
 * file — one with an error, a warning, or anything the fast path leaves alone — is decoded and
 * read by `parseDimacs`, which says what is wrong and where. Either way the result is the one
 * `parseDimacs` gives for the decoded text (dimacs-bytes.test.ts holds them to each other).
 */
import { scanDimacs } from '../sat/kernel/kernel.ts';
import { parseDimacs, type ParseOptions, type ParseResult } from './dimacs.ts';
import { registerRecords } from './records.ts';

/**
 * Above this size the fast path is not tried: it holds the text and up to twice its size in
 * records in the kernel's memory at once (the CLI streams files above 5 MB anyway).
 */
const FAST_PATH_MAX_BYTES = 1 << 26;

/** As `parseDimacs` on the UTF-8 text of `bytes` (a byte-order mark kept, as Node reads it). */
export function parseDimacsBytes(bytes: Uint8Array, options: ParseOptions = {}): ParseResult {
  const scanned = bytes.length <= FAST_PATH_MAX_BYTES ? scanDimacs(bytes) : undefined;
  if (scanned === undefined) {
    return parseDimacs(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), options);
  }
  const { records, count } = scanned;
  const clauses: Int32Array[] = [];
  for (let at = 0; clauses.length < count;) {
    const n = records[at]!;
    clauses.push(records.subarray(at + 1, at + 1 + n));
    at += n + 1;
  }
  registerRecords(clauses, [records]);
  return { ok: true, cnf: { numVars: scanned.numVars, clauses }, warnings: [] };
}
