import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { isSolved } from './check.ts';
import { checkImported } from './import-check.ts';
import { fpuzzlesLinkOf, readPuzzle } from './import.ts';
import { CLASSIC_PUZZLE, CLASSIC_SOLUTION, PERCENT_PUZZLE, grid } from './testing/fixtures.ts';
import { getVariant } from './variant.ts';

const text = (g: Uint8Array) => Array.from(g).join('');

describe('reading a brought puzzle', () => {
  it('takes 81 cells with 0 or . for blanks, ignoring a pasted grid’s layout', () => {
    const puzzle = text(grid(CLASSIC_PUZZLE));
    const dotted = puzzle.replace(/0/g, '.');
    const laidOut = dotted.replace(/(.{9})/g, '$1\n').replace(/(.{3})/g, '$1 | ');
    for (const input of [puzzle, dotted, ` ${laidOut} `])
      expect(readPuzzle(input)).toEqual({ ok: true, grid: grid(CLASSIC_PUZZLE), source: 'text' });
  });

  it('says what is wrong with text that is not 81 cells', () => {
    expect(readPuzzle('12345')).toEqual({ ok: false, problem: { kind: 'cellCount', cells: 5 } });
    expect(readPuzzle(`${'0'.repeat(40)}x${'0'.repeat(40)}`)).toEqual({
      ok: false,
      problem: { kind: 'character', char: 'x', cell: 41 },
    });
  });

  it('reads the givens of an f-puzzles link and of SudokuPad links carrying one', () => {
    const puzzle = grid(CLASSIC_PUZZLE);
    const link = fpuzzlesLinkOf(puzzle);
    expect(link).toMatch(/^https:\/\/www\.f-puzzles\.com\/\?load=/);
    expect(readPuzzle(link)).toEqual({ ok: true, grid: puzzle, source: 'f-puzzles' });
    const packed = new URL(link).searchParams.get('load')!;
    expect(readPuzzle(`https://sudokupad.app/fpuzzles${packed}`)).toMatchObject({
      ok: true,
      grid: puzzle,
      source: 'sudokupad',
    });
    const query = `https://app.crackingthecryptic.com/sudoku/?puzzle=fpuzzles${encodeURIComponent(packed)}`;
    expect(readPuzzle(query)).toMatchObject({ ok: true, grid: puzzle });
    // A '+' of the packed data turned into a space by a chat or a form.
    expect(readPuzzle(link.replace(/\+/g, ' '))).toMatchObject({ ok: true, grid: puzzle });
  });

  it('refuses what it cannot read, saying why', () => {
    const packed = (puzzle: object) => LZString.compressToBase64(JSON.stringify(puzzle));
    const rows = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({})));
    expect(
      readPuzzle(`https://f-puzzles.com/?load=${packed({ size: 9, grid: rows, killercage: [] })}`),
    ).toEqual({
      ok: false,
      problem: { kind: 'rules', rules: ['killercage'] },
    });
    expect(
      readPuzzle(`https://f-puzzles.com/?load=${packed({ size: 6, grid: rows })}`),
    ).toMatchObject({
      problem: { kind: 'size', size: 6 },
    });
    expect(readPuzzle('https://sudokupad.app/abc123xyz')).toEqual({
      ok: false,
      problem: { kind: 'shortLink', site: 'SudokuPad' },
    });
    expect(readPuzzle('https://f-puzzles.com/?id=2kcw9rjd')).toEqual({
      ok: false,
      problem: { kind: 'shortLink', site: 'f-puzzles' },
    });
    expect(readPuzzle('https://example.com/?load=x')).toMatchObject({
      problem: { kind: 'link', host: 'example.com' },
    });
    expect(readPuzzle('https://f-puzzles.com/?load=%%%')).toMatchObject({
      problem: { kind: 'data' },
    });
    expect(readPuzzle('https://sudokupad.app/scl' + 'A'.repeat(80))).toMatchObject({
      problem: { kind: 'sudokupadFormat' },
    });
  });
});

describe('checking a brought puzzle under a variant', () => {
  const classic = getVariant('classic');

  it('grades a proper puzzle and gives its one solution', () => {
    const checked = checkImported(grid(CLASSIC_PUZZLE), classic);
    expect(checked).toMatchObject({ ok: true, solution: grid(CLASSIC_SOLUTION) });
    if (checked.ok) {
      expect(isSolved(classic, checked.solution)).toBe(true);
      expect(checked.clues).toBe(text(grid(CLASSIC_PUZZLE)).replace(/0/g, '').length);
      expect(['easy', 'medium', 'hard', 'expert']).toContain(checked.grade.difficulty);
    }
  });

  it('refuses two givens clashing in a house, naming the cells and the house', () => {
    const clashing = grid(CLASSIC_PUZZLE);
    const [a] = [...clashing.keys()].filter((cell) => clashing[cell] !== 0);
    const sameRowBlank = [...clashing.keys()].find(
      (cell) => Math.floor(cell / 9) === Math.floor(a! / 9) && clashing[cell] === 0,
    )!;
    clashing[sameRowBlank] = clashing[a!]!;
    const checked = checkImported(clashing, classic);
    expect(checked).toMatchObject({ ok: false, reason: 'clash' });
    if (!checked.ok && checked.reason === 'clash')
      expect([...checked.conflict.cells].sort((x, y) => x - y)).toEqual(
        [a!, sameRowBlank].sort((x, y) => x - y),
      );
  });

  it('refuses a puzzle with no solution, and one with several showing where two differ', () => {
    // Percent's puzzle under classic rules has more than one solution; blanking givens too.
    const open = grid(CLASSIC_PUZZLE);
    for (let cell = 0; cell < 30; cell++) open[cell] = 0;
    const several = checkImported(open, classic);
    expect(several).toMatchObject({ ok: false, reason: 'severalSolutions' });
    if (!several.ok && several.reason === 'severalSolutions') {
      const [s1, s2] = several.solutions;
      expect(isSolved(classic, s1) && isSolved(classic, s2)).toBe(true);
      for (const cell of several.cells) {
        expect(open[cell]).toBe(0);
        expect(s1[cell]).not.toBe(s2[cell]);
      }
      for (let cell = 0; cell < 81; cell++) if (open[cell] !== 0) expect(s2[cell]).toBe(open[cell]);
    }
    // No clash, yet R1C1 can hold nothing: its row has 1–8 and its column a 9.
    const none = new Uint8Array(81);
    for (let c = 1; c <= 8; c++) none[c] = c;
    none[36] = 9;
    expect(checkImported(none, classic)).toEqual({ ok: false, reason: 'noSolution' });
    expect(checkImported(grid(PERCENT_PUZZLE), getVariant('percent'))).toMatchObject({ ok: true });
  });
});
