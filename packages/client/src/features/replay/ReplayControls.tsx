/**
 * The transport: play/pause, move by move, the scrubber (a range input: ← → move 1 s, Shift
 * 10 s, Home/End the ends, Page keys 10 s) and the speeds. Everything it changes goes through
 * the playback reducer.
 */
import { t } from '../../i18n/index.ts';
import { formatClock } from '../../ui/time.ts';
import { SPEEDS, type Playback, type PlaybackAction } from './playback.ts';
import type { TimelineMark } from './replay-state.ts';

interface Props {
  readonly state: Playback;
  readonly dispatch: (action: PlaybackAction) => void;
  readonly moveCount: { readonly done: number; readonly total: number };
  /** Drawn under the scrubber: red for a mistake, green for a full board. */
  readonly marks: readonly TimelineMark[];
  readonly onPrevMove: () => void;
  readonly onNextMove: () => void;
}

const SCRUB_KEYS: Record<string, (shift: boolean, duration: number) => PlaybackAction> = {
  ArrowLeft: (shift) => ({ type: 'step', ms: shift ? -10_000 : -1000 }),
  ArrowDown: (shift) => ({ type: 'step', ms: shift ? -10_000 : -1000 }),
  ArrowRight: (shift) => ({ type: 'step', ms: shift ? 10_000 : 1000 }),
  ArrowUp: (shift) => ({ type: 'step', ms: shift ? 10_000 : 1000 }),
  PageDown: () => ({ type: 'step', ms: -10_000 }),
  PageUp: () => ({ type: 'step', ms: 10_000 }),
  Home: () => ({ type: 'seek', ms: 0 }),
  End: (_shift, duration) => ({ type: 'seek', ms: duration }),
};

export function ReplayControls(props: Props) {
  const { state, dispatch } = props;
  return (
    <section
      class="replay-controls"
      aria-label={t('replay.controls')}
      data-testid="replay-controls"
    >
      <TransportButtons {...props} />
      <Scrubber state={state} dispatch={dispatch} />
      <TimelineStrip marks={props.marks} durationMs={state.durationMs} />
      <div class="replay-speeds" role="group" aria-label={t('replay.speed')}>
        {SPEEDS.map((speed) => (
          <button
            key={speed}
            type="button"
            aria-pressed={state.speed === speed}
            data-speed={speed}
            onClick={() => dispatch({ type: 'speed', speed })}
          >
            {t('replay.speedValue', { n: speed })}
          </button>
        ))}
      </div>
      <p class="muted replay-keys">{t('replay.keys')}</p>
    </section>
  );
}

/** Previous move, play/pause, next move, the clock and the move counter. */
function TransportButtons({ state, dispatch, moveCount, onPrevMove, onNextMove }: Props) {
  return (
    <div class="replay-buttons">
      <button
        type="button"
        onClick={onPrevMove}
        aria-label={t('replay.prevMove')}
        title={t('replay.prevMove')}
      >
        <StepIcon back />
      </button>
      <button
        type="button"
        class="primary"
        data-testid="replay-play"
        onClick={() => dispatch({ type: 'toggle' })}
      >
        {state.playing ? `⏸ ${t('replay.pause')}` : `▶ ${t('replay.play')}`}
      </button>
      <button
        type="button"
        onClick={onNextMove}
        aria-label={t('replay.nextMove')}
        title={t('replay.nextMove')}
      >
        <StepIcon back={false} />
      </button>
      <span class="replay-clock" role="timer" aria-live="off" data-testid="replay-clock">
        {formatClock(state.ms)} / {formatClock(state.durationMs)}
      </span>
      <span class="muted replay-count">
        {t('replay.moveCount', { n: moveCount.done, total: moveCount.total })}
      </span>
    </div>
  );
}

/** The range over the timeline, with keys that step whole seconds. */
function Scrubber({ state, dispatch }: Pick<Props, 'state' | 'dispatch'>) {
  const time = formatClock(state.ms);
  const total = formatClock(state.durationMs);
  const onKey = (event: KeyboardEvent) => {
    const action = SCRUB_KEYS[event.key]?.(event.shiftKey, state.durationMs);
    if (!action) return;
    // The range has no step (a debrief item seeks to the exact ms): keys step whole seconds.
    event.preventDefault();
    dispatch(action);
  };
  return (
    <input
      type="range"
      class="replay-scrubber"
      data-testid="replay-scrubber"
      min={0}
      max={state.durationMs}
      step="any"
      value={state.ms}
      aria-label={t('replay.scrubber')}
      aria-valuetext={t('replay.scrubberValue', { time, total })}
      onInput={(e) => dispatch({ type: 'seek', ms: Number(e.currentTarget.value) })}
      onKeyDown={onKey}
    />
  );
}

/** A bar and a triangle (the step glyphs ⏮ ⏭ are missing from many fonts). */
function StepIcon({ back }: { back: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" class="replay-icon">
      <g transform={back ? undefined : 'matrix(-1 0 0 1 16 0)'}>
        <rect x="2" y="3" width="2" height="10" fill="currentColor" />
        <polygon points="14,3 14,13 5,8" fill="currentColor" />
      </g>
    </svg>
  );
}

/** Ticks along the timeline (the debrief lists the same moments for screen readers). */
function TimelineStrip({
  marks,
  durationMs,
}: {
  marks: readonly TimelineMark[];
  durationMs: number;
}) {
  if (durationMs <= 0 || marks.length === 0) return null;
  return (
    <svg class="replay-strip" viewBox="0 0 1000 10" preserveAspectRatio="none" aria-hidden="true">
      {marks.map((mark, i) => {
        const x = (1000 * mark.at) / durationMs;
        return <rect key={i} x={x - 2} y={0} width={4} height={10} class={`strip-${mark.kind}`} />;
      })}
    </svg>
  );
}
