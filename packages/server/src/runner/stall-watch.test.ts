import { describe, expect, it } from 'vitest';
import { StallWatch } from './stall-watch.ts';

describe('the stall watch', () => {
  it('reports a gap past the threshold once, from when the next tick was due', () => {
    let now = 1000;
    const stalls: [number, number][] = [];
    const watch = new StallWatch(
      () => now,
      (at, ms) => stalls.push([at, ms]),
      250,
      1500,
    );
    for (const step of [250, 260, 240]) {
      now += step;
      watch.poll();
    }
    expect(stalls).toEqual([]);
    const before = now;
    now += 4000; // frozen
    watch.poll();
    watch.poll();
    expect(stalls).toEqual([[before + 250, 3750]]);
  });
});
