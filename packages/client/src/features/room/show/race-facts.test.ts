import type { ProgressView, Standing } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { splitPodium } from './race-facts.ts';

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
  points: null,
  team: null,
  rating: null,
  flag: null,
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
