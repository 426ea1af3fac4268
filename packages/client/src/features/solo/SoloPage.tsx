/**
 * `/solo`: play alone, the engine in a Web Worker. New puzzle by variant and difficulty (with
 * a cancellable spinner), check, hint with its explanation and cells, auto candidates, reset,
 * reveal, "solve with SAT" with the solver's statistics, and a stopwatch that pauses while
 * the tab is hidden. The game is saved on every change and restored after a reload; a first
 * visit starts a puzzle of the remembered (default: easy percent) kind. `?ghost=…` races a
 * recorded solve on its puzzle (features/ghost); every finished game is recorded on the device
 * (finish.ts). "Your own puzzle" plays a pasted grid or link (import.ts), and `?puzzle=…` opens
 * one shared from there. A daily is played against the server on its own page (features/daily/play).
 */
import { DIFFICULTIES, VARIANT_IDS, isDifficulty, isVariantId } from '@percent/engine';
import { useSignalEffect } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { RulesPanel } from '../../board/RulesPanel.tsx';
import { t } from '../../i18n/index.ts';
import { useFocusOnMount } from '../../ui/focus.ts';
import { matchRoute } from '../../ui/router.ts';
import { PlayBoard } from '../play/PlayBoard.tsx';
import {
  busy,
  cancel,
  choice,
  choose,
  dropStaleHint,
  hintArea,
  hintCells,
  newPuzzle,
  notice,
  session,
} from './actions.ts';
import { GhostPanel } from './ghost/GhostPanel.tsx';
import { GhostPicker } from './ghost/GhostPicker.tsx';
import { ImportPanel, ShareThisPuzzle } from './ImportPanel.tsx';
import { onFinished } from './finish.ts';
import { DailyBanner, FinishPanel } from './FinishPanel.tsx';
import { SatPanel } from './SatPanel.tsx';
import { soloRequestOf } from './request.ts';
import { followRequest, loadingGhost } from './start.ts';
import { saveSession, updateSolved } from './session.ts';
import { SoloControls } from './SoloControls.tsx';
import { pause, resume } from '../../state/stopwatch.ts';
import { TimerView } from './TimerView.tsx';
import { GhostCountdown } from './ghost/GhostCountdown.tsx';
import './solo.css';

export function SoloPage() {
  useAddress();
  usePersistence();
  useVisibilityPause();
  const current = session.value;
  const variant = current?.game.value.variant ?? choice.value.variant;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    // A note between the bar and the board gets a row of its own (solo.css).
    <section class={busy.value === 'generate' || loadingGhost.value ? 'solo solo-note' : 'solo'}>
      <h1 class="solo-title" tabIndex={-1} ref={heading}>
        {t('solo.title')}
      </h1>
      <NewPuzzleBar />
      {busy.value === 'generate' && <Generating />}
      {loadingGhost.value && (
        <p class="generating" role="status">
          <span class="spinner" aria-hidden="true" /> {t('ghost.loading')}
        </p>
      )}
      {!current && <Notice />}
      {current ? (
        <PlayBoard
          game={current.game}
          hintCells={hintCells.value}
          hintArea={hintArea.value}
          readOnly={current.countdown.value}
        >
          {current.countdown.value && <GhostCountdown session={current} />}
          <DailyBanner session={current} />
          <TimerView session={current} />
          <GhostPanel session={current} />
          <FinishPanel session={current} />
          <Notice />
          <SoloControls session={current} />
          <ShareThisPuzzle />
          <SatPanel />
          <ImportPanel />
          <GhostPicker />
          <RulesPanel variant={variant} />
        </PlayBoard>
      ) : (
        <>
          <p class="muted">{t('solo.empty')}</p>
          <ImportPanel />
          <GhostPicker />
          <RulesPanel variant={variant} />
        </>
      )}
    </section>
  );
}

/**
 * What Check, Hint and the solver say. It sits beside the board (below it on a phone), never
 * above: a message appearing must not move the cells under a player's finger or cursor.
 */
function Notice() {
  if (!notice.value) return null;
  return (
    <p class={`notice notice-${notice.value.tone}`} role="status" data-testid="notice">
      {notice.value.text}
    </p>
  );
}

function NewPuzzleBar() {
  const { variant, difficulty } = choice.value;
  return (
    <form
      class="solo-bar"
      onSubmit={(e) => {
        e.preventDefault();
        // A new puzzle leaves the ghost or the brought puzzle the address named.
        if (location.search) history.replaceState(null, '', '/solo');
        void newPuzzle();
      }}
    >
      <label>
        {t('variant.label')}{' '}
        <select
          value={variant}
          onChange={(e) =>
            isVariantId(e.currentTarget.value) && choose({ variant: e.currentTarget.value })
          }
        >
          {VARIANT_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`variant.${id}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('difficulty.label')}{' '}
        <select
          value={difficulty}
          onChange={(e) =>
            isDifficulty(e.currentTarget.value) && choose({ difficulty: e.currentTarget.value })
          }
        >
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {t(`difficulty.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="primary" disabled={busy.value !== undefined}>
        {t('solo.new')}
      </button>
    </form>
  );
}

function Generating() {
  const { variant, difficulty } = choice.value;
  return (
    <div class="generating" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>
        {t('solo.generating', {
          variant: t(`variant.${variant}`),
          difficulty: t(`difficulty.${difficulty}`),
        })}
      </span>
      <button type="button" onClick={cancel}>
        {t('solo.cancel')}
      </button>
    </div>
  );
}

/**
 * The address: a ghost it names is loaded unless the game in progress is already
 * it (a reload); without one, a first visit starts a puzzle rather than showing an empty page.
 */
function useAddress(): void {
  useEffect(() => {
    const follow = () => {
      // Leaving the page (back to another route): not ours to follow.
      if (matchRoute(location.pathname).page !== 'solo') return;
      const request = soloRequestOf(location.search);
      if (request.kind === 'none' && !session.peek()) void newPuzzle();
      else followRequest(request);
    };
    follow();
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
}

/**
 * On every change of the board: drops a stale hint, records the move, checks for a finished
 * grid (recording a finished solve once), saves.
 */
function usePersistence(): void {
  useSignalEffect(() => {
    const current = session.value;
    if (!current) return;
    dropStaleHint(current.game.value);
    updateSolved(current);
    onFinished(current);
    saveSession(current);
  });
}

/** The stopwatch runs only while the page is visible and the puzzle unsolved. */
function useVisibilityPause(): void {
  useSignalEffect(() => {
    const current = session.value;
    if (
      current &&
      !current.solved.value &&
      !current.countdown.value &&
      document.visibilityState === 'visible'
    )
      current.watch.value = resume(current.watch.peek(), performance.now());
  });
  useEffect(() => {
    const onChange = () => {
      const current = session.peek();
      if (!current || current.solved.peek() || current.countdown.peek()) return;
      const now = performance.now();
      const hidden = document.visibilityState === 'hidden';
      current.watch.value = hidden
        ? pause(current.watch.peek(), now)
        : resume(current.watch.peek(), now);
      if (hidden) saveSession(current);
    };
    const onLeave = () => {
      const current = session.peek();
      if (current) saveSession(current);
    };
    document.addEventListener('visibilitychange', onChange);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('pagehide', onLeave);
      const current = session.peek();
      if (current) {
        current.watch.value = pause(current.watch.peek(), performance.now());
        saveSession(current);
      }
    };
  }, []);
}
