import Logic from 'logic-solver';
import { describe, expect, it } from 'vitest';
import { parseDimacsClauses, solveWithLogic, type LogicApi } from './logic-solver-adapter.ts';

describe('parseDimacsClauses', () => {
  it('reads comments, the header, clauses across lines and stops at the % trailer', () => {
    const text = 'c a comment\np cnf 3 3\n1 -2 0\n2\n3 0 -1 0\n%\n0\n';
    expect(parseDimacsClauses(text)).toEqual({ vars: 3, clauses: [[1, -2], [2, 3], [-1]] });
  });

  it('says which line is bad', () => {
    expect(() => parseDimacsClauses('p cnf 2 1\n1 x 0\n')).toThrow(/line 2: 'x'/);
    expect(() => parseDimacsClauses('p cnf 2 1\n1 3 0\n')).toThrow(/line 2: 3 exceeds 2/);
    expect(() => parseDimacsClauses('1 2 0\n')).toThrow(/line 1: clause before/);
    expect(() => parseDimacsClauses('c nothing\n')).toThrow(/no 'p cnf' header/);
  });
});

describe('solveWithLogic (logic-solver, MiniSat in JavaScript)', () => {
  it('finds a model of a satisfiable formula that satisfies every clause', () => {
    const cnf = parseDimacsClauses('p cnf 3 4\n1 2 0\n-1 3 0\n-2 -3 0\n-3 0\n');
    const verdict = solveWithLogic(Logic, cnf);
    expect(verdict.status).toBe('SAT');
    // The only model: x3 false, so x1 false (−1 ∨ 3) and x2 true (1 ∨ 2).
    if (verdict.status === 'SAT') expect([...verdict.trueVars]).toEqual([2]);
  });

  it('proves unsatisfiable formulas: a chain and pigeonhole 3 into 2', () => {
    const chain = parseDimacsClauses('p cnf 2 3\n1 0\n-1 2 0\n-2 0\n');
    expect(solveWithLogic(Logic, chain).status).toBe('UNSAT');
    // Pigeon p in hole h is variable 2(p−1)+h: each pigeon somewhere, no hole twice.
    const holes = [
      [1, 2],
      [3, 4],
      [5, 6],
    ];
    const clauses = [...holes.map((h) => `${h.join(' ')} 0`)];
    for (const h of [0, 1]) {
      for (let a = 0; a < 3; a++) {
        for (let b = a + 1; b < 3; b++) clauses.push(`-${holes[a]?.[h]} -${holes[b]?.[h]} 0`);
      }
    }
    const pigeons = parseDimacsClauses(`p cnf 6 ${clauses.length}\n${clauses.join('\n')}\n`);
    expect(solveWithLogic(Logic, pigeons).status).toBe('UNSAT');
  });

  it('refuses a model that falsifies a clause', () => {
    const lying: LogicApi = {
      Solver: class {
        require(): void {}
        solve() {
          return { getTrueVars: () => ['x1'] };
        }
      },
      or: (terms) => terms,
      disablingAssertions: (run) => run(),
    };
    const cnf = parseDimacsClauses('p cnf 1 1\n-1 0\n');
    expect(() => solveWithLogic(lying, cnf)).toThrow(/falsifies clause 1/);
  });
});
