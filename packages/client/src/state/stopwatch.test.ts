import { describe, expect, it } from 'vitest';
import { elapsed, formatDuration, pause, resume, stopped } from './stopwatch.ts';

describe('stopwatch', () => {
  it('counts only while running, so a hidden tab does not add time', () => {
    let watch = resume(stopped(), 1000);
    expect(elapsed(watch, 4000)).toBe(3000);
    watch = pause(watch, 4000);
    expect(elapsed(watch, 60_000)).toBe(3000);
    watch = resume(watch, 60_000);
    expect(elapsed(watch, 61_500)).toBe(4500);
  });

  it('ignores a second resume or pause', () => {
    const running = resume(stopped(500), 10);
    expect(resume(running, 99)).toBe(running);
    const paused = pause(running, 20);
    expect(pause(paused, 50)).toBe(paused);
    expect(elapsed(paused, 1000)).toBe(510);
  });

  it('formats minutes and hours', () => {
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
