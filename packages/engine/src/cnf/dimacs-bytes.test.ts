// The DIMACS fast path (kernel/scan.ts, through parseDimacsBytes) against the JavaScript parser:
// whatever the bytes, the answer is parseDimacs's own — the same clauses, warnings, or error
// with its line and column — and well-formed files are read by the fast path itself.
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { scanDimacs } from '../sat/kernel/kernel.ts';
import { Solver } from '../sat/solver.ts';
import { parseDimacsBytes } from './dimacs-bytes.ts';
import { parseDimacs, type ParseOptions, type ParseResult } from './dimacs.ts';
import { formatDimacs } from './dimacs-write.ts';
import { randomKSat } from './generators.ts';
import { recordsOf } from './records.ts';

const bytesOf = (text: string) => new TextEncoder().encode(text);

/** A parse result as plain data, to compare two parsers' answers. */
function plain(result: ParseResult) {
  if (!result.ok) return { error: result.error };
  const { numVars, clauses } = result.cnf;
  return { numVars, clauses: clauses.map((c) => Array.from(c)), warnings: result.warnings };
}

/** Both parsers on `text`; returns whether the fast path read it. */
function agree(text: string, options: ParseOptions = {}): boolean {
  const bytes = bytesOf(text);
  expect(plain(parseDimacsBytes(bytes, options)), JSON.stringify(text)).toEqual(
    plain(parseDimacs(text, options)),
  );
  return scanDimacs(bytes) !== undefined;
}

describe('parseDimacsBytes', () => {
  it('reads well-formed files on the fast path, to the clauses parseDimacs reads', () => {
    const accepted = [
      'p cnf 3 2\n1 -2 0\n2 3 0\n',
      'c first\nc\n\n\tc indented\n  p  cnf\t3   2  \n\n1\n-3 0\nc between\n\t2 0\n',
      'p cnf 4 3\n1\n-2\n0 3 0 -4\nc note\n 1 0\n',
      'p cnf 2 2\r\n1 -2 0\r\n2 0\r\n',
      'p cnf 2 1\n1 2 0', // no final newline
      'p cnf 3 1\n1 2 3 0\n%\n0\n', // SATLIB's end marker and its lone trailing 0
      'p cnf 2 2\n0\n1 -0\n', // the empty clause; -0 ends a clause as 0 does
      'p cnf 12 1\n012 -007 0\n', // leading zeros
      'c Résumé — 注释 ok\np cnf 1 1\n1 0\n', // UTF-8 in comments
      'p cnf 0 0\n',
      'p cnf 3 1\n1\v2\f3\t0\n', // every blank the parser knows
    ];
    for (const text of accepted) expect(agree(text), JSON.stringify(text)).toBe(true);
  });

  it('leaves everything else to parseDimacs, whose error or warning it returns', () => {
    const declined = [
      '', // no header
      'c only a comment\n',
      '1 2 0\np cnf 2 1\n', // a literal before the header
      'p cnf 2 1\np cnf 2 1\n1 0\n', // a second header
      'p cnf 2 1 7\n1 0\n', // a word after the header
      'pcnf 2 1\n1 0\n',
      'p cnf 2\n1 0\n',
      'p dnf 2 1\n1 0\n',
      'p cnf 2 1\n1 3 0\n', // a variable beyond V
      'p cnf 2 1\n1 2\n', // a clause without its 0
      'p cnf 2 1\n1 2\n%\n', // … before the end marker
      'p cnf 2 2\n1 2 0\n', // fewer clauses than C: a warning
      'p cnf 2 1\n1 0\n2 0\n', // more
      'p cnf 2 1\n+1 2 0\n', // a plus sign (read by parseDimacs)
      '\uFEFFp cnf 1 1\n1 0\n', // a byte-order mark
      'p cnf 2 1\n1 - 2 0\n',
      'p cnf 2 1\n1-2 0\n',
      'p cnf 2 1\n1 2 c 0\n',
      'p cnf 2 1\n1 2 0 %\n',
      'p cnf 2 1\n1 x 0\n',
      'p cnf 99999999999 1\n1 0\n',
      'p cnf 2 1\n99999999999999999999 0\n',
      'p cnf 2 1\n1\u00002 0\n',
    ];
    for (const text of declined) expect(agree(text), JSON.stringify(text)).toBe(false);
    expect(agree('p cnf 2 2\n1 2 0\n', { strict: true })).toBe(false);
  });

  it('agrees with parseDimacs on thousands of damaged files', () => {
    // Seeded edits of a small formula, from the characters DIMACS is made of and a few more.
    const rng = createRng('dimacs-bytes-fuzz');
    const base = 'c x\np cnf 5 4\n1 -2 0\n3 4 -5 0\n-1\n 2 0\n5 0\n';
    const alphabet = ['0', '1', '5', '9', '-', '+', ' ', '\n', '\r', '\t', 'c', 'p', '%', 'x'];
    let fast = 0;
    for (let round = 0; round < 3000; round++) {
      let text = base;
      for (let edits = 1 + rng.int(3); edits > 0; edits--) {
        const at = rng.int(text.length + 1);
        const char = alphabet[rng.int(alphabet.length)]!;
        const kind = rng.int(3);
        text = text.slice(0, at) + (kind === 2 ? '' : char) + text.slice(at + (kind === 0 ? 0 : 1));
      }
      if (agree(text)) fast++;
    }
    // Both kinds were met: many edits leave a well-formed file, many spoil it.
    expect(fast).toBeGreaterThan(300);
    expect(fast).toBeLessThan(2700);
  });

  it('reads a generated formula on the fast path, its records registered for the solver', () => {
    const formula = randomKSat(createRng('dimacs-bytes'), 300, 1275, 3);
    const result = parseDimacsBytes(bytesOf(formatDimacs(formula)));
    expect(result.ok && plain(result)).toEqual({
      numVars: 300,
      clauses: formula.clauses.map((c) => Array.from(c)),
      warnings: [],
    });
    if (!result.ok) return;
    const records = recordsOf(result.cnf.clauses);
    expect(records?.length).toBe(1);
    expect(records![0]!.length).toBe(1275 * 4);
    // Loaded from its records, the formula answers as when loaded clause by clause.
    const fromRecords = new Solver(300);
    fromRecords.addClauses(result.cnf.clauses);
    const oneByOne = new Solver(300);
    for (const clause of formula.clauses) oneByOne.addClause(clause);
    expect(fromRecords.solve().status).toBe(oneByOne.solve().status);
  });
});
