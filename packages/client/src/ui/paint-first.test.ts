import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterInputPaint, inputDrawn } from './paint-first.ts';

describe('paint-first: the player input is painted before network updates', () => {
  let frames: (() => void)[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  });
  afterEach(() => {
    vi.runAllTimers(); // leaves the module with nothing waiting for the next test
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const nextFrame = () => {
    for (const frame of frames.splice(0)) frame();
  };

  it('runs an update at once when no input is waiting to be painted', () => {
    const seen: string[] = [];
    afterInputPaint(() => seen.push('ack'));
    expect(seen).toEqual(['ack']);
  });

  it('holds updates until the frame after the input has painted, in order', () => {
    const seen: string[] = [];
    inputDrawn();
    afterInputPaint(() => seen.push('ack'));
    afterInputPaint(() => seen.push('progress'));
    expect(seen).toEqual([]);
    nextFrame(); // the frame that paints the digit: its style, layout and paint come next
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(0); // the task queued from that frame runs after its paint
    expect(seen).toEqual(['ack', 'progress']);
    afterInputPaint(() => seen.push('later'));
    expect(seen).toEqual(['ack', 'progress', 'later']);
  });

  it("does not let an earlier input's fallback timer cut a later input's wait short", () => {
    const seen: string[] = [];
    inputDrawn();
    nextFrame();
    vi.advanceTimersByTime(0); // the first input is painted: its wait ends, its 50 ms timer is left
    vi.advanceTimersByTime(40);
    inputDrawn(); // a second key press 40 ms later
    afterInputPaint(() => seen.push('ack'));
    vi.advanceTimersByTime(10); // the first input's timer fires now
    expect(seen).toEqual([]);
    nextFrame();
    vi.advanceTimersByTime(0);
    expect(seen).toEqual(['ack']);
  });

  it('flushes on a timer when no animation frame comes (a hidden page)', () => {
    const seen: string[] = [];
    inputDrawn();
    afterInputPaint(() => seen.push('ack'));
    vi.advanceTimersByTime(49);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['ack']);
  });
});
