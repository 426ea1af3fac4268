import { describe, expect, it } from 'vitest';
import { alignedTable, formatCount } from './output.ts';

describe('formatCount', () => {
  it('groups thousands as en-US does, signs and fractions included', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, 1000000000, -1234, -999, 1234.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('alignedTable', () => {
  it('pads each column to its widest cell and trims the line ends', () => {
    expect(
      alignedTable([
        ['file', 'a.cnf'],
        ['clauses', '12'],
      ]),
    ).toBe('file     a.cnf\nclauses  12');
  });
});
