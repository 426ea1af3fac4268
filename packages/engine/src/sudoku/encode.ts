import { firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { CELLS, DIGITS, type CellIndex, type Digit, type Grid } from './grid.ts';
import type { Variant } from './variant.ts';

/**
 * Sudoku as CNF with the course design's numbering: var(r, c, d) = (r−1)·81 + (c−1)·9 + d
 * for 1-based r, c, d — 729 variables, "cell (r, c) holds d".
 */
export const NUM_VARS = 729;

/** The variable "cell holds digit" (cell 0..80, digit 1..9). */
export const cellVar = (cell: CellIndex, digit: Digit): number => cell * 9 + digit;

/** Cell and digit of a variable 1..729. */
export const varCell = (v: number): { cell: CellIndex; digit: Digit } => ({
  cell: Math.floor((v - 1) / 9),
  digit: ((v - 1) % 9) + 1,
});

/** At least one of `vars`, and at most one as pairwise binary clauses. */
function exactlyOne(vars: readonly number[], out: Int32Array[], seenPairs: Set<number>): void {
  out.push(Int32Array.from(vars));
  for (let i = 0; i < vars.length; i++) {
    for (let j = i + 1; j < vars.length; j++) {
      const a = vars[i]!;
      const b = vars[j]!;
      // Rows, boxes and extra houses overlap: the same pair would otherwise appear twice.
      const key = a < b ? a * 1024 + b : b * 1024 + a;
      if (seenPairs.has(key)) continue;
      seenPairs.add(key);
      out.push(Int32Array.of(-a, -b));
    }
  }
}

/**
 * The rules of a variant, encoded both ways: every cell holds exactly one digit, and every
 * house holds every digit exactly once. The second half is redundant logically but lets unit
 * propagation find hidden singles, which makes the solver an order of magnitude faster.
 */
export function encodeRules(variant: Variant): Cnf {
  const clauses: Int32Array[] = [];
  const seenPairs = new Set<number>();
  for (let cell = 0; cell < CELLS; cell++) {
    exactlyOne(
      DIGITS.map((d) => cellVar(cell, d)),
      clauses,
      seenPairs,
    );
  }
  for (const house of variant.houses) {
    for (const d of DIGITS) {
      exactlyOne(
        house.cells.map((cell) => cellVar(cell, d)),
        clauses,
        seenPairs,
      );
    }
  }
  return { numVars: NUM_VARS, clauses };
}

/** The givens of a puzzle as DIMACS literals (one positive literal per given). */
export function givenLiterals(puzzle: Grid): number[] {
  const lits: number[] = [];
  for (let cell = 0; cell < CELLS; cell++)
    if (puzzle[cell] !== 0) lits.push(cellVar(cell, puzzle[cell]!));
  return lits;
}

/** A whole puzzle as CNF: the rules plus a unit clause per given (for `percent encode`). */
export function encodePuzzle(variant: Variant, puzzle: Grid): Cnf {
  const rules = encodeRules(variant);
  const units = givenLiterals(puzzle).map((lit) => Int32Array.of(lit));
  return { numVars: NUM_VARS, clauses: [...rules.clauses, ...units] };
}

/** The grid a model describes (`model[v] === 1` when v is true); cells with no true digit stay 0. */
export function decodeModel(model: ArrayLike<number>): Grid {
  const grid = new Uint8Array(CELLS);
  for (let cell = 0, v = 1; cell < CELLS; cell++) {
    for (let digit = 1; digit <= 9; digit++, v++) if (model[v] === 1) grid[cell] = digit;
  }
  return grid;
}

/** True when `grid` satisfies every rule clause of the variant (an independent check). */
export function satisfiesRules(rules: Cnf, grid: Grid): boolean {
  const model = new Uint8Array(NUM_VARS + 1);
  for (let cell = 0; cell < CELLS; cell++)
    if (grid[cell] !== 0) model[cellVar(cell, grid[cell]!)] = 1;
  return firstFalsifiedClause(rules, model) === -1;
}
