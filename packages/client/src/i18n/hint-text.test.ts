import { getVariant, type Step } from '@percent/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { language } from './index.ts';
import { hintView, stepText } from './hint-text.ts';

afterEach(() => {
  language.value = 'en';
});

const upperWindow = getVariant('percent').houses.findIndex((h) => h.kind === 'window');

const hiddenSingle: Step = {
  technique: 'hidden-single',
  placements: [{ cell: 20, digit: 7 }],
  eliminations: [],
  cells: [10, 11],
  houses: [upperWindow],
  digits: [7],
  explanation: 'Hidden single: 7 can go only in R3C3 within the upper window.',
};

describe('stepText', () => {
  it('phrases a placement from the step’s fields, in either language', () => {
    expect(stepText(hiddenSingle, 'percent')).toBe(hiddenSingle.explanation);
    language.value = 'zh';
    expect(stepText(hiddenSingle, 'percent')).toBe(
      '排除法（隐性唯一）：在上窗口中，7 只能填在 R3C3。',
    );
  });

  it('lists eliminations grouped by digit', () => {
    const step: Step = {
      technique: 'naked-pair',
      placements: [],
      eliminations: [
        { cell: 2, digit: 5 },
        { cell: 3, digit: 5 },
        { cell: 4, digit: 1 },
      ],
      cells: [0, 1],
      houses: [0],
      digits: [1, 5],
      explanation: 'unused',
    };
    expect(stepText(step, 'classic')).toBe(
      'Naked pair on 1 and 5 in row 1: remove 1 from R1C5, 5 from R1C3 and R1C4.',
    );
    // Chinese: cell names and digits spaced from the characters around them, as in the debrief.
    language.value = 'zh';
    const zh = stepText(step, 'classic');
    expect(zh).toContain('R1C3 和 R1C4');
    expect(zh).not.toMatch(/\p{Script=Han}[A-Za-z0-9]|[A-Za-z0-9]\p{Script=Han}/u);
  });

  it('falls back to the engine’s English for a technique the catalogue lacks', () => {
    const step = { ...hiddenSingle, technique: 'unknown-wing', explanation: 'As the engine says.' };
    expect(stepText(step as unknown as Step, 'percent')).toBe('As the engine says.');
  });
});

describe('hintView', () => {
  it('points at the step’s cells and its placement', () => {
    const view = hintView({ kind: 'step', step: hiddenSingle, via: [] }, 'percent');
    expect(view.cells).toEqual([10, 11, 20]);
    expect(view.area).toHaveLength(9);
  });
});
