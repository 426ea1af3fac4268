import { describe, expect, it } from 'vitest';
import { CLOCK_WINDOW, ServerClock } from './clock.ts';

describe('ServerClock', () => {
  it('estimates the offset from the fastest sample (latency only ever lowers it)', () => {
    let local = 1000;
    const clock = new ServerClock(() => local);
    clock.observe(6000 - 80); // server is 5000 ahead, 80 ms latency
    local = 2000;
    clock.observe(7000 - 10); // 10 ms latency
    expect(clock.offsetMs).toBe(4990);
    expect(clock.now()).toBe(2000 + 4990);
  });

  it('is 0 before any sample and forgets samples outside its window', () => {
    let local = 0;
    const clock = new ServerClock(() => local);
    expect(clock.offsetMs).toBe(0);
    clock.observe(10_000); // an old, large offset
    for (let i = 0; i < CLOCK_WINDOW; i++) {
      local += 100;
      clock.observe(local + 50);
    }
    expect(clock.offsetMs).toBe(50);
  });
});
