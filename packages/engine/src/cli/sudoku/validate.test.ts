import { describe, expect, it } from 'vitest';
import { getVariant } from '../../sudoku/variant.ts';
import { parseHoles, parseSeed } from './options.ts';
import { checkPuzzle } from './validate.ts';

const CLASSIC = '830600190002018000000030000040102005005000008289003700020000080000370040900024003';

describe('checkPuzzle', () => {
  const classic = getVariant('classic');

  it('accepts 0 and . blanks and surrounding spaces', () => {
    expect(checkPuzzle(CLASSIC, classic).ok).toBe(true);
    expect(checkPuzzle(`  ${CLASSIC.replace(/0/g, '.')}\t`, classic).ok).toBe(true);
  });

  it('points at a bad character by its column in the line, indentation included', () => {
    const line = '   ' + CLASSIC.slice(0, 5) + 'x' + CLASSIC.slice(6);
    const result = checkPuzzle(line, classic);
    expect(result).toMatchObject({ ok: false, column: 9 });
    expect(!result.ok && result.reason).toMatch(/unexpected character "x" at position 9 \(R1C6\)/);
  });

  it('gives no column for a wrong length', () => {
    expect(checkPuzzle('123', classic)).toEqual({
      ok: false,
      reason: 'expected 81 cells, found 3 characters',
      column: undefined,
    });
  });

  it('rejects clashing givens, naming the house and pointing at the later cell', () => {
    const line = '5' + '0'.repeat(39) + '5' + '0'.repeat(40); // R1C1 and R5C5
    expect(checkPuzzle(line, classic).ok).toBe(true);
    const result = checkPuzzle(line, getVariant('x'));
    expect(result).toMatchObject({ ok: false, column: 41 });
    expect(!result.ok && result.reason).toMatch(
      /^givens conflict: 5 .*\bmain diagonal\b.*: R1C1, R5C5$/,
    );
  });
});

describe('option values', () => {
  it('reads --holes as a range or one number, and refuses nonsense', () => {
    expect(parseHoles('45-55')).toEqual({ min: 45, max: 55 });
    expect(parseHoles(' 50 ')).toEqual({ min: 50, max: 50 });
    expect(() => parseHoles('60-20')).toThrow(/minimum 60 is above the maximum 20/);
    expect(() => parseHoles('10-90')).toThrow(/only 81 cells/);
    expect(() => parseHoles('a-b')).toThrow(/expected A-B/);
  });

  it('keeps numeric seeds numeric so they match createRng(number)', () => {
    expect(parseSeed('42')).toBe(42);
    expect(parseSeed('lan-party')).toBe('lan-party');
    expect(() => parseSeed(' ')).toThrow();
  });
});
