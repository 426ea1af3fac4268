/**
 * The outline of the shaded houses (the windows): a line just inside the edge of the shaded
 * area, coloured (`--house-edge`, theme.css) at 3:1 or more against a plain cell and against
 * the shading, so a window is told apart by more than its light tint (WCAG 1.4.11), while the
 * tint stays light enough for every digit on it to read at 4.5:1.
 */
import type { CellIndex } from '@percent/engine';
import { useMemo } from 'preact/hooks';
import { cellX, cellY, UNIT } from './geometry.ts';

/** How far inside the area the line runs, in board units (a cell is 100). */
export const EDGE_INSET = 7;

/**
 * One segment per side of a shaded cell that borders an unshaded cell or the board's edge,
 * moved `EDGE_INSET` into the cell and shortened at corners of the area, as SVG path data.
 * Exact for rectangular areas, which is what windows are.
 */
export function edgePath(shaded: ReadonlySet<CellIndex>): string {
  const has = (row: number, col: number) =>
    row >= 0 && row < 9 && col >= 0 && col < 9 && shaded.has(row * 9 + col);
  const parts: string[] = [];
  for (const cell of [...shaded].sort((a, b) => a - b)) {
    const [row, col] = [Math.floor(cell / 9), cell % 9];
    const [x, y] = [cellX(cell), cellY(cell)];
    const top = !has(row - 1, col);
    const bottom = !has(row + 1, col);
    const left = !has(row, col - 1);
    const right = !has(row, col + 1);
    const [x1, x2] = [x + (left ? EDGE_INSET : 0), x + UNIT - (right ? EDGE_INSET : 0)];
    const [y1, y2] = [y + (top ? EDGE_INSET : 0), y + UNIT - (bottom ? EDGE_INSET : 0)];
    if (top) parts.push(`M${x1} ${y + EDGE_INSET}H${x2}`);
    if (bottom) parts.push(`M${x1} ${y + UNIT - EDGE_INSET}H${x2}`);
    if (left) parts.push(`M${x + EDGE_INSET} ${y1}V${y2}`);
    if (right) parts.push(`M${x + UNIT - EDGE_INSET} ${y1}V${y2}`);
  }
  return parts.join('');
}

export function WindowEdges({ shaded }: { readonly shaded: ReadonlySet<CellIndex> }) {
  const path = useMemo(() => edgePath(shaded), [shaded]);
  return path ? <path d={path} class="window-edge" /> : null;
}
