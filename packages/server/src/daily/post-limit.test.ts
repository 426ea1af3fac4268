import { describe, expect, it } from 'vitest';
import { PostLimiter } from './post-limit.ts';

describe('the daily post limit', () => {
  it('allows `max` posts per window per address, then again once the window has passed', () => {
    const limiter = new PostLimiter(3, 60_000);
    expect([0, 1, 2, 3].map((i) => limiter.allow('1.2.3.4', i * 1000))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(limiter.allow('5.6.7.8', 4000)).toBe(true);
    expect(limiter.allow('1.2.3.4', 59_999)).toBe(false);
    expect(limiter.allow('1.2.3.4', 60_001)).toBe(true);
  });
});
