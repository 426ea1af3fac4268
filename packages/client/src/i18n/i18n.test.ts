import { getVariant } from '@percent/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { conflictText } from '../board/houses.ts';
import { en } from './en.ts';
import { format, language, t } from './index.ts';
import { zh } from './zh.ts';

afterEach(() => {
  language.value = 'en';
});

describe('t', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(t('cell.label', { row: 3, col: 4, content: '7' })).toBe('Row 3, column 4, 7');
  });

  it('follows the language signal', () => {
    language.value = 'zh';
    expect(t('cell.label', { row: 3, col: 4, content: '7' })).toBe('第 3 行，第 4 列，7');
  });

  it('names conflicts by house in both languages', () => {
    const window = getVariant('percent').houses.find((h) => h.kind === 'window')!;
    const conflict = { house: window, digit: 7, cells: [10, 30] };
    expect(conflictText(conflict, 'percent')).toBe('7 appears twice in the upper window');
    language.value = 'zh';
    expect(conflictText(conflict, 'percent')).toBe('上窗口中 7 出现了两次');
  });

  it('picks the plural form the language needs', () => {
    expect(t('solo.checkWrong', { count: 1 })).toBe('1 entry differs from the solution (marked).');
    expect(t('solo.checkWrong', { count: 3 })).toBe('3 entries differ from the solution (marked).');
    expect(format('{n, plural, =0 {none} one {# cell} other {# cells}}', { n: 0 })).toBe('none');
    language.value = 'zh';
    expect(t('solo.checkWrong', { count: 1 })).toContain('1');
  });

  it('uses the same placeholders in Chinese as in English', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)[},]/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(names(zh[key]), key).toEqual(names(en[key]));
  });
});
