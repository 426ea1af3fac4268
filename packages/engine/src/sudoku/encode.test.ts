/**
 * The CNF encoding with the course's numbering: the variables, the two halves of the rules,
 * and a round trip through the engine's CDCL solver back to a grid.
 */
import { describe, expect, it } from 'vitest';
import { solveCnf } from '../sat/solve-cnf.ts';
import { isSolved } from './check.ts';
import {
  cellVar,
  decodeModel,
  encodePuzzle,
  encodeRules,
  givenLiterals,
  NUM_VARS,
  satisfiesRules,
  varCell,
} from './encode.ts';
import { cellAt, CELLS, formatGrid, type Grid } from './grid.ts';
import {
  agreesWithGivens,
  CLASSIC_PUZZLE,
  CLASSIC_SOLUTION,
  grid,
  PERCENT_PUZZLE,
  PERCENT_SOLUTION,
  swapCells,
} from './testing/fixtures.ts';
import { getVariant, type Variant } from './variant.ts';

const classic = getVariant('classic');
const percent = getVariant('percent');

/** A clause as a sortable key, so presence can be asked of a set. */
const key = (lits: ArrayLike<number>): string =>
  [...Array.from(lits)].sort((a, b) => a - b).join(' ');

function solveWithCdcl(variant: Variant, puzzle: Grid): Grid | 'unsat' {
  const result = solveCnf(encodePuzzle(variant, puzzle));
  if (result.status === 'unknown') throw new Error('no budget was set');
  return result.status === 'sat' ? decodeModel(result.model) : 'unsat';
}

describe('variable numbering', () => {
  it('is var(r, c, d) = (r−1)·81 + (c−1)·9 + d over 729 variables', () => {
    expect(NUM_VARS).toBe(729);
    const seen = new Set<number>();
    for (let r = 1; r <= 9; r++) {
      for (let c = 1; c <= 9; c++) {
        for (let d = 1; d <= 9; d++) {
          const v = cellVar(cellAt(r - 1, c - 1), d);
          expect(v).toBe((r - 1) * 81 + (c - 1) * 9 + d);
          expect(varCell(v)).toEqual({ cell: cellAt(r - 1, c - 1), digit: d });
          seen.add(v);
        }
      }
    }
    expect(Math.min(...seen)).toBe(1);
    expect(Math.max(...seen)).toBe(729);
    expect(seen.size).toBe(729);
  });

  it('gives the course examples', () => {
    expect(cellVar(cellAt(0, 0), 1)).toBe(1);
    expect(cellVar(cellAt(1, 2), 4)).toBe(103);
    expect(cellVar(cellAt(8, 8), 9)).toBe(729);
  });
});

describe.each([
  ['classic', classic],
  ['percent', percent],
] as const)('encodeRules (%s)', (_, variant) => {
  const rules = encodeRules(variant);
  const clauses = new Set(rules.clauses.map(key));

  /** The clauses "exactly one of `vars`" needs that the encoding lacks. */
  const missingExactlyOne = (vars: readonly number[]): string[] => {
    const wanted = [key(vars)];
    for (const a of vars) for (const b of vars) if (a < b) wanted.push(key([-a, -b]));
    return wanted.filter((clause) => !clauses.has(clause));
  };

  it('has every cell hold at least and at most one digit', () => {
    expect(rules.numVars).toBe(NUM_VARS);
    for (let cell = 0; cell < CELLS; cell++) {
      const vars = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => cellVar(cell, d));
      expect(missingExactlyOne(vars), `cell ${cell}`).toEqual([]);
    }
  });

  it('has every house hold every digit at least and at most once', () => {
    for (const house of variant.houses) {
      for (let d = 1; d <= 9; d++) {
        const vars = house.cells.map((cell) => cellVar(cell, d));
        expect(missingExactlyOne(vars), `${house.name} digit ${d}`).toEqual([]);
      }
    }
  });

  it('has nothing else, and no clause twice', () => {
    // One long clause per cell and per house × digit; one binary clause per pair of digits
    // in a cell and per digit and pair of peers.
    const peerPairs = variant.peers.reduce((n, p) => n + p.length, 0) / 2;
    const expected = CELLS + variant.houses.length * 9 + CELLS * 36 + peerPairs * 9;
    expect(rules.clauses.length).toBe(expected);
    expect(clauses.size).toBe(expected);
  });
});

describe('encodePuzzle and decodeModel', () => {
  it('adds one unit clause per given after the rules', () => {
    const puzzle = grid(CLASSIC_PUZZLE);
    const cnf = encodePuzzle(classic, puzzle);
    const rules = encodeRules(classic);
    expect(cnf.numVars).toBe(NUM_VARS);
    expect(cnf.clauses.length).toBe(rules.clauses.length + 30);
    const units = cnf.clauses.slice(rules.clauses.length).map((c) => Array.from(c));
    expect(units).toEqual(givenLiterals(puzzle).map((lit) => [lit]));
    // R1C1 holds 5: variable (1−1)·81 + (1−1)·9 + 5.
    expect(units[0]).toEqual([5]);
  });

  it.each([
    ['classic', classic, CLASSIC_PUZZLE, CLASSIC_SOLUTION],
    ['percent', percent, PERCENT_PUZZLE, PERCENT_SOLUTION],
  ] as const)('round-trips a %s puzzle through the CDCL solver', (_, variant, text, expected) => {
    const puzzle = grid(text);
    const solution = solveWithCdcl(variant, puzzle);
    if (solution === 'unsat') throw new Error('the puzzle has a solution');
    expect(isSolved(variant, solution)).toBe(true);
    expect(agreesWithGivens(puzzle, solution)).toBe(true);
    // Both puzzles have one solution, so the solver must find that one.
    expect(formatGrid(solution)).toBe(expected);
  });

  it('solves an empty grid and proves contradictory givens unsatisfiable', () => {
    const solution = solveWithCdcl(percent, new Uint8Array(CELLS));
    expect(solution !== 'unsat' && isSolved(percent, solution)).toBe(true);
    // The classic example's givens have no percent solution.
    expect(solveWithCdcl(percent, grid(CLASSIC_PUZZLE))).toBe('unsat');
  });

  it('decodes a model with no true digit in a cell as a blank', () => {
    const model = new Uint8Array(NUM_VARS + 1);
    model[cellVar(0, 5)] = 1;
    model[cellVar(80, 9)] = 1;
    const g = decodeModel(model);
    expect(g[0]).toBe(5);
    expect(g[80]).toBe(9);
    expect(g.filter((d) => d !== 0)).toHaveLength(2);
  });
});

describe('satisfiesRules', () => {
  it('accepts solutions of the variant', () => {
    expect(satisfiesRules(encodeRules(classic), grid(CLASSIC_SOLUTION))).toBe(true);
    expect(satisfiesRules(encodeRules(percent), grid(PERCENT_SOLUTION))).toBe(true);
    expect(satisfiesRules(encodeRules(classic), grid(PERCENT_SOLUTION))).toBe(true);
  });

  it('rejects a swapped pair, a blank and a grid breaking the variant', () => {
    const rules = encodeRules(classic);
    const solution = grid(CLASSIC_SOLUTION);
    expect(satisfiesRules(rules, swapCells(solution, 0, 1))).toBe(false);
    expect(satisfiesRules(rules, swapCells(solution, 0, 80))).toBe(false);
    const blank = Uint8Array.from(solution);
    blank[40] = 0;
    expect(satisfiesRules(rules, blank)).toBe(false);
    expect(satisfiesRules(encodeRules(percent), solution)).toBe(false);
  });
});
