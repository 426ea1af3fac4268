import { describe, expect, it } from 'vitest';
import { codeFrom } from './code.ts';

describe('codeFrom', () => {
  it('accepts a code however it was typed or pasted', () => {
    expect(codeFrom('kqztm')).toBe('KQZTM');
    expect(codeFrom('  KQ ZTM ')).toBe('KQZTM');
    expect(codeFrom('http://192.168.1.5:3000/r/KQZTM/')).toBe('KQZTM');
  });

  it('refuses look-alike letters and wrong lengths', () => {
    expect(codeFrom('KQZT0')).toBeUndefined();
    expect(codeFrom('ILOUA')).toBeUndefined();
    expect(codeFrom('KQZT')).toBeUndefined();
    expect(codeFrom('')).toBeUndefined();
  });
});
