/** The houses of each variant, checked against the rules as a player reads them. */
import { describe, expect, it } from 'vitest';
import { cellAt, cellName, CELLS, type CellIndex } from './grid.ts';
import {
  getVariant,
  HouseKind,
  isVariantId,
  seesEachOther,
  VARIANT_IDS,
  type HouseKindName,
  type Variant,
  type VariantIdName,
} from './variant.ts';

/** Cells given 1-based (row, column) pairs, as the rules are written. */
const cells1 = (pairs: readonly (readonly [number, number])[]): CellIndex[] =>
  pairs.map(([r, c]) => cellAt(r - 1, c - 1)).sort((a, b) => a - b);

/** Every cell of rows r0..r1 × columns c0..c1, 1-based and inclusive. */
function block(r0: number, r1: number, c0: number, c1: number): CellIndex[] {
  const pairs: [number, number][] = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) pairs.push([r, c]);
  return cells1(pairs);
}

const housesOfKind = (variant: Variant, kind: HouseKindName): CellIndex[][] =>
  variant.houses.filter((h) => h.kind === kind).map((h) => [...h.cells].sort((a, b) => a - b));

const EXPECTED_HOUSES: Record<VariantIdName, number> = {
  classic: 27,
  percent: 30,
  x: 29,
  windoku: 31,
};

describe('variants', () => {
  it('knows exactly the four variant ids', () => {
    expect([...VARIANT_IDS].sort()).toEqual(['classic', 'percent', 'windoku', 'x']);
    expect(VARIANT_IDS.every(isVariantId)).toBe(true);
    for (const text of ['', 'Percent', 'killer', 'classic ']) expect(isVariantId(text)).toBe(false);
  });

  describe.each(VARIANT_IDS)('%s', (id) => {
    const variant = getVariant(id);

    it(`has ${EXPECTED_HOUSES[id]} houses of 9 distinct cells`, () => {
      expect(variant.id).toBe(id);
      expect(variant.houses).toHaveLength(EXPECTED_HOUSES[id]);
      for (const house of variant.houses) {
        expect(new Set(house.cells).size, house.name).toBe(9);
        for (const cell of house.cells) expect(cell >= 0 && cell < CELLS, house.name).toBe(true);
      }
    });

    it('has the 9 rows, 9 columns and 9 boxes of classic sudoku', () => {
      for (let i = 1; i <= 9; i++) {
        expect(housesOfKind(variant, HouseKind.row)[i - 1]).toEqual(block(i, i, 1, 9));
        expect(housesOfKind(variant, HouseKind.column)[i - 1]).toEqual(block(1, 9, i, i));
      }
      const boxes = housesOfKind(variant, HouseKind.box);
      expect(boxes[0]).toEqual(block(1, 3, 1, 3));
      expect(boxes[4]).toEqual(block(4, 6, 4, 6));
      expect(boxes[8]).toEqual(block(7, 9, 7, 9));
      expect(new Set(boxes.flat()).size).toBe(CELLS);
    });

    it('gives house names unique within the variant', () => {
      const names = variant.houses.map((h) => h.name);
      expect(new Set(names).size).toBe(names.length);
    });

    it('indexes housesOf consistently with the houses', () => {
      for (let cell = 0; cell < CELLS; cell++) {
        const expected = variant.houses.flatMap((h, i) => (h.cells.includes(cell) ? [i] : []));
        expect(variant.housesOf[cell]).toEqual(expected);
      }
    });

    it('has symmetric peers that are exactly the cells sharing a house', () => {
      const share = Array.from({ length: CELLS }, () => new Set<CellIndex>());
      for (const { cells } of variant.houses)
        for (const a of cells) for (const b of cells) if (a !== b) share[a]!.add(b);
      const wrong: string[] = [];
      for (let a = 0; a < CELLS; a++) {
        expect(variant.peers[a], cellName(a)).toEqual([...share[a]!].sort((x, y) => x - y));
        for (let b = 0; b < CELLS; b++) {
          const sees = seesEachOther(variant, a, b);
          if (sees !== share[a]!.has(b) || sees !== seesEachOther(variant, b, a))
            wrong.push(`${cellName(a)}–${cellName(b)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  it('classic has no extra houses and every cell has 20 peers', () => {
    const classic = getVariant('classic');
    expect(classic.houses.every((h) => ['row', 'column', 'box'].includes(h.kind))).toBe(true);
    expect(classic.peers.every((p) => p.length === 20)).toBe(true);
  });

  it('percent adds the anti-diagonal r + c = 10 and the two windows', () => {
    const percent = getVariant('percent');
    const antiDiagonal = housesOfKind(percent, HouseKind.antiDiagonal);
    expect(antiDiagonal).toEqual([cells1([1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => [r, 10 - r]))]);
    expect(housesOfKind(percent, HouseKind.window)).toEqual([block(2, 4, 2, 4), block(6, 8, 6, 8)]);
    expect(percent.houses.filter((h) => h.kind === HouseKind.window).map((h) => h.name)).toEqual([
      'upper window',
      'lower window',
    ]);
    expect(housesOfKind(percent, HouseKind.diagonal)).toEqual([]);
  });

  it('percent peers include the anti-diagonal and the windows', () => {
    const percent = getVariant('percent');
    const r1c9 = cellAt(0, 8);
    const r9c1 = cellAt(8, 0);
    expect(seesEachOther(percent, r1c9, r9c1)).toBe(true);
    expect(seesEachOther(getVariant('classic'), r1c9, r9c1)).toBe(false);
    // R2C2 and R4C4 share only the upper window.
    expect(seesEachOther(percent, cellAt(1, 1), cellAt(3, 3))).toBe(true);
    expect(seesEachOther(getVariant('classic'), cellAt(1, 1), cellAt(3, 3))).toBe(false);
  });

  it('x adds both diagonals', () => {
    const diagonals = housesOfKind(getVariant('x'), HouseKind.diagonal);
    expect(diagonals).toEqual([
      cells1([1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => [r, r])),
      cells1([1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => [r, 10 - r])),
    ]);
  });

  it('windoku adds four windows', () => {
    expect(housesOfKind(getVariant('windoku'), HouseKind.window)).toEqual([
      block(2, 4, 2, 4),
      block(2, 4, 6, 8),
      block(6, 8, 2, 4),
      block(6, 8, 6, 8),
    ]);
  });
});
