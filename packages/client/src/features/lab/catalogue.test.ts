import { describe, expect, it } from 'vitest';
import { labEn, labZh } from '../../i18n/lab.ts';

describe('the lab catalogue', () => {
  it('translates every key into Chinese with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)[},]/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(labEn) as (keyof typeof labEn)[]) {
      expect(labZh[key].trim(), key).not.toBe('');
      expect(names(labZh[key]), key).toEqual(names(labEn[key]));
    }
  });
});
