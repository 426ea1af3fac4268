/**
 * The wording of DIMACS issues, kept apart from the scanner so every message follows one
 * pattern: what was expected, then what was found (quoted, or "end of input").
 */

/** The largest count or literal magnitude accepted: DIMACS literals are 32-bit. */
export const MAX_DIMACS_INT = 2147483647;

export const HEADER_SHAPE = '"p cnf <variables> <clauses>"';

/** Longest token text quoted in a message; longer ones are cut and marked with `…`. */
export const QUOTE_LIMIT = 40;

export function quote(text: string): string {
  return text.length > QUOTE_LIMIT ? `"${text.slice(0, QUOTE_LIMIT)}…"` : `"${text}"`;
}

/** Why a token at the start of a line (`opensLine`) or inside a clause is no literal. */
export function badTokenMessage(text: string, opensLine: boolean): string {
  const expected = opensLine
    ? 'a clause, a comment line ("c ...") or the header ("p cnf ...")'
    : 'an integer literal';
  return `expected ${expected}, found ${quote(text)}`;
}

/**
 * Why a token made of an optional sign and digits is not acceptable where it stands.
 * `numVars` is -1 before the header.
 */
export function literalMessage(
  text: string,
  hasDigit: boolean,
  magnitude: number,
  numVars: number,
): string {
  const found = quote(text);
  if (!hasDigit) return `expected an integer literal, found ${found}`;
  if (magnitude > MAX_DIMACS_INT) {
    return `expected an integer literal between -${MAX_DIMACS_INT} and ${MAX_DIMACS_INT}, found ${found}`;
  }
  if (numVars < 0)
    return `expected the header ${HEADER_SHAPE} before the first clause, found ${found}`;
  return `expected a variable up to ${numVars} (the header's variable count), found variable ${magnitude} in literal ${found}`;
}

export function repeatedHeaderMessage(firstHeaderLine: number): string {
  return `expected clauses or comments, found a second header (the first is on line ${firstHeaderLine})`;
}

export function missingHeaderMessage(): string {
  return `expected the header ${HEADER_SHAPE}, found end of input`;
}

export function unterminatedClauseMessage(endMarker: boolean): string {
  const found = endMarker ? 'the "%" end marker' : 'end of input';
  return `expected "0" to end the last clause, found ${found}`;
}

export function clauseCountMessage(declared: number, actual: number): string {
  return `the header declares ${declared} clauses, but the formula has ${actual}`;
}
