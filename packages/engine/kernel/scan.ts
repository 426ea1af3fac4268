// DIMACS CNF scanned at machine speed: the fast path of `parseDimacsBytes`
// (src/cnf/dimacs-bytes.ts). It reads well-formed files only — comment lines, one `p cnf V C`
// header before the first literal, clauses of literals within 1..V each ended by `0` (on one
// line or several), SATLIB's `%` end marker, and exactly C clauses — and writes their clauses
// as records [n, literal 1, …, literal n] (src/cnf/records.ts). Anything else (an error, a
// count that differs from C, a byte-order mark, a `+` sign) it declines, and the JavaScript
// parser reads the file instead: that parser alone says what is wrong and where, so the rules
// of messages and warnings live in one place. What this accepts, that parser reads to the same
// clauses without a warning (dimacs-bytes.test.ts holds the two to each other).

import { H_SCAN_CLAUSES, H_SCAN_RECORDS, H_SCAN_SLOTS, H_SCAN_VARS, hset } from './state';

const NEWLINE: u32 = 10;
const MINUS: u32 = 45;
const ZERO: u32 = 48;
const NINE: u32 = 57;
const P: u32 = 112;
const C: u32 = 99;
const N: u32 = 110;
const F: u32 = 102;
const PERCENT: u32 = 37;
const MAX_DIMACS_INT: i64 = 2147483647;

/** The bytes being scanned, and how many. */
let text: usize = 0;
let length: i32 = 0;
/** The read position. */
let pos: i32 = 0;
/** The header's V, once read. */
let headerVars: i64 = -1;
/** Clauses read so far; the open clause's record (its length slot) and its next literal's slot. */
let closed: i32 = 0;
let open: i32 = 0;
let openEnd: i32 = 1;

function at(i: i32): u32 {
  return <u32>load<u8>(text + <usize>i);
}

/** Space, tab, CR, vertical tab, form feed: the JavaScript parser's `isBlank`. */
function isBlank(c: u32): bool {
  return c === 32 || c === 9 || c === 13 || c === 11 || c === 12;
}

function isDigit(c: u32): bool {
  return c >= ZERO && c <= NINE;
}

function skipBlanks(): void {
  while (pos < length && isBlank(at(pos))) pos++;
}

/** A count of the header: digits up to MAX_DIMACS_INT, or -1. */
function count(): i64 {
  let value: i64 = 0;
  const from = pos;
  while (pos < length && isDigit(at(pos))) {
    value = value * 10 + <i64>(at(pos) - ZERO);
    if (value > MAX_DIMACS_INT) return -1;
    pos++;
  }
  return pos > from ? value : -1;
}

/** At least one blank, then past every blank: false when there is none. */
function separator(): bool {
  if (pos >= length || !isBlank(at(pos))) return false;
  skipBlanks();
  return true;
}

/**
 * The header line `p cnf V C` from its `p` up to its newline (or the end): returns C and sets
 * `headerVars`, or -1 when the line is not exactly that.
 */
function header(): i64 {
  pos++;
  if (!separator()) return -1;
  if (pos + 3 > length || at(pos) !== C || at(pos + 1) !== N || at(pos + 2) !== F) return -1;
  pos += 3;
  if (!separator()) return -1;
  const vars = count();
  if (vars < 0 || !separator()) return -1;
  const clauses = count();
  if (clauses < 0) return -1;
  skipBlanks();
  if (pos < length && at(pos) !== NEWLINE) return -1;
  headerVars = vars;
  return clauses;
}

/** Past the newline ending the current line (or to the end). */
function skipLine(): void {
  while (pos < length && at(pos) !== NEWLINE) pos++;
  pos++;
}

/**
 * Reads the clause literals of the line at `pos` (its first character a digit or `-`) into
 * the records at `out`, up to and past its newline: the hot loop, on locals only. Returns
 * false when the line is not one of literals within 1..`numVars` separated by blanks.
 */
function literals(out: usize, numVars: i64): bool {
  let p = pos;
  let start = open;
  let end = openEnd;
  const n = length;
  const base = text;
  let c = <u32>load<u8>(base + <usize>p);
  while (true) {
    let negative = false;
    if (c === MINUS) {
      negative = true;
      p++;
      c = p < n ? <u32>load<u8>(base + <usize>p) : NEWLINE;
    }
    const from = p;
    let magnitude: i64 = 0;
    while (c >= ZERO && c <= NINE) {
      magnitude = magnitude * 10 + <i64>(c - ZERO);
      if (magnitude > numVars) return false;
      p++;
      c = p < n ? <u32>load<u8>(base + <usize>p) : NEWLINE;
    }
    if (p === from || (c !== NEWLINE && !isBlank(c))) return false;
    if (magnitude === 0) {
      store<i32>(out + ((<usize>start) << 2), end - start - 1);
      closed++;
      start = end;
      end = start + 1;
    } else {
      const literal = <i32>magnitude;
      store<i32>(out + ((<usize>end) << 2), negative ? -literal : literal);
      end++;
    }
    while (isBlank(c)) {
      p++;
      c = p < n ? <u32>load<u8>(base + <usize>p) : NEWLINE;
    }
    if (c === NEWLINE) break;
    if (!(c >= ZERO && c <= NINE) && c !== MINUS) return false;
  }
  pos = p + 1;
  open = start;
  openEnd = end;
  return true;
}

/**
 * Scans the `bytes` bytes JavaScript wrote at `start` (a block of `alloc`). Returns 1 when it
 * read them all: the records at H_SCAN_RECORDS (H_SCAN_SLOTS slots, H_SCAN_CLAUSES clauses),
 * V at H_SCAN_VARS. Returns 0 when the JavaScript parser must read the file.
 */
export function scan(start: usize, bytes: i32): i32 {
  text = start;
  length = bytes;
  // Every record but the open one ends with a `0` and a blank (≥ 2 bytes) and each literal
  // takes ≥ 2 bytes: half the text's length in slots, and two more, always suffice.
  const out = heap.alloc((<usize>(length >> 1) + 2) << 2);
  let numVars: i64 = -1;
  let declared: i64 = -1;
  closed = 0;
  open = 0;
  openEnd = 1;
  pos = 0;
  while (pos < length) {
    skipBlanks();
    if (pos >= length) break;
    const c = at(pos);
    if (c === NEWLINE) {
      pos++;
    } else if (c === C) {
      skipLine();
    } else if (c === P) {
      if (numVars >= 0) return 0;
      declared = header();
      if (declared < 0) return 0;
      numVars = headerVars;
      skipLine();
    } else if (c === PERCENT) {
      break;
    } else if (numVars < 0 || !literals(out, numVars)) {
      return 0;
    }
  }
  if (numVars < 0 || openEnd > open + 1 || <i64>closed !== declared) return 0;
  hset(H_SCAN_VARS, <i32>numVars);
  hset(H_SCAN_RECORDS, <i32>out);
  hset(H_SCAN_SLOTS, open);
  hset(H_SCAN_CLAUSES, closed);
  return 1;
}
