import { describe, expect, it } from 'vitest';
import { keyToAction, type KeyInput } from './keys.ts';

const press = (key: string, code: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key,
  code,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('keyToAction', () => {
  it('types digits in the current mode, from the top row and the numpad', () => {
    expect(keyToAction(press('7', 'Digit7'))).toEqual({ type: 'input', digit: 7, mode: undefined });
    expect(keyToAction(press('3', 'Numpad3'))).toMatchObject({ type: 'input', digit: 3 });
  });

  it('reads Shift as corner and Ctrl or Cmd as centre, whatever character Shift produces', () => {
    expect(keyToAction(press('!', 'Digit1', { shiftKey: true }))).toEqual({
      type: 'input',
      digit: 1,
      mode: 'corner',
    });
    expect(keyToAction(press('End', 'Numpad1', { shiftKey: true }))).toMatchObject({
      digit: 1,
      mode: 'corner',
    });
    expect(keyToAction(press('5', 'Digit5', { ctrlKey: true }))).toMatchObject({ mode: 'centre' });
    expect(keyToAction(press('5', 'Digit5', { metaKey: true }))).toMatchObject({ mode: 'centre' });
  });

  it('switches modes with Z X C V and cycles with Space', () => {
    expect(keyToAction(press('z', 'KeyZ'))).toEqual({ type: 'setMode', mode: 'digit' });
    expect(keyToAction(press('v', 'KeyV'))).toEqual({ type: 'setMode', mode: 'colour' });
    expect(keyToAction(press('x', 'KeyX'))).toEqual({ type: 'setMode', mode: 'corner' });
    expect(keyToAction(press('c', 'KeyC'))).toEqual({ type: 'setMode', mode: 'centre' });
    expect(keyToAction(press(' ', 'Space'))).toEqual({ type: 'cycleMode' });
  });

  it('works by physical key on other layouts (AZERTY, Cyrillic)', () => {
    expect(keyToAction(press('я', 'KeyZ'))).toEqual({ type: 'setMode', mode: 'digit' });
    expect(keyToAction(press('я', 'KeyZ', { ctrlKey: true }))).toEqual({ type: 'undo' });
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Y or Ctrl+Shift+Z', () => {
    expect(keyToAction(press('z', 'KeyZ', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(keyToAction(press('y', 'KeyY', { ctrlKey: true }))).toEqual({ type: 'redo' });
    expect(keyToAction(press('Z', 'KeyZ', { ctrlKey: true, shiftKey: true }))).toEqual({
      type: 'redo',
    });
  });

  it('moves with arrows, extending with Shift or Ctrl', () => {
    expect(keyToAction(press('ArrowUp', 'ArrowUp'))).toEqual({
      type: 'move',
      direction: 'up',
      extend: false,
    });
    expect(keyToAction(press('ArrowLeft', 'ArrowLeft', { shiftKey: true }))).toMatchObject({
      extend: true,
    });
    expect(keyToAction(press('ArrowDown', 'ArrowDown', { ctrlKey: true }))).toMatchObject({
      direction: 'down',
      extend: true,
    });
  });

  it('clears with Backspace and Delete, deselects with Escape', () => {
    expect(keyToAction(press('Backspace', 'Backspace'))).toEqual({ type: 'clear' });
    expect(keyToAction(press('Delete', 'Delete'))).toEqual({ type: 'clear' });
    expect(keyToAction(press('Escape', 'Escape'))).toEqual({ type: 'deselect' });
    expect(keyToAction(press('Delete', 'Delete', { shiftKey: true }))).toEqual({
      type: 'clear',
      mode: 'corner',
    });
    expect(keyToAction(press('Backspace', 'Backspace', { ctrlKey: true }))).toEqual({
      type: 'clear',
      mode: 'centre',
    });
  });

  it('lets browser shortcuts and unknown keys through', () => {
    expect(keyToAction(press('r', 'KeyR', { ctrlKey: true }))).toBeUndefined();
    // Ctrl+V stays the browser's paste, not colour mode.
    expect(keyToAction(press('v', 'KeyV', { ctrlKey: true }))).toBeUndefined();
    expect(keyToAction(press('Tab', 'Tab'))).toBeUndefined();
    expect(keyToAction(press('0', 'Digit0'))).toBeUndefined();
    expect(keyToAction(press('4', 'Digit4', { altKey: true }))).toBeUndefined();
  });
});
