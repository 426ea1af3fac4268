/** The text form of a board: what parses, what round-trips, and what a bad line is told. */
import { describe, expect, it } from 'vitest';
import {
  boxOf,
  cellAt,
  cellName,
  CELLS,
  colOf,
  countGivens,
  formatGrid,
  parseGrid,
  rowOf,
  type GridParse,
} from './grid.ts';
import { CLASSIC_PUZZLE, CLASSIC_SOLUTION, PERCENT_PUZZLE } from './testing/fixtures.ts';

function errorOf(parse: GridParse): { position: number; message: string } {
  if (parse.ok) throw new Error('expected a parse error');
  return parse.error;
}

describe('cell coordinates', () => {
  it('numbers cells row by row and names them 1-based', () => {
    expect(cellAt(0, 0)).toBe(0);
    expect(cellAt(2, 3)).toBe(21);
    expect(cellAt(8, 8)).toBe(80);
    expect(cellName(21)).toBe('R3C4');
    expect(cellName(80)).toBe('R9C9');
    for (let cell = 0; cell < CELLS; cell++) expect(cellAt(rowOf(cell), colOf(cell))).toBe(cell);
  });

  it('numbers boxes row-major', () => {
    expect([0, 8, 27, 30, 40, 80].map(boxOf)).toEqual([0, 2, 3, 4, 4, 8]);
  });
});

describe('parseGrid and formatGrid', () => {
  it('round-trips a puzzle and a solution', () => {
    for (const text of [CLASSIC_PUZZLE, CLASSIC_SOLUTION, PERCENT_PUZZLE]) {
      const parsed = parseGrid(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(formatGrid(parsed.grid)).toBe(text);
    }
  });

  it('reads `.` and `0` as blanks and writes the blank asked for', () => {
    const dots = parseGrid(CLASSIC_PUZZLE);
    const zeros = parseGrid(CLASSIC_PUZZLE.replaceAll('.', '0'));
    if (!dots.ok || !zeros.ok) throw new Error('both forms should parse');
    expect(zeros.grid).toEqual(dots.grid);
    expect(dots.grid[2]).toBe(0);
    expect(dots.grid[0]).toBe(5);
    expect(formatGrid(dots.grid, '0')).toBe(CLASSIC_PUZZLE.replaceAll('.', '0'));
    expect(countGivens(dots.grid)).toBe(30);
  });

  it('ignores surrounding whitespace', () => {
    const parsed = parseGrid(`  ${CLASSIC_PUZZLE}\r\n`);
    expect(parsed.ok && formatGrid(parsed.grid)).toBe(CLASSIC_PUZZLE);
  });

  it.each([
    ['empty text', '', 0],
    ['80 cells', CLASSIC_PUZZLE.slice(1), 80],
    ['82 cells', `${CLASSIC_PUZZLE}5`, 82],
    ['an inner space', `${CLASSIC_PUZZLE.slice(0, 40)} ${CLASSIC_PUZZLE.slice(40)}`, 82],
  ])('rejects %s with the length found', (_, text, found) => {
    expect(errorOf(parseGrid(text))).toEqual({
      position: -1,
      message: `expected 81 cells, found ${found} characters`,
    });
  });

  it.each([
    ['a letter', 0, 'x', 'R1C1'],
    ['a dash', 21, '-', 'R3C4'],
    ['a space', 44, ' ', 'R5C9'],
    ['a Chinese character', 80, '五', 'R9C9'],
  ])('rejects %s with its position and cell', (_, position, ch, cell) => {
    const text = CLASSIC_PUZZLE.slice(0, position) + ch + CLASSIC_PUZZLE.slice(position + 1);
    expect(errorOf(parseGrid(text))).toEqual({
      position,
      message: `unexpected character "${ch}" at position ${position + 1} (${cell}): expected 1-9, 0 or .`,
    });
  });

  it('reports the first bad character when there are several', () => {
    const text = `${CLASSIC_PUZZLE.slice(0, 10)}ab${CLASSIC_PUZZLE.slice(12)}`;
    expect(errorOf(parseGrid(text)).position).toBe(10);
  });

  // GridError.position is documented as the 0-based position in the text, but the parser
  // counts from the first non-blank character, so leading whitespace shifts it.
  it('counts the position in the text as given, leading whitespace included', () => {
    const bad = `x${CLASSIC_PUZZLE.slice(1)}`;
    const error = errorOf(parseGrid(`\n  ${bad}`));
    expect(error).toEqual({
      position: 3,
      message: 'unexpected character "x" at position 4 (R1C1): expected 1-9, 0 or .',
    });
  });
});
