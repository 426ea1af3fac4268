/**
 * The `p cnf V C` header line. It occurs once per file, so it is parsed from its collected
 * text rather than by the streaming kernel; positions are offsets into that text (which
 * starts at the `p`), turned into columns by the caller.
 */
import { HEADER_SHAPE, MAX_DIMACS_INT } from './dimacs-messages.ts';

export interface DimacsHeader {
  readonly numVars: number;
  readonly numClauses: number;
  /** Offset of the `C` token, where a clause-count mismatch is reported. */
  readonly clauseCountOffset: number;
}

export type HeaderParse =
  | { readonly ok: true; readonly header: DimacsHeader }
  | { readonly ok: false; readonly offset: number; readonly message: string };

interface Word {
  readonly text: string;
  readonly offset: number;
}

/**
 * Checks the words of a header line in order: `p`, `cnf`, the variable count, the clause
 * count, then nothing else. The first deviation is reported at its own offset, or at the
 * end of the line when a word is missing.
 */
export function parseHeaderLine(text: string): HeaderParse {
  const words = splitWords(text);
  const endOfLine = lineEnd(text);
  const found = (index: number): { offset: number; what: string } => {
    const word = words[index];
    return word
      ? { offset: word.offset, what: `"${word.text}"` }
      : { offset: endOfLine, what: 'end of line' };
  };
  const fail = (index: number, expected: string): HeaderParse => {
    const { offset, what } = found(index);
    return { ok: false, offset, message: `expected ${expected}, found ${what}` };
  };
  if (words[0]?.text !== 'p') return fail(0, `the header ${HEADER_SHAPE}`);
  if (words[1]?.text !== 'cnf') return fail(1, `"cnf" after "p" (only CNF formulas are read)`);
  const numVars = parseCount(words[2]?.text);
  if (numVars === undefined) return fail(2, 'the variable count (a non-negative integer)');
  const numClauses = parseCount(words[3]?.text);
  if (numClauses === undefined) return fail(3, 'the clause count (a non-negative integer)');
  if (words.length > 4) return fail(4, `end of line after the header ${HEADER_SHAPE}`);
  return { ok: true, header: { numVars, numClauses, clauseCountOffset: words[3]!.offset } };
}

/** A non-negative decimal integer up to MAX_DIMACS_INT, or undefined. */
function parseCount(text: string | undefined): number | undefined {
  if (text === undefined || text.length === 0) return undefined;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
    if (value > MAX_DIMACS_INT) return undefined;
  }
  return value;
}

function splitWords(text: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const blank = i === text.length || isBlank(text.charCodeAt(i));
    if (blank && start >= 0) {
      words.push({ text: text.slice(start, i), offset: start });
      start = -1;
    } else if (!blank && start < 0) {
      start = i;
    }
  }
  return words;
}

/** Offset of the line end, before a CR of a CRLF. */
function lineEnd(text: string): number {
  return text.endsWith('\r') ? text.length - 1 : text.length;
}

/** Space, tab, CR, vertical tab, form feed: the separators allowed between tokens. */
export function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
}
