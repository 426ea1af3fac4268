/**
 * The replay's transport as a pure reducer: where the scrubber is (ms since the start),
 * whether it plays, and how fast. The page feeds it the real time between animation frames
 * (`tick`); everything it draws comes from `replayAt(record, state.ms)`.
 */

export const SPEEDS = [1, 4, 16] as const;
export type Speed = (typeof SPEEDS)[number];

export interface Playback {
  /** Race time shown, 0 ≤ ms ≤ durationMs. */
  readonly ms: number;
  readonly durationMs: number;
  readonly playing: boolean;
  readonly speed: Speed;
}

export type PlaybackAction =
  | { readonly type: 'play' }
  | { readonly type: 'pause' }
  | { readonly type: 'toggle' }
  /** Jump (the scrubber, a key, a debrief item); playing goes on from there. */
  | { readonly type: 'seek'; readonly ms: number }
  /** Move by `ms` of race time (the arrow keys). */
  | { readonly type: 'step'; readonly ms: number }
  | { readonly type: 'speed'; readonly speed: Speed }
  /** `realMs` of wall time passed while playing. */
  | { readonly type: 'tick'; readonly realMs: number };

/** A replay opens paused at the end: the final boards, as the results showed them. */
export function initialPlayback(durationMs: number): Playback {
  const duration = Math.max(0, durationMs);
  return { ms: duration, durationMs: duration, playing: false, speed: 1 };
}

const clamp = (ms: number, max: number): number => Math.min(max, Math.max(0, ms));

export function playback(state: Playback, action: PlaybackAction): Playback {
  switch (action.type) {
    case 'play':
      // Play from the end starts over, as a video does.
      return {
        ...state,
        playing: state.durationMs > 0,
        ms: state.ms >= state.durationMs ? 0 : state.ms,
      };
    case 'pause':
      return { ...state, playing: false };
    case 'toggle':
      return playback(state, { type: state.playing ? 'pause' : 'play' });
    case 'seek':
      return { ...state, ms: clamp(action.ms, state.durationMs) };
    case 'step':
      return { ...state, ms: clamp(state.ms + action.ms, state.durationMs) };
    case 'speed':
      return { ...state, speed: action.speed };
    case 'tick': {
      if (!state.playing) return state;
      const ms = clamp(state.ms + action.realMs * state.speed, state.durationMs);
      return { ...state, ms, playing: ms < state.durationMs };
    }
  }
}
