import { boxOf, cellAt, CELLS, SIZE, type CellIndex } from './grid.ts';

/** The kinds of house (a set of 9 cells that holds 1–9 exactly once). */
export const HouseKind = {
  row: 'row',
  column: 'column',
  box: 'box',
  antiDiagonal: 'anti-diagonal',
  diagonal: 'diagonal',
  window: 'window',
} as const;
export type HouseKindName = (typeof HouseKind)[keyof typeof HouseKind];

export interface House {
  readonly kind: HouseKindName;
  /** Position among the houses of its kind, 0-based. */
  readonly index: number;
  /** Human name, e.g. "row 3", "box 5", "upper window". */
  readonly name: string;
  readonly cells: readonly CellIndex[];
}

export const VariantId = {
  classic: 'classic',
  percent: 'percent',
  x: 'x',
  windoku: 'windoku',
} as const;
export type VariantIdName = (typeof VariantId)[keyof typeof VariantId];
export const VARIANT_IDS = Object.values(VariantId) as readonly VariantIdName[];

/** A variant is data: its houses, plus tables derived from them once. */
export interface Variant {
  readonly id: VariantIdName;
  readonly houses: readonly House[];
  /** housesOf[cell]: indices into `houses` of the houses containing the cell. */
  readonly housesOf: readonly (readonly number[])[];
  /** peers[cell]: every other cell sharing a house with it. */
  readonly peers: readonly (readonly CellIndex[])[];
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** A 3×3 window whose top-left cell is at 0-based (row, col). */
function square(row: number, col: number): CellIndex[] {
  return range(9).map((i) => cellAt(row + Math.floor(i / 3), col + (i % 3)));
}

const classicHouses: House[] = [
  ...range(SIZE).map((r) => ({
    kind: HouseKind.row,
    index: r,
    name: `row ${r + 1}`,
    cells: range(SIZE).map((c) => cellAt(r, c)),
  })),
  ...range(SIZE).map((c) => ({
    kind: HouseKind.column,
    index: c,
    name: `column ${c + 1}`,
    cells: range(SIZE).map((r) => cellAt(r, c)),
  })),
  ...range(SIZE).map((b) => ({
    kind: HouseKind.box,
    index: b,
    name: `box ${b + 1}`,
    cells: range(CELLS).filter((i) => boxOf(i) === b),
  })),
];

/** Top-right to bottom-left: r + c = 10 in 1-based coordinates. */
const antiDiagonal: House = {
  kind: HouseKind.antiDiagonal,
  index: 0,
  name: 'anti-diagonal',
  cells: range(SIZE).map((r) => cellAt(r, SIZE - 1 - r)),
};
const mainDiagonal: House = {
  kind: HouseKind.diagonal,
  index: 0,
  name: 'main diagonal',
  cells: range(SIZE).map((r) => cellAt(r, r)),
};
const window = (index: number, name: string, row: number, col: number): House => ({
  kind: HouseKind.window,
  index,
  name,
  cells: square(row, col),
});

/** Extra houses per variant, on top of rows, columns and boxes. */
const EXTRA_HOUSES: Record<VariantIdName, readonly House[]> = {
  classic: [],
  // Rows 2–4 × cols 2–4 and rows 6–8 × cols 6–8 (1-based), with the anti-diagonal: a "%".
  percent: [antiDiagonal, window(0, 'upper window', 1, 1), window(1, 'lower window', 5, 5)],
  x: [mainDiagonal, { ...antiDiagonal, kind: HouseKind.diagonal, index: 1 }],
  windoku: [
    window(0, 'top-left window', 1, 1),
    window(1, 'top-right window', 1, 5),
    window(2, 'bottom-left window', 5, 1),
    window(3, 'bottom-right window', 5, 5),
  ],
};

function defineVariant(id: VariantIdName): Variant {
  const houses = [...classicHouses, ...EXTRA_HOUSES[id]];
  const housesOf = range(CELLS).map((cell) =>
    houses.flatMap((h, i) => (h.cells.includes(cell) ? [i] : [])),
  );
  const peers = range(CELLS).map((cell) => {
    const set = new Set<CellIndex>();
    for (const h of housesOf[cell]!)
      for (const other of houses[h]!.cells) if (other !== cell) set.add(other);
    return [...set].sort((a, b) => a - b);
  });
  return { id, houses, housesOf, peers };
}

const VARIANTS = new Map(VARIANT_IDS.map((id) => [id, defineVariant(id)]));

export function getVariant(id: VariantIdName): Variant {
  return VARIANTS.get(id)!;
}

export function isVariantId(text: string): text is VariantIdName {
  return (VARIANT_IDS as readonly string[]).includes(text);
}

/** True when the two cells share a house of the variant. */
export function seesEachOther(variant: Variant, a: CellIndex, b: CellIndex): boolean {
  return a !== b && variant.peers[a]!.includes(b);
}

/** How a sentence names a house: "row 3", "box 5", but "the upper window", "the anti-diagonal". */
export function houseLabel(house: House): string {
  const plain: readonly string[] = [HouseKind.row, HouseKind.column, HouseKind.box];
  return plain.includes(house.kind) ? house.name : `the ${house.name}`;
}
