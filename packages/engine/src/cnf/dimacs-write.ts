/**
 * Writing a Cnf back out: as DIMACS text that `parseDimacs` (and MiniSat & co.) read back
 * to the same formula, and as the numbered, human-readable clause listing of the course
 * design's "traverse and show every clause" check.
 */
import type { Cnf } from './formula.ts';

/**
 * DIMACS text: the comment lines (each prefixed `c `), the `p cnf V C` header, then one
 * clause per line ending in ` 0`, every line ended by a newline. A comment containing line
 * breaks becomes several comment lines, and an empty one a bare `c`, so no comment can
 * corrupt the formula. Throws a RangeError for a malformed Cnf (see `dimacsLines`).
 */
export function formatDimacs(cnf: Cnf, comments: readonly string[] = []): string {
  const lines = Array.from(dimacsLines(cnf, comments));
  lines.push('');
  return lines.join('\n');
}

/**
 * The lines of `formatDimacs`, without newline characters, produced lazily so a huge
 * formula can be written piece by piece. Throws a RangeError, when it reaches it, for a
 * literal that is 0 or names a variable above `numVars`: written out, such a clause would
 * silently read back as a different formula.
 */
export function* dimacsLines(cnf: Cnf, comments: readonly string[] = []): Generator<string> {
  if (!Number.isInteger(cnf.numVars) || cnf.numVars < 0) {
    throw new RangeError(`numVars must be a non-negative integer, got ${cnf.numVars}`);
  }
  for (const comment of comments) {
    for (const text of comment.split(/\r?\n|\r/)) yield text === '' ? 'c' : `c ${text}`;
  }
  yield `p cnf ${cnf.numVars} ${cnf.clauses.length}`;
  const { clauses, numVars } = cnf;
  for (let index = 0; index < clauses.length; index++) {
    const clause = clauses[index]!;
    checkClause(clause, index, numVars);
    yield clause.length === 0 ? '0' : `${clause.join(' ')} 0`;
  }
}

/**
 * A listing for people: first `N variables, M clauses`, then one line per clause,
 * numbered from 1 and right-aligned, e.g. `   3: x1 ∨ ¬x4 ∨ x7`; the empty clause shows
 * as `⊥ (empty clause)`. Lazy, like `dimacsLines`, and equally usable on huge formulas.
 */
export function* describeClauses(cnf: Cnf): Generator<string> {
  const { clauses } = cnf;
  yield `${counted(cnf.numVars, 'variable')}, ${counted(clauses.length, 'clause')}`;
  const width = Math.max(4, String(clauses.length).length);
  for (let index = 0; index < clauses.length; index++) {
    yield `${String(index + 1).padStart(width)}: ${describeClause(clauses[index]!)}`;
  }
}

function describeClause(clause: Int32Array): string {
  if (clause.length === 0) return '⊥ (empty clause)';
  const literals: string[] = [];
  for (const literal of clause) literals.push(literal > 0 ? `x${literal}` : `¬x${-literal}`);
  return literals.join(' ∨ ');
}

function checkClause(clause: Int32Array, index: number, numVars: number): void {
  for (const literal of clause) {
    if (literal === 0 || Math.abs(literal) > numVars) {
      const allowed = numVars === 0 ? 'there are no variables' : `variables are 1..${numVars}`;
      throw new RangeError(`clause ${index + 1} contains the literal ${literal}, but ${allowed}`);
    }
  }
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
