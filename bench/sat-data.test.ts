import { describe, expect, it } from 'vitest';
import { nativeText, spreadSample, withoutTrailer } from './sat-data.ts';

describe('spreadSample', () => {
  it('spreads the sample through the whole set', () => {
    expect([...spreadSample(30, 5)]).toEqual([0, 6, 12, 18, 24]);
    expect([...spreadSample(1000, 4)]).toEqual([0, 250, 500, 750]);
  });

  it('takes every file of a set no larger than the sample', () => {
    expect([...spreadSample(3, 20)]).toEqual([0, 1, 2]);
    expect(spreadSample(0, 20).size).toBe(0);
  });
});

describe('withoutTrailer', () => {
  it("cuts SATLIB's % trailer and leaves other files alone", () => {
    expect(withoutTrailer('p cnf 1 1\n1 0\n%\n0\n')).toBe('p cnf 1 1\n1 0\n');
    expect(withoutTrailer('p cnf 1 1\n1 0\n')).toBe('p cnf 1 1\n1 0\n');
  });
});

describe('nativeText', () => {
  it('joins clauses split over lines, one clause per line, and drops the trailer', () => {
    const text = 'c par8-1-c\np cnf 3 2\n -2 1\n 0\n 3 -2\n -1 0\n%\n0\n';
    expect(nativeText(text)).toBe('c par8-1-c\np cnf 3 2\n-2 1 0\n3 -2 -1 0\n');
  });

  it('separates literals by single spaces (cryptominisat5 rejects tabs)', () => {
    expect(nativeText('p cnf 2 1\n1\t-2\t0\n')).toBe('p cnf 2 1\n1 -2 0\n');
  });

  it('leaves a file the native parsers read as it is', () => {
    expect(nativeText('p cnf 2 2\n1 -2 0\n2 0\n')).toBeUndefined();
    expect(nativeText('p cnf 1 1\n1 0\n%\n0\n')).toBe('p cnf 1 1\n1 0\n');
  });
});
