import { describe, expect, it } from 'vitest';
import { formatClock, formatTime } from './time.ts';

describe('race clock text', () => {
  it('shows minutes and seconds, hours when needed, never a negative time', () => {
    expect(formatClock(83_456)).toBe('1:23');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(-500)).toBe('0:00');
    expect(formatTime(83_456)).toBe('1:23.4');
  });
});
