/**
 * The game's sounds and haptics: short cues synthesised with Web Audio (oscillators and gain
 * envelopes, no audio files, so nothing to license or download), and `navigator.vibrate` where
 * the device has it. One mute switch (`muted`, remembered per device) silences both.
 *
 * Every cue played is also dispatched on `document` as a `percent:cue` event (`detail`: the
 * cue), muted or not (`detail.muted`), so a test — or an embedding page — can see what the game
 * would have sounded without listening.
 */
import { signal } from '@preact/signals';
import { readStored, writeStored } from '../ui/storage.ts';

export const CUES = [
  /** A second of the countdown. */
  'tick',
  /** The race begins. */
  'go',
  /** Your digit was right (quiet). */
  'correct',
  /** Your digit was wrong. */
  'wrong',
  /** Another player finished (the TV's crowd cue). */
  'playerFinished',
  /** You finished. */
  'finish',
  /** The race is over: the podium. */
  'podium',
] as const;
export type Cue = (typeof CUES)[number];

/** Vibration patterns (ms on, off, on…) for the cues a phone should feel. */
const HAPTICS: Partial<Record<Cue, readonly number[]>> = {
  wrong: [70],
  finish: [60, 50, 140],
};

/** Sound off on this device (the header's switch); remembered. */
export const muted = signal(readStored('muted') === '1');

export function setMuted(value: boolean): void {
  muted.value = value;
  writeStored('muted', value ? '1' : '0');
}

/** Plays `cue` (and its vibration) unless muted; never throws. */
export function play(cue: Cue): void {
  const silent = muted.peek();
  try {
    document.dispatchEvent(new CustomEvent('percent:cue', { detail: { cue, muted: silent } }));
  } catch {
    // No document (tests of pure code): nothing to tell.
  }
  if (silent) return;
  const pattern = HAPTICS[cue];
  if (pattern && typeof navigator !== 'undefined' && 'vibrate' in navigator) {
    try {
      navigator.vibrate([...pattern]);
    } catch {
      // A browser that refuses (no user gesture yet): the sound still plays.
    }
  }
  const context = audio();
  if (context) synth(context, cue);
}

let context: AudioContext | undefined;

/**
 * The page's one AudioContext, made on first use. Browsers start it suspended until the user
 * has touched the page; `unlockAudio` (on the first pointer or key) resumes it.
 */
function audio(): AudioContext | undefined {
  if (context) return context;
  const Make =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Make) return undefined;
  try {
    context = new Make();
  } catch {
    return undefined;
  }
  return context;
}

/** Lets sound play from the first touch or key on (call once at start-up). */
export function unlockAudio(): void {
  const resume = () => {
    const made = audio();
    if (made?.state === 'suspended') void made.resume().catch(() => undefined);
  };
  for (const event of ['pointerdown', 'keydown'] as const)
    document.addEventListener(event, resume, { capture: true, passive: true });
}

/** A note: frequency (Hz), start (s after now), length (s), peak gain, wave. */
type Note = readonly [hz: number, at: number, length: number, gain: number, wave?: OscillatorType];

/** Each cue as a few notes: short, distinct, never loud. */
const SCORES: Record<Cue, readonly Note[]> = {
  tick: [[660, 0, 0.09, 0.12, 'square']],
  go: [
    [880, 0, 0.12, 0.16, 'square'],
    [1320, 0.1, 0.22, 0.14, 'square'],
  ],
  correct: [[1040, 0, 0.06, 0.05, 'sine']],
  wrong: [
    [196, 0, 0.16, 0.16, 'sawtooth'],
    [147, 0.08, 0.2, 0.12, 'sawtooth'],
  ],
  playerFinished: [
    [784, 0, 0.1, 0.1, 'triangle'],
    [1047, 0.09, 0.16, 0.1, 'triangle'],
  ],
  finish: [
    [523, 0, 0.12, 0.14, 'triangle'],
    [659, 0.1, 0.12, 0.14, 'triangle'],
    [784, 0.2, 0.12, 0.14, 'triangle'],
    [1047, 0.3, 0.3, 0.14, 'triangle'],
  ],
  podium: [
    [523, 0, 0.18, 0.12, 'triangle'],
    [784, 0.16, 0.18, 0.12, 'triangle'],
    [1047, 0.32, 0.18, 0.12, 'triangle'],
    [1319, 0.48, 0.45, 0.12, 'triangle'],
  ],
};

function synth(context: AudioContext, cue: Cue): void {
  const start = context.currentTime + 0.01;
  for (const [hz, at, length, peak, wave = 'sine'] of SCORES[cue]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(hz, start + at);
    // A quick attack and an exponential release: no clicks.
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(peak, start + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(context.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
}
