import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRoomUnavailable, retryDelayMs, UnavailableRetries } from './room-unavailable.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('UnavailableRetries', () => {
  it('backs off 500 ms, doubling, at most 3 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([500, 1000, 2000, 3000, 3000, 3000]);
  });

  it('tells ROOM_UNAVAILABLE apart from every other answer', () => {
    const failed = (code: 'ROOM_UNAVAILABLE' | 'INTERNAL' | 'TIMEOUT') =>
      ({ ok: false, error: { code, message: '' } }) as const;
    expect(isRoomUnavailable(failed('ROOM_UNAVAILABLE'))).toBe(true);
    expect(isRoomUnavailable(failed('INTERNAL'))).toBe(false);
    expect(isRoomUnavailable(failed('TIMEOUT'))).toBe(false);
    expect(isRoomUnavailable({ ok: true })).toBe(false);
  });

  it('runs each retry after its own growing back-off, and starts again after a real answer', async () => {
    const retries = new UnavailableRetries();
    const runs: number[] = [];
    const start = Date.now();
    const again = () => runs.push(Date.now() - start);
    retries.later('a', again);
    await vi.advanceTimersByTimeAsync(500);
    retries.later('a', again);
    await vi.advanceTimersByTimeAsync(1000);
    retries.later('a', again);
    await vi.advanceTimersByTimeAsync(2000);
    retries.done('a');
    retries.later('a', again);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toEqual([500, 1500, 3500, 4000]);
  });

  it('is moving while any key waits, even with its timer cancelled for a send now', () => {
    const retries = new UnavailableRetries();
    const again = vi.fn();
    retries.later('a', again);
    retries.later('b', again);
    retries.sendingNow('a');
    retries.done('b');
    expect(retries.moving.value).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(again).not.toHaveBeenCalled();
    retries.done('a');
    expect(retries.moving.value).toBe(false);
  });

  it('schedules nothing once disposed', () => {
    const retries = new UnavailableRetries();
    const again = vi.fn();
    retries.later('a', again);
    retries.dispose();
    retries.later('b', again);
    vi.advanceTimersByTime(10_000);
    expect(again).not.toHaveBeenCalled();
    expect(retries.moving.value).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
