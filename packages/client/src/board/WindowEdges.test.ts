import { getVariant } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { extraShapes } from './geometry.ts';
import { EDGE_INSET, edgePath } from './WindowEdges.tsx';

/** The path's segments as [x1, y1, x2, y2]. */
function segments(path: string): number[][] {
  return [...path.matchAll(/M(\d+) (\d+)([HV])(\d+)/g)].map(([, x, y, dir, to]) =>
    dir === 'H'
      ? [Number(x), Number(y), Number(to), Number(y)]
      : [Number(x), Number(y), Number(x), Number(to)],
  );
}

describe('edgePath', () => {
  it('draws a single cell as a square inset on all four sides', () => {
    const i = EDGE_INSET;
    expect(segments(edgePath(new Set([10])))).toEqual([
      [100 + i, 100 + i, 200 - i, 100 + i],
      [100 + i, 200 - i, 200 - i, 200 - i],
      [100 + i, 100 + i, 100 + i, 200 - i],
      [200 - i, 100 + i, 200 - i, 200 - i],
    ]);
  });

  it('outlines each percent window along its border only, never between its cells', () => {
    const { shaded } = extraShapes(getVariant('percent'));
    const lines = segments(edgePath(shaded));
    expect(lines).toHaveLength(2 * 12); // two 3×3 windows: 3 cell sides on each of 4 sides
    const onBorder = (v: number) =>
      [100, 400, 500, 800].some((at) => Math.abs(v - at) === EDGE_INSET);
    for (const [x1, y1, x2, y2] of lines)
      expect(x1 === x2 ? onBorder(x1!) : onBorder(y1!), `${x1},${y1}→${x2},${y2}`).toBe(true);
    expect(edgePath(extraShapes(getVariant('classic')).shaded)).toBe('');
  });
});
