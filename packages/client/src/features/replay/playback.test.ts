import { describe, expect, it } from 'vitest';
import { initialPlayback, playback, type Playback, type PlaybackAction } from './playback.ts';

const run = (state: Playback, ...actions: PlaybackAction[]) => actions.reduce(playback, state);

describe('playback', () => {
  it('opens paused on the final boards', () => {
    expect(initialPlayback(90_000)).toEqual({
      ms: 90_000,
      durationMs: 90_000,
      playing: false,
      speed: 1,
    });
  });

  it('plays from the start when at the end, and advances by real time × speed', () => {
    const playing = run(initialPlayback(90_000), { type: 'play' });
    expect(playing).toMatchObject({ ms: 0, playing: true });
    expect(run(playing, { type: 'tick', realMs: 500 }).ms).toBe(500);
    const fast = run(playing, { type: 'speed', speed: 16 }, { type: 'tick', realMs: 500 });
    expect(fast.ms).toBe(8000);
    expect(run(playing, { type: 'speed', speed: 4 }, { type: 'tick', realMs: 250 }).ms).toBe(1000);
  });

  it('stops at the end of the timeline, never past it', () => {
    const state = run(initialPlayback(1000), { type: 'play' }, { type: 'tick', realMs: 5000 });
    expect(state).toMatchObject({ ms: 1000, playing: false });
  });

  it('does not move while paused', () => {
    const paused = run(initialPlayback(9000), { type: 'seek', ms: 100 });
    expect(run(paused, { type: 'tick', realMs: 1000 }).ms).toBe(100);
    const toggled = run(
      paused,
      { type: 'toggle' },
      { type: 'toggle' },
      { type: 'tick', realMs: 9 },
    );
    expect(toggled).toMatchObject({ ms: 100, playing: false });
  });

  it('keeps seeks and steps on the timeline', () => {
    const state = initialPlayback(9000);
    expect(run(state, { type: 'seek', ms: -5 }).ms).toBe(0);
    expect(run(state, { type: 'seek', ms: 12_000 }).ms).toBe(9000);
    expect(run(state, { type: 'seek', ms: 4000 }, { type: 'step', ms: -1000 }).ms).toBe(3000);
    expect(run(state, { type: 'step', ms: 1000 }).ms).toBe(9000);
  });

  it('has nothing to play on an empty timeline', () => {
    expect(run(initialPlayback(0), { type: 'play' }).playing).toBe(false);
  });
});
