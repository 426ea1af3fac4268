import { createRequire } from 'node:module';
import { SudokuSolver as AlgorithmSolver } from '@algorithm.ts/sudoku';
import { CELLS, SudokuSolver, type Grid, type Variant } from '@percent/engine';
import { DancingLinks } from 'dancing-links';

// `sudoku` is CommonJS whose exports Node cannot name statically: load it through require.
const { solvepuzzle } = createRequire(import.meta.url)('sudoku') as typeof import('sudoku');

/**
 * The solvers the sudoku bench races: ours and the npm packages, behind one shape. Each
 * contender converts the puzzles to its own format in `prepare` (not timed), then `solve(i)`
 * / `count(i)` are timed and only record the raw answer; `solution(i)` / `counted(i)` turn it
 * back into a Grid afterwards (not timed) so every answer can be checked.
 */
export interface Contender {
  /** Package and version as shown in the report. */
  readonly name: string;
  /** How it was called, for the report. */
  readonly how: string;
  /** What it offers for uniqueness checking, when it has no `count`. */
  readonly countNote?: string;
  supports(variant: Variant): boolean;
  prepare(variant: Variant, puzzles: readonly Grid[]): Prepared;
}

export interface Prepared {
  solve(i: number): void;
  /** The recorded answer of `solve(i)`: a grid, or undefined when it said "no solution". */
  solution(i: number): Grid | undefined;
  /** Counting up to two solutions, when the solver can. */
  readonly count?: (i: number) => void;
  /** The recorded answer of `count(i)`: 0, 1 or 2 (two or more); undefined when not run. */
  counted?(i: number): number | undefined;
}

/** Digits 1..9 of a 0-based answer array (-1 or null for blank), as a Grid. */
function fromZeroBased(values: readonly (number | null)[]): Grid {
  const grid = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const v = values[i];
    grid[i] = typeof v === 'number' && v >= 0 ? v + 1 : 0;
  }
  return grid;
}

const ours: Contender = {
  name: '@percent/engine SudokuSolver',
  how: 'one `SudokuSolver` per variant, reused; `.solve(puzzle)` and `.count(puzzle)`',
  supports: () => true,
  prepare(variant, puzzles) {
    const solver = new SudokuSolver(variant);
    const solutions: (Grid | undefined)[] = [];
    const counts: (number | undefined)[] = [];
    return {
      solve(i) {
        const answer = solver.solve(puzzles[i]!);
        solutions[i] = answer.status === 'solved' ? answer.solution : undefined;
      },
      solution: (i) => solutions[i],
      count(i) {
        const answer = solver.count(puzzles[i]!);
        counts[i] = answer.status === 'counted' ? answer.count : undefined;
      },
      counted: (i) => counts[i],
    };
  },
};

const algorithmTs: Contender = {
  name: '@algorithm.ts/sudoku 4.0.3',
  how: '`new SudokuSolver({ childMatrixWidth: 3 })` reused; `.solve(puzzle, solution)` (DLX), -1 for blanks, digits 0..8',
  countNote: 'no counting API (`solve` stops at the first solution)',
  supports: (variant) => variant.id === 'classic',
  prepare(_variant, puzzles) {
    const solver = new AlgorithmSolver({ childMatrixWidth: 3 });
    const inputs = puzzles.map((p) => Array.from(p, (d) => d - 1));
    const answers: (number[] | undefined)[] = [];
    return {
      solve(i) {
        const out = new Array<number>(CELLS).fill(-1);
        answers[i] = solver.solve(inputs[i]!, out) ? out : undefined;
      },
      solution: (i) => (answers[i] === undefined ? undefined : fromZeroBased(answers[i])),
    };
  },
};

const dachev: Contender = {
  name: 'sudoku 0.0.3',
  how: '`solvepuzzle(board)`, null for blanks, digits 0..8 (randomised backtracking with deduction)',
  countNote: 'no counting API (its internal uniqueness check `checkpuzzle` is not exported)',
  supports: (variant) => variant.id === 'classic',
  prepare(_variant, puzzles) {
    const inputs = puzzles.map((p) => Array.from(p, (d) => (d === 0 ? null : d - 1)));
    const answers: unknown[] = [];
    return {
      solve(i) {
        answers[i] = solvepuzzle(inputs[i]) as unknown;
      },
      solution(i) {
        const answer = answers[i];
        return Array.isArray(answer) ? fromZeroBased(answer as (number | null)[]) : undefined;
      },
    };
  },
};

/**
 * Exact-cover rows of a puzzle over the variant's columns: one per cell, then one per
 * (house, digit). Works for any variant, so dancing-links also races on percent puzzles. A
 * given cell gets only its digit's row, a blank cell all nine (as @algorithm.ts/sudoku
 * builds its matrix). Row data is `cell * 9 + digit - 1`.
 */
function exactCoverRows(
  variant: Variant,
  puzzle: Grid,
): { data: number; columnIndices: number[] }[] {
  const rows: { data: number; columnIndices: number[] }[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const given = puzzle[cell]!;
    for (let d = given === 0 ? 1 : given; d <= (given === 0 ? 9 : given); d++) {
      const columns = [cell];
      for (const house of variant.housesOf[cell]!) columns.push(CELLS + house * 9 + d - 1);
      rows.push({ data: cell * 9 + d - 1, columnIndices: columns });
    }
  }
  return rows;
}

/** The grid an exact cover picks, from its rows' data. */
function gridOfRows(rows: readonly { data: number }[]): Grid {
  const grid = new Uint8Array(CELLS);
  for (const { data } of rows) grid[Math.floor(data / 9)] = (data % 9) + 1;
  return grid;
}

const dancingLinks: Contender = {
  name: 'dancing-links 4.3.10',
  how: 'per puzzle `createSolver({ columns })` + `addSparseConstraints` (cell and house×digit columns, any variant); `findOne()` to solve, `find(2)` to count',
  supports: () => true,
  prepare(variant, puzzles) {
    const dlx = new DancingLinks<number>();
    const columns = CELLS + variant.houses.length * 9;
    const solutions: (Grid | undefined)[] = [];
    const counts: number[] = [];
    const search = (i: number, limit: number) => {
      const solver = dlx.createSolver({ columns });
      solver.addSparseConstraints(exactCoverRows(variant, puzzles[i]!));
      return limit === 1 ? solver.findOne() : solver.find(limit);
    };
    return {
      solve(i) {
        const [first] = search(i, 1);
        solutions[i] = first === undefined ? undefined : gridOfRows(first);
      },
      solution: (i) => solutions[i],
      count(i) {
        counts[i] = search(i, 2).length;
      },
      counted: (i) => counts[i],
    };
  },
};

export const CONTENDERS: readonly Contender[] = [ours, algorithmTs, dachev, dancingLinks];
