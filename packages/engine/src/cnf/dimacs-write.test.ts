import { describe, expect, it } from 'vitest';
import { formatIssue, parseDimacs } from './dimacs.ts';
import { describeClauses, dimacsLines, formatDimacs } from './dimacs-write.ts';
import { cnf, type Cnf } from './formula.ts';

/** A small seeded generator (mulberry32), so every failure reproduces. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Random formulas with the awkward cases mixed in: empty clauses, unused variables, repeats. */
function randomFormula(seed: number): Cnf {
  const next = random(seed);
  const numVars = Math.floor(next() * 60);
  const clauses: number[][] = [];
  const clauseCount = Math.floor(next() * 40);
  for (let i = 0; i < clauseCount; i++) {
    const length = numVars === 0 ? 0 : Math.floor(next() * 6);
    const clause: number[] = [];
    for (let j = 0; j < length; j++) {
      const variable = 1 + Math.floor(next() * numVars);
      clause.push(next() < 0.5 ? -variable : variable);
    }
    clauses.push(clause);
  }
  return cnf(numVars, clauses);
}

const plain = (formula: Cnf) => ({
  numVars: formula.numVars,
  clauses: formula.clauses.map((clause) => Array.from(clause)),
});

function reparse(text: string): Cnf {
  const result = parseDimacs(text, { strict: true });
  if (!result.ok) throw new Error(formatIssue(result.error));
  expect(result.warnings).toEqual([]);
  return result.cnf;
}

describe('formatDimacs', () => {
  it('writes comments, the header and one clause per line ending in 0', () => {
    const text = formatDimacs(cnf(3, [[1, -2], [], [3, 3]]), ['made by a test', '', 'two\nlines']);
    expect(text).toBe('c made by a test\nc\nc two\nc lines\np cnf 3 3\n1 -2 0\n0\n3 3 0\n');
  });

  it('writes the empty formula as just the header', () => {
    expect(formatDimacs(cnf(0, []))).toBe('p cnf 0 0\n');
  });

  it('reads back to the same formula (200 seeded random formulas)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const formula = randomFormula(seed);
      const text = formatDimacs(formula, [`seed ${seed}`]);
      expect(plain(reparse(text)), `seed ${seed}`).toEqual(plain(formula));
    }
  });

  it('rejects a clause that would read back differently', () => {
    expect(() => formatDimacs(cnf(3, [[1], [2, 0, 3]]))).toThrow(
      new RangeError('clause 2 contains the literal 0, but variables are 1..3'),
    );
    expect(() => formatDimacs(cnf(3, [[-4]]))).toThrow(/literal -4, but variables are 1\.\.3/);
    expect(() => formatDimacs(cnf(0, [[1]]))).toThrow(/there are no variables/);
    expect(() => formatDimacs({ numVars: -1, clauses: [] })).toThrow(RangeError);
  });
});

describe('dimacsLines', () => {
  it('yields the lines of formatDimacs, lazily', () => {
    const formula = randomFormula(42);
    expect([...dimacsLines(formula, ['x'])].map((line) => `${line}\n`).join('')).toBe(
      formatDimacs(formula, ['x']),
    );
    const lines = dimacsLines(cnf(2, [[1], [2, 0]]));
    expect([lines.next().value, lines.next().value]).toEqual(['p cnf 2 2', '1 0']);
    expect(() => lines.next()).toThrow(RangeError);
  });
});

describe('describeClauses', () => {
  it('lists every clause, numbered, after a summary', () => {
    const formula = cnf(7, [[1, -4, 7], [], [-2]]);
    expect([...describeClauses(formula)]).toEqual([
      '7 variables, 3 clauses',
      '   1: x1 ∨ ¬x4 ∨ x7',
      '   2: ⊥ (empty clause)',
      '   3: ¬x2',
    ]);
  });

  it('uses singular counts and widens the numbers for many clauses', () => {
    expect([...describeClauses(cnf(1, [[1]]))]).toEqual(['1 variable, 1 clause', '   1: x1']);
    const many = cnf(
      1,
      Array.from({ length: 12_345 }, () => [-1]),
    );
    const lines = [...describeClauses(many)];
    expect(lines.length).toBe(12_346);
    expect([lines[1], lines[12_345]]).toEqual(['    1: ¬x1', '12345: ¬x1']);
  });

  it('is lazy: the first lines come without walking the whole formula', () => {
    const clauses = new Proxy([] as Int32Array[], {
      get: (_target, key) => (key === 'length' ? 1e9 : Int32Array.of(1)),
    });
    const lines = describeClauses({ numVars: 1, clauses });
    expect([lines.next().value, lines.next().value]).toEqual([
      '1 variable, 1000000000 clauses',
      '         1: x1',
    ]);
  });
});
