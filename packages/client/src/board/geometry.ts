import { colOf, rowOf, type CellIndex, type House, type Variant } from '@percent/engine';

/** The board is drawn in a 900×900 viewBox: 100 units per cell. */
export const UNIT = 100;
export const VIEW = 9 * UNIT;

export const cellX = (cell: CellIndex): number => colOf(cell) * UNIT;
export const cellY = (cell: CellIndex): number => rowOf(cell) * UNIT;

/** The cell under a point given as fractions (0..1) of the board's width and height. */
export function cellAtFraction(fx: number, fy: number): CellIndex | undefined {
  if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return undefined;
  return Math.floor(fy * 9) * 9 + Math.floor(fx * 9);
}

/** A straight line through the centres of a diagonal house's end cells. */
export interface Segment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface ExtraShapes {
  /** Cells shaded because they belong to a window (or another square extra house). */
  readonly shaded: ReadonlySet<CellIndex>;
  /** Diagonals, drawn as lines through the cell centres. */
  readonly lines: readonly Segment[];
  /** Cells on a diagonal, tinted so the rule is visible even under digits. */
  readonly diagonalCells: ReadonlySet<CellIndex>;
}

const isDiagonal = (house: House): boolean =>
  house.kind === 'anti-diagonal' || house.kind === 'diagonal';

/** What to draw for the houses beyond rows, columns and boxes, from the variant's data. */
export function extraShapes(variant: Variant): ExtraShapes {
  const shaded = new Set<CellIndex>();
  const diagonalCells = new Set<CellIndex>();
  const lines: Segment[] = [];
  for (const house of variant.houses) {
    if (isDiagonal(house)) {
      const first = house.cells[0]!;
      const last = house.cells[house.cells.length - 1]!;
      const half = UNIT / 2;
      lines.push({
        x1: cellX(first) + half,
        y1: cellY(first) + half,
        x2: cellX(last) + half,
        y2: cellY(last) + half,
      });
      for (const c of house.cells) diagonalCells.add(c);
    } else if (house.kind === 'window') {
      for (const c of house.cells) shaded.add(c);
    }
  }
  return { shaded, lines, diagonalCells };
}

/**
 * Where the n-th corner mark goes (SudokuPad's order: the four corners, then top and bottom
 * middle, then left and right middle, then the centre), as offsets inside a cell.
 */
const CORNER_SPOTS: readonly (readonly [number, number])[] = [
  [20, 26],
  [80, 26],
  [20, 88],
  [80, 88],
  [50, 26],
  [50, 88],
  [20, 57],
  [80, 57],
  [50, 57],
];

export const cornerSpot = (n: number): readonly [number, number] => CORNER_SPOTS[n] ?? [50, 57];

/** Centre marks shrink as there are more of them, to stay inside the cell. */
export const centreFontSize = (count: number): number => (count <= 4 ? 26 : count <= 6 ? 21 : 16);

/** Where the first slice of a many-coloured cell starts: up and to the right (degrees, y down). */
const WEDGE_START = -60;

/**
 * A cell with `count` colours is cut into equal pie slices around its centre, as in
 * SudokuPad; each slice is a polygon inside the cell, as SVG `points` relative to the cell's
 * top-left corner. One colour fills the whole cell.
 */
export function colourWedges(count: number): string[] {
  if (count <= 1) return [`0,0 ${UNIT},0 ${UNIT},${UNIT} 0,${UNIT}`];
  const step = 360 / count;
  return Array.from({ length: count }, (_, i) => {
    const from = WEDGE_START + i * step;
    const to = from + step;
    // The cell's corners lie at 45° + k·90°; a slice takes those strictly inside it.
    const corners: number[] = [];
    for (let a = -135; a < to; a += 90) if (a > from) corners.push(a);
    const points = [
      [UNIT / 2, UNIT / 2],
      edgePoint(from),
      ...corners.map(edgePoint),
      edgePoint(to),
    ];
    return points.map(([x, y]) => `${round(x!)},${round(y!)}`).join(' ');
  });
}

/** Where a ray from the cell's centre at `degrees` leaves the cell. */
function edgePoint(degrees: number): [number, number] {
  const rad = (degrees * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  const reach = UNIT / 2 / Math.max(Math.abs(dx), Math.abs(dy));
  return [UNIT / 2 + dx * reach, UNIT / 2 + dy * reach];
}

const round = (n: number): number => Math.round(n * 10) / 10;
