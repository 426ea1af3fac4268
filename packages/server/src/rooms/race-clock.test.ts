import { describe, expect, it } from 'vitest';
import { clockAt, onRaceClock, type RaceClock } from './race-clock.ts';

/**
 * A race whose clock started at 10 000 (server time). The server was away from 20 000 to
 * 25 000 and from 40 000 to 42 000, so a restart shifted the start to 17 000 (what the record
 * keeps as `startedAt`); it ended at 60 000, 43 s on the clock.
 */
const TWO_OUTAGES: RaceClock = {
  startedAt: 17_000,
  endedAt: 60_000,
  pauses: [
    { at: 20_000, ms: 5_000 },
    { at: 40_000, ms: 2_000 },
  ],
};

describe('the race clock', () => {
  it('leaves out every outage before a move, and none after it', () => {
    expect(clockAt(TWO_OUTAGES, 12_000)).toBe(2_000);
    expect(clockAt(TWO_OUTAGES, 30_000)).toBe(15_000);
    expect(clockAt(TWO_OUTAGES, 50_000)).toBe(33_000);
  });

  it('stands still through an outage: the same time at its start, inside it and at its end', () => {
    for (const at of [20_000, 22_500, 25_000]) expect(clockAt(TWO_OUTAGES, at)).toBe(10_000);
    for (const at of [40_000, 41_000, 42_000]) expect(clockAt(TWO_OUTAGES, at)).toBe(25_000);
    expect(clockAt(TWO_OUTAGES, 19_999)).toBe(9_999);
    expect(clockAt(TWO_OUTAGES, 25_001)).toBe(10_001);
  });

  it('never runs backwards, and is 0 before the start', () => {
    let last = -1;
    for (let at = 0; at <= 70_000; at += 250) {
      const ms = clockAt(TWO_OUTAGES, at);
      expect(ms).toBeGreaterThanOrEqual(last);
      last = ms;
    }
    expect(clockAt(TWO_OUTAGES, 9_000)).toBe(0);
  });

  it('counts an outage during the countdown before the clock’s 0:00', () => {
    // Started at 1 000 with a 3 s countdown (0:00 at 4 000); away 2 000–12 000: 0:00 at 14 000.
    const clock = { startedAt: 14_000, endedAt: 21_000, pauses: [{ at: 2_000, ms: 10_000 }] };
    expect([14_000, 15_000].map((at) => clockAt(clock, at))).toEqual([0, 1_000]);
    expect(onRaceClock(clock, []).durationMs).toBe(7_000);
  });

  it('is the time since the start, at least 0, for a race stored without pauses', () => {
    const old = { startedAt: 10_000, endedAt: 70_000, pauses: [] };
    expect([9_000, 10_000, 15_000].map((at) => clockAt(old, at))).toEqual([0, 0, 5_000]);
  });

  it('times a stored race’s moves in the server’s order, and the race’s length', () => {
    const moves = [12_000, 20_000, 25_000, 41_000, 30_000, 50_000].map((at, seq) => ({ seq, at }));
    const timed = onRaceClock(TWO_OUTAGES, moves);
    expect(timed.durationMs).toBe(43_000);
    // The move judged after one at 41 000 is not timed before it (a wall clock stepped back).
    expect(timed.moves.map((m) => [m.seq, m.ms])).toEqual([
      [0, 2_000],
      [1, 10_000],
      [2, 10_000],
      [3, 25_000],
      [4, 25_000],
      [5, 33_000],
    ]);
    expect(onRaceClock({ ...TWO_OUTAGES, endedAt: 15_000 }, moves).durationMs).toBe(33_000);
  });
});
