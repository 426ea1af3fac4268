import { afterEach, describe, expect, it } from 'vitest';
import { language } from './index.ts';
import { ordinal } from './ordinal.ts';

afterEach(() => {
  language.value = 'en';
});

describe('ordinal', () => {
  it('says places as English ordinals and in Chinese', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
    ]);
    language.value = 'zh';
    expect(ordinal(2)).toBe('第 2 名');
  });
});
