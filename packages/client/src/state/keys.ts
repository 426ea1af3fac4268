/**
 * Keyboard mapping, as SudokuPad players expect it:
 * - digits 1–9 (top row or numpad) enter in the current mode; held Shift = corner mark,
 *   held Ctrl/⌘ = centre mark (Numpad digits are read from `code`, so Shift+numpad works);
 * - Z / X / C / V choose digit / corner / centre / colour mode, Space cycles through the four;
 *   in colour mode a digit toggles colour 1–9 and Delete clears the colours;
 * - arrows (and W A S D) move, with Shift or Ctrl/⌘ extending the selection;
 * - Backspace / Delete clear (digits first, then the marks of the mode; Shift / Ctrl pick
 *   corner / centre marks as for digits); Escape deselects; Ctrl+A selects all;
 * - Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo.
 * Letters are matched by `code` so the keys work on any keyboard layout.
 */
import type { Digit } from '@percent/engine';
import type { Action, InputMode } from './game.ts';
import type { Direction } from './selection.ts';

/** The fields of a KeyboardEvent that matter; tests build these by hand. */
export interface KeyInput {
  readonly key: string;
  readonly code: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  KeyW: 'up',
  KeyS: 'down',
  KeyA: 'left',
  KeyD: 'right',
};

const MODE_KEYS: Readonly<Record<string, InputMode>> = {
  KeyZ: 'digit',
  KeyX: 'corner',
  KeyC: 'centre',
  KeyV: 'colour',
};

/** The digit a key types, from `code` first (layout- and Shift-proof), else from `key`. */
export function digitOf(input: Pick<KeyInput, 'key' | 'code'>): Digit | undefined {
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(input.code) ?? /^([1-9])$/.exec(input.key);
  return match ? Number(match[1]) : undefined;
}

/** The mode a digit goes in while modifiers are held; undefined = the current mode. */
export function modifierMode(
  input: Pick<KeyInput, 'shiftKey' | 'ctrlKey' | 'metaKey'>,
): InputMode | undefined {
  if (input.ctrlKey || input.metaKey) return 'centre';
  if (input.shiftKey) return 'corner';
  return undefined;
}

/** The action a key press asks for, or undefined when the key is not ours (let it through). */
export function keyToAction(input: KeyInput): Action | undefined {
  if (input.altKey) return undefined;
  const command = input.ctrlKey || input.metaKey;
  const digit = digitOf(input);
  if (digit !== undefined) return { type: 'input', digit, mode: modifierMode(input) };
  if (command) return commandAction(input);
  const arrow = ARROWS[input.code] ?? ARROWS[input.key];
  if (arrow) return { type: 'move', direction: arrow, extend: input.shiftKey };
  const mode = MODE_KEYS[input.code];
  if (mode) return { type: 'setMode', mode };
  switch (input.key) {
    case ' ':
      return { type: 'cycleMode' };
    case 'Backspace':
    case 'Delete':
      return { type: 'clear', mode: modifierMode(input) };
    case 'Escape':
      return { type: 'deselect' };
  }
  return undefined;
}

/** Ctrl/⌘ combinations. Browser shortcuts we do not use (Ctrl+R, Ctrl+C…) pass through. */
function commandAction(input: KeyInput): Action | undefined {
  const arrow = ARROWS[input.key];
  if (arrow) return { type: 'move', direction: arrow, extend: true };
  switch (input.code) {
    case 'KeyZ':
      return input.shiftKey ? { type: 'redo' } : { type: 'undo' };
    case 'KeyY':
      return { type: 'redo' };
    case 'KeyA':
      return { type: 'selectAll' };
  }
  if (input.key === 'Backspace' || input.key === 'Delete') return { type: 'clear', mode: 'centre' };
  return undefined;
}
