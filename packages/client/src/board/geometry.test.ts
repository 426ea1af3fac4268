import { cellAt, getVariant } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { cellAtFraction, colourWedges, extraShapes, UNIT } from './geometry.ts';

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

describe('colourWedges', () => {
  const pointsOf = (polygon: string): number[][] =>
    polygon.split(' ').map((p) => p.split(',').map(Number));
  /** Shoelace area of a polygon. */
  const area = (polygon: string): number => {
    const pts = pointsOf(polygon);
    let sum = 0;
    pts.forEach(([x1, y1], i) => {
      const [x2, y2] = pts[(i + 1) % pts.length]!;
      sum += x1! * y2! - x2! * y1!;
    });
    return Math.abs(sum) / 2;
  };

  it('fills the whole cell with one colour', () => {
    expect(colourWedges(1)).toEqual([`0,0 ${UNIT},0 ${UNIT},${UNIT} 0,${UNIT}`]);
  });

  it('cuts the cell into slices that stay inside it and cover it exactly', () => {
    for (const count of [2, 3, 4, 5, 9]) {
      const wedges = colourWedges(count);
      expect(wedges).toHaveLength(count);
      for (const w of wedges)
        for (const [x, y] of pointsOf(w)) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(UNIT);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(UNIT);
        }
      const total = wedges.reduce((sum, w) => sum + area(w), 0);
      expect(total).toBeCloseTo(UNIT * UNIT, -1);
    }
  });
});
