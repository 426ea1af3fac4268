/**
 * Puzzles people bring: an 81-character string, or a classic grid shared as an f-puzzles link
 * (`f-puzzles.com/?load=…`) or a SudokuPad link carrying one (`sudokupad.app/fpuzzles…`,
 * `?puzzle=fpuzzles…`). Both sites pack the f-puzzles JSON with lz-string's base64 form, so
 * `lz-string` (the library they use) unpacks it here. Only the givens are read: a link whose
 * puzzle has rules beyond a classic grid (cages, arrows, …) is refused, saying which.
 *
 * Reading says nothing about solutions: `checkImported` (import-check.ts) does.
 */
import LZString from 'lz-string';
import { CELLS, type Grid } from './grid.ts';

/** Why a text was not read as a puzzle: codes and facts, so the page can say it in any language. */
export type ImportProblem =
  /** Text: this many cells, not 81. */
  | { readonly kind: 'cellCount'; readonly cells: number }
  /** Text: a character that is not a cell, at this cell (1-based). */
  | { readonly kind: 'character'; readonly char: string; readonly cell: number }
  /** A link that does not parse, or to another site (`host`, when it parses). */
  | { readonly kind: 'link'; readonly host?: string }
  /** A link whose packed puzzle does not unpack into JSON. */
  | { readonly kind: 'data' }
  /** A SudokuPad link in SudokuPad's own format (not an f-puzzles payload). */
  | { readonly kind: 'sudokupadFormat' }
  /** A short link (an id only the site can resolve). */
  | { readonly kind: 'shortLink'; readonly site: 'f-puzzles' | 'SudokuPad' }
  /** A grid of another size. */
  | { readonly kind: 'size'; readonly size: number | null }
  /** Rules beyond a classic grid (the f-puzzles constraint names). */
  | { readonly kind: 'rules'; readonly rules: readonly string[] }
  /** A given that is not a digit 1–9 (0-based cell). */
  | { readonly kind: 'given'; readonly cell: number; readonly value: string };

export type ReadPuzzle =
  | {
      readonly ok: true;
      readonly grid: Grid;
      readonly source: 'text' | 'f-puzzles' | 'sudokupad';
    }
  | { readonly ok: false; readonly problem: ImportProblem };

/** The f-puzzles keys a classic 9×9 grid may carry besides its givens. */
const CLASSIC_KEYS = new Set([
  'size',
  'grid',
  'title',
  'author',
  'ruleset',
  'solution',
  'highlightConflicts',
  'highlightConstraints',
  'disabledlogic',
  'truecandidatesoptions',
  'text',
]);

/** Reads a pasted puzzle: 81 cells (digits, `0` or `.` for a blank) or a link. */
export function readPuzzle(input: string): ReadPuzzle {
  const text = input.trim();
  if (/^https?:\/\//i.test(text) || /^(www\.)?(f-puzzles\.com|sudokupad\.app)/i.test(text))
    return readLink(text);
  return readCells(text);
}

function readCells(text: string): ReadPuzzle {
  // Spaces, line breaks and the rulers of a pasted grid (| - +) are layout, not cells.
  const cells = text.replace(/[\s|+-]/g, '');
  const bad = /[^0-9.]/.exec(cells);
  if (bad) return refuse({ kind: 'character', char: bad[0], cell: bad.index + 1 });
  if (cells.length !== CELLS) return refuse({ kind: 'cellCount', cells: cells.length });
  return {
    ok: true,
    grid: Uint8Array.from(cells, (ch) => (ch === '.' ? 0 : Number(ch))),
    source: 'text',
  };
}

function readLink(text: string): ReadPuzzle {
  let url: URL;
  try {
    url = new URL(/^https?:/i.test(text) ? text : `https://${text}`);
  } catch {
    return refuse({ kind: 'link' });
  }
  const host = url.hostname.replace(/^www\./, '');
  const load = url.searchParams.get('load');
  if (host === 'f-puzzles.com' && load) return fromFpuzzles(load, 'f-puzzles');
  if (host === 'f-puzzles.com' && url.searchParams.has('id'))
    return refuse({ kind: 'shortLink', site: 'f-puzzles' });
  const packed = url.searchParams.get('puzzle') ?? decodeURIComponent(url.pathname.slice(1));
  if (packed.startsWith('fpuzzles'))
    return fromFpuzzles(packed.slice('fpuzzles'.length), 'sudokupad');
  if (host.endsWith('sudokupad.app') || host.endsWith('crackingthecryptic.com')) {
    if (/^[A-Za-z0-9_-]{1,40}$/.test(packed) && !packed.startsWith('scl'))
      return refuse({ kind: 'shortLink', site: 'SudokuPad' });
    return refuse({ kind: 'sudokupadFormat' });
  }
  return refuse({ kind: 'link', host });
}

/** The givens of an f-puzzles puzzle packed by lz-string (`compressToBase64`). */
function fromFpuzzles(packed: string, source: 'f-puzzles' | 'sudokupad'): ReadPuzzle {
  // A '+' of base64 may arrive as a space once a link has been through a form or a chat.
  const json = LZString.decompressFromBase64(packed.replace(/ /g, '+'));
  if (!json) return refuse({ kind: 'data' });
  let puzzle: unknown;
  try {
    puzzle = JSON.parse(json);
  } catch {
    return refuse({ kind: 'data' });
  }
  return gridOfFpuzzles(puzzle, source);
}

interface FpuzzlesCell {
  readonly value?: unknown;
  readonly given?: unknown;
}

function gridOfFpuzzles(puzzle: unknown, source: 'f-puzzles' | 'sudokupad'): ReadPuzzle {
  const { size, grid } = (puzzle ?? {}) as { size?: unknown; grid?: unknown };
  if (size !== 9 || !Array.isArray(grid) || grid.length !== 9)
    return refuse({ kind: 'size', size: typeof size === 'number' ? size : null });
  const extra = Object.keys(puzzle as object).filter((key) => !CLASSIC_KEYS.has(key));
  if (extra.length > 0) return refuse({ kind: 'rules', rules: extra });
  const cells = new Uint8Array(CELLS);
  for (let r = 0; r < 9; r++) {
    const row = grid[r] as unknown;
    if (!Array.isArray(row) || row.length !== 9) return refuse({ kind: 'size', size: null });
    for (let c = 0; c < 9; c++) {
      const cell = (row[c] ?? {}) as FpuzzlesCell;
      const given = cell.given === true && typeof cell.value === 'number';
      if (
        given &&
        Number.isInteger(cell.value) &&
        (cell.value as number) >= 1 &&
        (cell.value as number) <= 9
      )
        cells[r * 9 + c] = cell.value as number;
      else if (given) return refuse({ kind: 'given', cell: r * 9 + c, value: String(cell.value) });
    }
  }
  return { ok: true, grid: cells, source };
}

const refuse = (problem: ImportProblem): ReadPuzzle => ({ ok: false, problem });

/** The f-puzzles link of a grid (what `readPuzzle` reads back): for tests and sharing. */
export function fpuzzlesLinkOf(grid: Grid): string {
  const rows = Array.from({ length: 9 }, (_, r) =>
    Array.from({ length: 9 }, (_, c) => {
      const value = grid[r * 9 + c]!;
      return value === 0 ? {} : { value, given: true };
    }),
  );
  return `https://www.f-puzzles.com/?load=${LZString.compressToBase64(JSON.stringify({ size: 9, grid: rows }))}`;
}
