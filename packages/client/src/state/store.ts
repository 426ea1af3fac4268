import type { Signal } from '@preact/signals';
import type { CellIndex, Digit } from '@percent/engine';
import { reduce, type Action, type GameState } from './game.ts';

export type EnterHandler = (cell: CellIndex, digit: Digit) => void;

/** Actions that change what is written on the board (refused on a read-only board). */
const EDITS: ReadonlySet<Action['type']> = new Set([
  'input',
  'clear',
  'undo',
  'redo',
  'place',
  'autoCandidates',
  'reset',
]);

export const isEdit = (action: Action): boolean => EDITS.has(action.type);

/**
 * Applies an action to a game held in a signal and reports each changed entry to `onEnter`
 * (digit 0 = cleared). On a read-only board edits are ignored; selection still works.
 */
export function dispatch(
  game: Signal<GameState>,
  action: Action,
  onEnter?: EnterHandler,
  readOnly = false,
): void {
  if (readOnly && isEdit(action)) return;
  const { state, entered } = reduce(game.value, action);
  game.value = state;
  for (const { cell, digit } of entered) onEnter?.(cell, digit);
}
