import { describe, expect, it } from 'vitest';
import { formatIssue, parseDimacs, type DimacsIssue, type ParseOptions } from './dimacs.ts';

/** The clauses of a successful parse as plain arrays, or the error as a formatted line. */
function parsed(text: string, options?: ParseOptions) {
  const result = parseDimacs(text, options);
  if (!result.ok) throw new Error(`unexpected error: ${formatIssue(result.error)}`);
  return {
    numVars: result.cnf.numVars,
    clauses: result.cnf.clauses.map((clause) => Array.from(clause)),
    warnings: result.warnings,
  };
}

function errorOf(text: string, options?: ParseOptions): DimacsIssue {
  const result = parseDimacs(text, options);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(text)}`);
  return result.error;
}

describe('parseDimacs accepts', () => {
  it('a plain formula', () => {
    expect(parsed('p cnf 3 2\n1 -2 0\n2 3 0\n')).toEqual({
      numVars: 3,
      clauses: [
        [1, -2],
        [2, 3],
      ],
      warnings: [],
    });
  });

  it('comments anywhere, a bare "c", blank lines and indentation', () => {
    const text = 'c first\nc\n\n\tc indented\n  p  cnf\t3   2  \n\n1\n-3 0\nc between\n\t2 0\n';
    expect(parsed(text).clauses).toEqual([[1, -3], [2]]);
  });

  it('clauses spread over lines, several per line, and a comment inside a clause', () => {
    const text = 'p cnf 4 3\n1\n-2\n0 3 0 -4\nc note\n 1 0\n';
    expect(parsed(text).clauses).toEqual([[1, -2], [3], [-4, 1]]);
  });

  it('CRLF line endings and a last line without newline', () => {
    expect(parsed('c x\r\np cnf 2 2\r\n1 -2 0\r\n2 0').clauses).toEqual([[1, -2], [2]]);
  });

  it("SATLIB's % end marker, ignoring everything after it", () => {
    const text = 'p cnf 3 1\n 1 -2 3 0\n%\n0\n\nthis is not DIMACS\n';
    expect(parsed(text)).toEqual({ numVars: 3, clauses: [[1, -2, 3]], warnings: [] });
  });

  it('the empty clause, the empty formula and duplicate literals as written', () => {
    expect(parsed('p cnf 2 3\n1 0\n0\n2 2 -2 0\n').clauses).toEqual([[1], [], [2, 2, -2]]);
    expect(parsed('p cnf 0 0\n')).toEqual({ numVars: 0, clauses: [], warnings: [] });
    expect(parsed('p cnf 0 1\n0\n').clauses).toEqual([[]]);
  });

  it('a variable count above the highest variable used, signs and -0', () => {
    expect(parsed('p cnf 100 2\n+1 -2 -0\n007 0\n')).toEqual({
      numVars: 100,
      clauses: [[1, -2], [7]],
      warnings: [],
    });
  });

  it('the largest 32-bit variable', () => {
    const text = 'p cnf 2147483647 1\n-2147483647 2147483647 0\n';
    expect(parsed(text).clauses).toEqual([[-2147483647, 2147483647]]);
  });

  it('a byte order mark before the first line', () => {
    expect(parsed('\uFEFFp cnf 1 1\n1 0\n').clauses).toEqual([[1]]);
  });
});

describe('parseDimacs clause count', () => {
  it('warns at the header count when the clauses differ, MiniSat style', () => {
    const result = parsed('p cnf 3 3\n1 0\n2 0\n', { fileName: 'f.cnf' });
    expect(result.clauses).toEqual([[1], [2]]);
    expect(result.warnings).toEqual([
      {
        file: 'f.cnf',
        line: 1,
        column: 9,
        message: 'the header declares 3 clauses, but the formula has 2',
      },
    ]);
  });

  it('makes the mismatch an error in strict mode, also for too many clauses', () => {
    const issue = errorOf('p cnf 3  1\n1 0\n2 0\n', { strict: true });
    expect(issue).toMatchObject({ line: 1, column: 10 });
    expect(issue.message).toBe('the header declares 1 clauses, but the formula has 2');
  });
});

/** [input, line, column, message] — the message in full, so a wording change is deliberate. */
type ErrorCase = readonly [string, number, number, string];
const HEADER = '"p cnf <variables> <clauses>"';
const LINE_START = 'expected a clause, a comment line ("c ...") or the header ("p cnf ...")';
const INTEGER = 'expected an integer literal';

const headerErrors: Record<string, ErrorCase> = {
  'a clause before the header': [
    'c x\n1 2 0\n',
    2,
    1,
    `expected the header ${HEADER} before the first clause, found "1"`,
  ],
  'a lone 0 before the header': [
    '0\np cnf 1 0\n',
    1,
    1,
    `expected the header ${HEADER} before the first clause, found "0"`,
  ],
  'no header at all': [
    'c only a comment\n',
    2,
    1,
    `expected the header ${HEADER}, found end of input`,
  ],
  'empty input': ['', 1, 1, `expected the header ${HEADER}, found end of input`],
  'a repeated header': [
    'p cnf 2 1\n1 0\n  p cnf 2 1\n',
    3,
    3,
    'expected clauses or comments, found a second header (the first is on line 1)',
  ],
  'p dnf': [
    'p dnf 3 1\n',
    1,
    3,
    'expected "cnf" after "p" (only CNF formulas are read), found "dnf"',
  ],
  'p glued to cnf': ['pcnf 3 1\n', 1, 1, `expected the header ${HEADER}, found "pcnf"`],
  'no counts': [
    'p cnf\n1 0\n',
    1,
    6,
    'expected the variable count (a non-negative integer), found end of line',
  ],
  'no clause count': [
    'p cnf 3\r\n',
    1,
    8,
    'expected the clause count (a non-negative integer), found end of line',
  ],
  'a negative count': [
    'p cnf -3 1\n',
    1,
    7,
    'expected the variable count (a non-negative integer), found "-3"',
  ],
  'a fractional count': [
    '\tp  cnf\t3 1.5\n',
    1,
    11,
    'expected the clause count (a non-negative integer), found "1.5"',
  ],
  'a count beyond 32 bits': [
    'p cnf 2147483648 1\n',
    1,
    7,
    'expected the variable count (a non-negative integer), found "2147483648"',
  ],
  'trailing junk': [
    'p cnf 3 1 7\n',
    1,
    11,
    `expected end of line after the header ${HEADER}, found "7"`,
  ],
  'an unterminated header': [
    'c\np cnf 3',
    2,
    8,
    'expected the clause count (a non-negative integer), found end of line',
  ],
};

const clauseErrors: Record<string, ErrorCase> = {
  'a word': ['p cnf 3 1\n1 x1 0\n', 2, 3, `${INTEGER}, found "x1"`],
  'a decimal': ['p cnf 3 1\n1 1.5 0\n', 2, 3, `${INTEGER}, found "1.5"`],
  'a double sign': ['p cnf 3 1\n  --3 0\n', 2, 3, `${INTEGER}, found "--3"`],
  'a lone plus': ['p cnf 3 1\n1 + 0\n', 2, 3, `${INTEGER}, found "+"`],
  'a lone minus at the end': ['p cnf 3 1\n1 -', 2, 3, `${INTEGER}, found "-"`],
  'a minus inside a number': ['p cnf 3 1\n1-2 0\n', 2, 1, `${INTEGER}, found "1-2"`],
  'a trailing comment': ['p cnf 3 1\n1 2 0 c note\n', 2, 7, `${INTEGER}, found "c"`],
  'junk at the end of input': ['p cnf 3 1\n1 2 x', 2, 5, `${INTEGER}, found "x"`],
  'a number beyond 32 bits': [
    'p cnf 3 1\n1 2147483648 0\n',
    2,
    3,
    `${INTEGER} between -2147483647 and 2147483647, found "2147483648"`,
  ],
  'the most negative int32': [
    'p cnf 3 1\n-2147483648 0\n',
    2,
    1,
    `${INTEGER} between -2147483647 and 2147483647, found "-2147483648"`,
  ],
  'a number beyond 2^53': [
    'p cnf 3 1\n1 99999999999999999999999',
    2,
    3,
    `${INTEGER} between -2147483647 and 2147483647, found "99999999999999999999999"`,
  ],
  'a variable above V': [
    'p cnf 3 1\n1\t-4 0\n',
    2,
    3,
    'expected a variable up to 3 (the header\'s variable count), found variable 4 in literal "-4"',
  ],
  'any variable when V is 0': [
    'p cnf 0 1\n1 0\n',
    2,
    1,
    'expected a variable up to 0 (the header\'s variable count), found variable 1 in literal "1"',
  ],
  // Lines that begin with a literal are read in one loop (scanLiterals): positions hold there.
  'a variable above V after clause lines': [
    'p cnf 3 3\n1 2 0\n-1 3 0\n2 -4 0\n',
    4,
    3,
    'expected a variable up to 3 (the header\'s variable count), found variable 4 in literal "-4"',
  ],
  'a word after clause lines': ['p cnf 3 2\n1 2 0\n-1 3 0\n2 x 0\n', 4, 3, `${INTEGER}, found "x"`],
  'a missing final 0 after clause lines': [
    'p cnf 3 2\n1 2 0\n-1 3\n',
    3,
    5,
    'expected "0" to end the last clause, found end of input',
  ],
  'a line starting with a word': ['p cnf 3 1\nx 1 0\n', 2, 1, `${LINE_START}, found "x"`],
  'a solver output line': ['c\r\n  v 1 -2 0\r\n', 2, 3, `${LINE_START}, found "v"`],
  'a missing final 0': [
    'p cnf 3 1\n1 2',
    2,
    4,
    'expected "0" to end the last clause, found end of input',
  ],
  'a missing 0 before blank lines': [
    'p cnf 3 2\n3 0\n1 2  \n\n',
    3,
    4,
    'expected "0" to end the last clause, found end of input',
  ],
  'a missing 0 before %': [
    'p cnf 3 1\n1 -2\n%\n0\n',
    2,
    5,
    'expected "0" to end the last clause, found the "%" end marker',
  ],
};

describe('parseDimacs rejects, at the offending token,', () => {
  for (const [name, [text, line, column, message]] of Object.entries({
    ...headerErrors,
    ...clauseErrors,
  })) {
    it(name, () => {
      expect(errorOf(text)).toEqual({ file: '<input>', line, column, message });
    });
  }

  it('a long token, quoted only in part', () => {
    const issue = errorOf(`p cnf 1 1\n1 ${'y'.repeat(100)} 0\n`);
    expect(issue.message).toBe(`${INTEGER}, found "${'y'.repeat(40)}…"`);
  });
});

describe('formatIssue', () => {
  it('writes file:line:column: severity: message', () => {
    const issue = errorOf('p cnf 1 1\n2 0\n', { fileName: 'dir/a.cnf' });
    expect(formatIssue(issue)).toBe(
      'dir/a.cnf:2:1: error: expected a variable up to 1 (the header\'s variable count), found variable 2 in literal "2"',
    );
    expect(formatIssue({ ...issue, message: 'm' }, 'warning')).toBe('dir/a.cnf:2:1: warning: m');
  });
});
