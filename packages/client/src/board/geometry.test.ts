import { cellAt, getVariant } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { cellAtFraction, extraShapes, UNIT } from './geometry.ts';

describe('extraShapes', () => {
  it('shades the two percent windows and draws the anti-diagonal from top right to bottom left', () => {
    const shapes = extraShapes(getVariant('percent'));
    expect(shapes.shaded.size).toBe(18);
    expect(shapes.shaded.has(cellAt(1, 1)) && shapes.shaded.has(cellAt(7, 7))).toBe(true);
    expect(shapes.lines).toEqual([
      { x1: 8.5 * UNIT, y1: 0.5 * UNIT, x2: 0.5 * UNIT, y2: 8.5 * UNIT },
    ]);
    expect(shapes.diagonalCells.has(cellAt(0, 8))).toBe(true);
  });

  it('draws nothing extra for classic, both diagonals for X and four windows for windoku', () => {
    const classic = extraShapes(getVariant('classic'));
    expect(classic.shaded.size + classic.lines.length).toBe(0);
    expect(extraShapes(getVariant('x')).lines).toHaveLength(2);
    expect(extraShapes(getVariant('windoku')).shaded.size).toBe(36);
  });
});

describe('cellAtFraction', () => {
  it('maps a point on the board to its cell and refuses points outside', () => {
    expect(cellAtFraction(0, 0)).toBe(0);
    expect(cellAtFraction(0.99, 0.99)).toBe(80);
    expect(cellAtFraction(0.5, 0.2)).toBe(cellAt(1, 4));
    expect(cellAtFraction(1, 0.5)).toBeUndefined();
    expect(cellAtFraction(-0.01, 0.5)).toBeUndefined();
  });
});
