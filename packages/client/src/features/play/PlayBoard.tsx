/**
 * <PlayBoard>: the board with everything a player uses to fill it — pointer and keyboard
 * selection, SudokuPad keys (see state/keys.ts), the on-screen pad, highlights and the list of
 * conflicts named by house. Used by solo and by the race.
 *
 * Props:
 * - `game: Signal<GameState>` — owned by the caller (create it with `createGame`); PlayBoard
 *   writes `game.value` on every action. The caller may write it too, e.g.
 *   `game.value = setVerdict(game.value, cell, 'confirmed')` when the server answers.
 * - `onEnter?(cell, digit)` — called once per cell whose entry changed, whatever the cause
 *   (typing, the pad, delete, undo, redo); `digit` 0 means cleared. The cell's verdict is
 *   reset to 'none' first, so a race sets it to 'pending' here and to 'confirmed' / 'wrong'
 *   on the server's reply.
 * - `readOnly?` — shows the board (selection still works) but refuses edits: finished,
 *   eliminated, waiting for the countdown.
 * - `hintCells?` — cells a hint points at (strong tint); `hintArea?` — the houses it reasons
 *   in (light tint).
 * - `children?` — extra controls rendered under the pad (solo's buttons, race's give-up).
 *
 * Keys are read on the document, so typing works without focusing the board; keys typed
 * into a text field, select or contenteditable are left alone.
 */
import { getVariant, type CellIndex } from '@percent/engine';
import type { Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Board } from '../../board/Board.tsx';
import { conflictText } from '../../board/houses.ts';
import { t } from '../../i18n/index.ts';
import type { Action, GameState, InputMode } from '../../state/game.ts';
import { highlightsOf } from '../../state/highlights.ts';
import { keyToAction, modifierMode } from '../../state/keys.ts';
import { combine } from '../../state/marks.ts';
import { dispatch, type EnterHandler } from '../../state/store.ts';
import { Pad } from './Pad.tsx';
import { inputDrawn } from '../../ui/paint-first.ts';

export { dispatch, type EnterHandler };

export interface PlayBoardProps {
  readonly game: Signal<GameState>;
  readonly onEnter?: EnterHandler;
  readonly readOnly?: boolean;
  readonly hintCells?: readonly CellIndex[];
  readonly hintArea?: readonly CellIndex[];
  readonly children?: ComponentChildren;
}

export function PlayBoard({
  game,
  onEnter,
  readOnly = false,
  hintCells,
  hintArea,
  children,
}: PlayBoardProps) {
  const state = game.value;
  const variant = getVariant(state.variant);
  const highlights = highlightsOf(state, variant);
  const hints = useMemo(() => new Set(hintCells ?? []), [hintCells]);
  const area = useMemo(() => new Set(hintArea ?? []), [hintArea]);
  const act = (action: Action) => {
    inputDrawn();
    dispatch(game, action, onEnter, readOnly);
  };
  usePlayingLayout();
  useKeyboard(act);
  const held = useHeldMode();
  const grid = combine(state.givens, state.marks.entries);
  return (
    // Buttons pressed with a pointer do not keep focus, so Space and Enter go on meaning
    // "cycle mode" and nothing else instead of pressing the last button again.
    <div class="play" onMouseDown={keepBoardFocus}>
      <div class="play-board">
        <Board
          state={state}
          variant={variant}
          highlights={highlights}
          hintCells={hints}
          hintArea={area}
          onSelect={(cells, add) => act({ type: 'select', cells, add })}
          onDoubleSelect={(cell) => selectSameDigit(act, grid, cell)}
        />
      </div>
      <div class="play-side">
        {!readOnly && <Pad mode={held ?? state.mode} grid={grid} act={act} />}
        <ul
          class="conflicts"
          aria-live="polite"
          title={highlights.conflicts.map((c) => conflictText(c, variant.id)).join(' · ')}
        >
          {highlights.conflicts.map((c, i) => (
            <li key={i}>{conflictText(c, variant.id)}</li>
          ))}
        </ul>
        {!readOnly && <p class="keys-help muted">{t('keys.help')}</p>}
        {children}
      </div>
    </div>
  );
}

/** How many PlayBoards are on the page (a race's spectator grid has none). */
let mounted = 0;

/**
 * Marks `<html data-playing>` while a board is played on the page: the page then fills the
 * viewport and lays the board and pad out (theme.css, solo.css, daily.css, room.css). Set
 * before the first paint. A `:has(.play)` selector said the same, but `:has()` made every
 * node the board inserts (a digit, an announcement) restyle the whole room, about 450
 * elements and 1–2 ms per key press (bench/latency.ts).
 */
function usePlayingLayout(): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    mounted++;
    root.dataset['playing'] = '';
    return () => {
      if (--mounted === 0) delete root.dataset['playing'];
    };
  }, []);
}

/** Double click: every cell holding that digit (SudokuPad). */
function selectSameDigit(act: (a: Action) => void, grid: Uint8Array, cell: CellIndex): void {
  const digit = grid[cell]!;
  if (digit === 0) return;
  const cells: CellIndex[] = [];
  grid.forEach((d, c) => d === digit && c !== cell && cells.push(c));
  act({ type: 'select', cells: [...cells, cell] });
}

function keepBoardFocus(event: MouseEvent): void {
  if (event.target instanceof Element && event.target.closest('button')) event.preventDefault();
}

const isTextTarget = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * One document listener for the board's lifetime; it calls the latest `act` (a new closure
 * every render), so a key press never waits for a listener to be swapped.
 */
function useKeyboard(act: (a: Action) => void): void {
  const latest = useRef(act);
  latest.current = act;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextTarget(event.target)) return;
      // Space and Enter on a focused button press the button.
      if (event.target instanceof HTMLButtonElement && (event.key === ' ' || event.key === 'Enter'))
        return;
      const action = keyToAction(event);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The mode Shift / Ctrl / ⌘ select while held, so the pad shows what a digit will do. */
function useHeldMode(): InputMode | undefined {
  const [held, setHeld] = useState<InputMode | undefined>(undefined);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => setHeld(modifierMode(event));
    const onBlur = () => setHeld(undefined);
    document.addEventListener('keydown', onKey);
    document.addEventListener('keyup', onKey);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('keyup', onKey);
      window.removeEventListener('blur', onBlur);
    };
  }, []);
  return held;
}
