/**
 * The pure state of one board being played: givens, the player's marks, the selection, the
 * input mode, undo/redo history and a verdict per entry set from outside (the race server's
 * acknowledgement, or the solo checker). No DOM, no signals: `reduce` maps a state and an
 * `Action` to the next state and the entries that changed, so a caller can forward each
 * change (`onEnter(cell, digit | 0)`) to a server.
 */
import { CELLS, type CellIndex, type Digit, type Grid, type VariantIdName } from '@percent/engine';
import { edit } from './edit.ts';
import { changedEntries, emptyMarks, sameMarks, type Marks } from './marks.ts';
import { moveCursor, selectCells, type Direction } from './selection.ts';

/** Digit, corner mark, centre mark, cell colour (SudokuPad's Z X C V), in Space's cycle order. */
export const INPUT_MODES = ['digit', 'corner', 'centre', 'colour'] as const;
export type InputMode = (typeof INPUT_MODES)[number];

/** none: no verdict yet; pending: sent, awaiting the server; confirmed / wrong: judged. */
export const VERDICTS = ['none', 'pending', 'confirmed', 'wrong'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Undo depth kept; older steps are forgotten. */
export const HISTORY_LIMIT = 500;

export interface GameState {
  readonly variant: VariantIdName;
  readonly givens: Grid;
  readonly marks: Marks;
  /** Selected cells in the order they were selected; never contains duplicates. */
  readonly selection: readonly CellIndex[];
  /** The cell arrows move from: the last one selected (kept when the selection is cleared). */
  readonly cursor: CellIndex;
  readonly mode: InputMode;
  readonly past: readonly Marks[];
  readonly future: readonly Marks[];
  /** One per cell; meaningful where there is an entry. */
  readonly verdicts: readonly Verdict[];
}

export type Action =
  | { readonly type: 'select'; readonly cells: readonly CellIndex[]; readonly add?: boolean }
  | { readonly type: 'selectAll' }
  | { readonly type: 'deselect' }
  | { readonly type: 'move'; readonly direction: Direction; readonly extend?: boolean }
  /**
   * Enter a digit in `mode` (default: the state's mode) into every selected cell; in colour
   * mode the digit names a colour (colours.ts), toggled like a mark.
   */
  | { readonly type: 'input'; readonly digit: Digit; readonly mode?: InputMode }
  /**
   * Backspace/Delete: in colour mode the selection's colours; otherwise entries first, then
   * the marks of `mode` (all marks in digit mode), then (digit mode) the colours.
   */
  | { readonly type: 'clear'; readonly mode?: InputMode }
  | { readonly type: 'setMode'; readonly mode: InputMode }
  | { readonly type: 'cycleMode' }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  /** Place digits (a hint, a reveal); one undo step. */
  | { readonly type: 'place'; readonly placements: readonly { cell: CellIndex; digit: Digit }[] }
  /** Centre marks = every candidate of every empty cell; one undo step. */
  | { readonly type: 'autoCandidates' }
  /** Remove every entry and mark; one undo step. */
  | { readonly type: 'reset' };

export interface Outcome {
  readonly state: GameState;
  /** Cells whose entry changed, with the new digit (0 = cleared), in cell order. */
  readonly entered: readonly { readonly cell: CellIndex; readonly digit: Digit }[];
}

export interface NewGame {
  readonly variant: VariantIdName;
  readonly givens: Grid;
  /** Entries already made (a reconnect, a saved game); cells with a given are ignored. */
  readonly entries?: Grid;
  readonly verdict?: Verdict;
}

export function createGame({ variant, givens, entries, verdict = 'none' }: NewGame): GameState {
  const marks = emptyMarks();
  if (entries) for (let i = 0; i < CELLS; i++) if (givens[i] === 0) marks.entries[i] = entries[i]!;
  return {
    variant,
    givens: givens.slice(),
    marks,
    selection: [],
    cursor: 40,
    mode: 'digit',
    past: [],
    future: [],
    verdicts: Array.from({ length: CELLS }, (): Verdict => verdict),
  };
}

export function reduce(state: GameState, action: Action): Outcome {
  switch (action.type) {
    case 'select':
      return unchanged(selectCells(state, action.cells, action.add ?? false));
    case 'selectAll':
      return unchanged(
        selectCells(
          state,
          Array.from({ length: CELLS }, (_, i) => i),
          false,
        ),
      );
    case 'deselect':
      return unchanged({ ...state, selection: [] });
    case 'move':
      return unchanged(moveCursor(state, action.direction, action.extend ?? false));
    case 'setMode':
      return unchanged({ ...state, mode: action.mode });
    case 'cycleMode':
      return unchanged({ ...state, mode: nextMode(state.mode) });
    case 'undo':
      return travel(state, 'back');
    case 'redo':
      return travel(state, 'forward');
    default:
      return commit(state, edit(state, action));
  }
}

export const nextMode = (mode: InputMode): InputMode =>
  INPUT_MODES[(INPUT_MODES.indexOf(mode) + 1) % INPUT_MODES.length]!;

/** Sets the verdict of one entry (the server's reply). */
export function setVerdict(state: GameState, cell: CellIndex, verdict: Verdict): GameState {
  if (state.verdicts[cell] === verdict) return state;
  const verdicts = state.verdicts.slice();
  verdicts[cell] = verdict;
  return { ...state, verdicts };
}

const unchanged = (state: GameState): Outcome => ({ state, entered: [] });

/** Records `marks` as the new current marks, with one undo step, when they differ. */
function commit(state: GameState, marks: Marks): Outcome {
  if (sameMarks(state.marks, marks)) return unchanged(state);
  const past = [...state.past, state.marks].slice(-HISTORY_LIMIT);
  return withMarks({ ...state, past, future: [] }, marks);
}

function travel(state: GameState, way: 'back' | 'forward'): Outcome {
  const from = way === 'back' ? state.past : state.future;
  const target = from[from.length - 1];
  if (target === undefined) return unchanged(state);
  const rest = from.slice(0, -1);
  const other = way === 'back' ? state.future : state.past;
  const moved = [...other, state.marks];
  const next =
    way === 'back'
      ? { ...state, past: rest, future: moved }
      : { ...state, past: moved, future: rest };
  return withMarks(next, target);
}

/** Installs new marks; every changed entry loses its verdict and is reported. */
function withMarks(state: GameState, marks: Marks): Outcome {
  const cells = changedEntries(state.marks.entries, marks.entries);
  const verdicts = state.verdicts.slice();
  for (const c of cells) verdicts[c] = 'none';
  return {
    state: { ...state, marks, verdicts },
    entered: cells.map((cell) => ({ cell, digit: marks.entries[cell]! })),
  };
}
