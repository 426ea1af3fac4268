import { describe, expect, it } from 'vitest';
import { outageOf } from './registry.ts';

describe('the outage a restart pauses race clocks for', () => {
  it('is nothing for a store that never beat', () => {
    expect(outageOf(null, 10_000)).toBe(0);
  });

  it('after a crash, counts from the end of the last heartbeat period (never more than was away)', () => {
    // Last beat at 5 s; the crash came somewhere in 5–6 s; back at 9 s: at least 3 s away.
    expect(outageOf({ at: 5_000, final: false }, 9_000)).toBe(3_000);
    expect(outageOf({ at: 5_000, final: false }, 5_400)).toBe(0);
  });

  it('after a clean stop, counts from the final beat exactly', () => {
    expect(outageOf({ at: 5_000, final: true }, 9_000)).toBe(4_000);
  });
});
