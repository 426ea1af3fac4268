import type { ProgressView, Standing } from '@percent/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '../../i18n/index.ts';
import { ordinal, splitPodium } from './race-facts.ts';

afterEach(() => {
  language.value = 'en';
});

const progress: ProgressView = {
  filled: 0,
  blanks: 50,
  percent: 0,
  mistakes: 0,
  units: 0,
  penaltyMs: 0,
};
const standing = (nickname: string, place: number | null): Standing => ({
  playerId: nickname,
  nickname,
  place,
  timeMs: place === null ? null : place * 1000,
  mistakes: 0,
  outcome: place === null ? 'eliminated' : 'finished',
  progress,
});

describe('splitPodium', () => {
  it('puts places 1–3 on the podium in place order and keeps the rest in standings order', () => {
    const { podium, rest } = splitPodium([
      standing('Cy', 3),
      standing('Ed', null),
      standing('Ann', 1),
      standing('Di', 4),
      standing('Bob', 2),
    ]);
    expect(podium.map((s) => s.nickname)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(rest.map((s) => s.nickname)).toEqual(['Ed', 'Di']);
  });

  it('leaves the podium short when fewer finished, and empty when nobody did', () => {
    expect(splitPodium([standing('Ann', 1), standing('Bob', null)]).podium).toHaveLength(1);
    expect(splitPodium([standing('Bob', null)]).podium).toEqual([]);
  });
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
