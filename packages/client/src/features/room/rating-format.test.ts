import { describe, expect, it } from 'vitest';
import { deltaText, deltaTrend, ratingText } from './rating-format.ts';

describe('ratings on screen', () => {
  it('marks a provisional rating with a question mark, and only such a one', () => {
    expect(ratingText({ value: 1500, provisional: true })).toBe('1500?');
    expect(ratingText({ value: 1712, provisional: false })).toBe('1712');
  });

  it('writes a change with its sign from the rounded ratings', () => {
    expect(deltaText({ before: 1500, after: 1662.6 })).toBe('+163');
    expect(deltaText({ before: 1500.4, after: 1488.2 })).toBe('−12');
    expect(deltaText({ before: 1500.2, after: 1499.8 })).toBe('±0');
    expect([1, -1, 0].map((d) => deltaTrend({ before: 1500, after: 1500 + d }))).toEqual([
      'up',
      'down',
      'same',
    ]);
  });
});
