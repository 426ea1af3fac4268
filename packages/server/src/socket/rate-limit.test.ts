import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limit.ts';

describe('token bucket', () => {
  const options = { burst: 5, perSecond: 10, tooMany: 3 };

  it('allows a burst, then refuses until tokens refill', () => {
    const bucket = new TokenBucket(options, 0);
    const first = Array.from({ length: 6 }, () => bucket.admit(0));
    expect(first).toEqual(['allow', 'allow', 'allow', 'allow', 'allow', 'refuse']);
    expect(bucket.admit(100)).toBe('allow'); // 100 ms at 10/s = one token
  });

  it('cuts a sustained flood off but forgives once the bucket is full again', () => {
    const bucket = new TokenBucket(options, 0);
    for (let i = 0; i < 5; i++) bucket.admit(0);
    expect([bucket.admit(0), bucket.admit(0)]).toEqual(['refuse', 'refuse']);
    expect(bucket.admit(1000)).toBe('allow'); // refilled: strikes forgiven
    for (let i = 0; i < 4; i++) bucket.admit(1000);
    expect([bucket.admit(1000), bucket.admit(1000), bucket.admit(1000)]).toEqual([
      'refuse',
      'refuse',
      'cut',
    ]);
  });

  it('lets a steady player at a move a second through forever', () => {
    const bucket = new TokenBucket({ burst: 30, perSecond: 15, tooMany: 100 }, 0);
    for (let t = 0; t < 600_000; t += 1000) expect(bucket.admit(t)).toBe('allow');
  });
});
