import { shuffle, type Rng } from '../rng.ts';
import { cellVar, givenLiterals } from './encode.ts';
import { CELLS, countGivens, type CellIndex, type Grid } from './grid.ts';
import {
  DIFFICULTIES,
  difficultyOf,
  gradePuzzle,
  type DifficultyName,
  type Grade,
} from './logic/index.ts';
import { randomSolvedGrid, SudokuSolver } from './solver.ts';
import { shuffledOrbits, type SymmetryName } from './symmetry.ts';
import type { Variant } from './variant.ts';

export interface GenerateOptions {
  readonly variant: Variant;
  readonly rng: Rng;
  /** Wanted grade; any when absent. */
  readonly difficulty?: DifficultyName;
  /** Allowed number of blanks, inclusive (default 0..81: as sparse as uniqueness allows). */
  readonly holes?: { readonly min: number; readonly max: number };
  /** Default `none`. */
  readonly symmetry?: SymmetryName;
  /** Milliseconds; default 10 s. */
  readonly budget?: { readonly timeMs?: number };
  readonly signal?: AbortSignal;
}

export interface GeneratedPuzzle {
  readonly puzzle: Grid;
  readonly solution: Grid;
  readonly grade: Grade;
  readonly clues: number;
  /** Full grids tried before this one fitted. */
  readonly attempts: number;
}

export type GenerateResult =
  | ({ readonly status: 'ok' } & GeneratedPuzzle)
  | { readonly status: 'unknown'; readonly reason: 'time' | 'aborted'; readonly attempts: number };

const DEFAULT_TIME_MS = 10_000;

/**
 * A puzzle whose solution is unique — always: every removal is kept only after the solver
 * proved it leaves a single solution. Graded by the logic a person needs. Deterministic for
 * a given rng state; stops with `unknown` when the budget or the signal says so.
 */
export function generate(options: GenerateOptions): GenerateResult {
  checkHoles(options.holes);
  const solver = new SudokuSolver(options.variant);
  const deadline = performance.now() + (options.budget?.timeMs ?? DEFAULT_TIME_MS);
  for (let attempts = 1; ; attempts++) {
    if (options.signal?.aborted) return { status: 'unknown', reason: 'aborted', attempts };
    if (performance.now() > deadline) return { status: 'unknown', reason: 'time', attempts };
    const found = attempt(solver, options);
    if (found !== undefined) return { status: 'ok', ...found, attempts };
  }
}

/** A hole range that cannot be right is a caller's mistake, not ten seconds of search. */
function checkHoles(holes: GenerateOptions['holes']): void {
  if (holes === undefined) return;
  const { min, max } = holes;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max > CELLS || min > max)
    throw new RangeError(
      `holes must be whole numbers with 0 ≤ min ≤ max ≤ ${CELLS}, got ${min}-${max}`,
    );
}

/** Orders of the removed orbits tried per full grid before making a new one. */
const ORDERS_PER_GRID = 4;

/**
 * One full grid, dug out; undefined when it cannot give the wanted grade within the holes.
 * Any subset of the removed orbits leaves a unique puzzle (more clues never add solutions),
 * so besides the dig-out order a few shuffled orders are graded too: far cheaper than a new
 * grid when the dig-out order jumps over the wanted grade.
 */
function attempt(
  solver: SudokuSolver,
  options: GenerateOptions,
): Omit<GeneratedPuzzle, 'attempts'> | undefined {
  const { rng } = options;
  const holes = options.holes ?? { min: 0, max: CELLS };
  const solution = randomSolvedGrid(solver, rng);
  const orbits = shuffledOrbits(options.symmetry ?? 'none', rng);
  const steps = digOut(solver, solution, orbits, holes.max);
  for (let order = 0; order < ORDERS_PER_GRID; order++) {
    if (options.signal?.aborted) return undefined;
    const found = pickFromOrder(solution, order === 0 ? steps : shuffle([...steps], rng), options);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The puzzle to keep among the prefixes of one removal order, if one fits. */
function pickFromOrder(
  solution: Grid,
  steps: readonly CellIndex[][],
  options: GenerateOptions,
): Omit<GeneratedPuzzle, 'attempts'> | undefined {
  const holes = options.holes ?? { min: 0, max: CELLS };
  // Every prefix of `steps` is a unique puzzle; keep those whose blank count fits.
  const candidates: number[] = [];
  let blanks = 0;
  for (let k = 0; k <= steps.length; k++) {
    if (blanks >= holes.min && blanks <= holes.max) candidates.push(k);
    blanks += steps[k]?.length ?? 0;
  }
  if (candidates.length === 0) return undefined;
  // The search needs only difficulties (cheap); the kept puzzle gets the full grade.
  const levels = new Map<number, number>();
  const rankAt = (i: number): number => {
    let rank = levels.get(i);
    if (rank === undefined) {
      const puzzle = prefixPuzzle(solution, steps, candidates[i]!);
      rank = DIFFICULTIES.indexOf(difficultyOf(puzzle, options.variant));
      levels.set(i, rank);
    }
    return rank;
  };
  const pick = pickCandidate(candidates.length, rankAt, options.difficulty);
  if (pick === undefined) return undefined;
  const puzzle = prefixPuzzle(solution, steps, candidates[pick]!);
  const grade = gradePuzzle(puzzle, options.variant, solution);
  return { puzzle, solution, grade, clues: countGivens(puzzle) };
}

/**
 * Removes orbit after orbit (skipping one that would exceed `maxHoles` blanks) while the
 * solution stays unique. Returns the orbits removed, in order.
 */
function digOut(
  solver: SudokuSolver,
  solution: Grid,
  orbits: readonly CellIndex[][],
  maxHoles: number,
): CellIndex[][] {
  const puzzle = Uint8Array.from(solution);
  const steps: CellIndex[][] = [];
  let blanks = 0;
  for (const orbit of orbits) {
    if (blanks + orbit.length > maxHoles) continue;
    for (const cell of orbit) puzzle[cell] = 0;
    if (staysUnique(solver, puzzle, solution, orbit)) {
      steps.push(orbit);
      blanks += orbit.length;
    } else {
      for (const cell of orbit) puzzle[cell] = solution[cell]!;
    }
  }
  return steps;
}

/**
 * Whether `puzzle` (the previous unique puzzle with `orbit` blanked) still has only
 * `solution`. For one cell this is a single assumption query: any other solution must differ
 * at that cell, so the puzzle is unique iff it has no solution with another digit there.
 */
function staysUnique(
  solver: SudokuSolver,
  puzzle: Grid,
  solution: Grid,
  orbit: CellIndex[],
): boolean {
  if (orbit.length === 1) {
    const cell = orbit[0]!;
    const assumptions = [...givenLiterals(puzzle), -cellVar(cell, solution[cell]!)];
    const result = solver.countAssuming(assumptions, 1);
    return result.status === 'done' && result.count === 0;
  }
  const answer = solver.count(puzzle);
  return answer.status === 'counted' && answer.count === 1;
}

function prefixPuzzle(solution: Grid, steps: readonly CellIndex[][], k: number): Grid {
  const puzzle = Uint8Array.from(solution);
  for (let i = 0; i < k; i++) for (const cell of steps[i]!) puzzle[cell] = 0;
  return puzzle;
}

/**
 * Index of the candidate to use: with no wanted difficulty the sparsest; otherwise the
 * sparsest whose grade is the wanted one, found by binary search since grades rise (nearly
 * always) as clues go. Undefined when this order cannot give that grade: the band of a grade
 * is often narrow, and along one order the grade may jump over it.
 */
function pickCandidate(
  n: number,
  rank: (i: number) => number,
  wanted: DifficultyName | undefined,
): number | undefined {
  if (wanted === undefined) return n - 1;
  const target = DIFFICULTIES.indexOf(wanted);
  if (rank(0) > target) return undefined;
  if (rank(n - 1) <= target) return rank(n - 1) === target ? n - 1 : undefined;
  // Largest i with rank(i) <= target.
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rank(mid) <= target) lo = mid;
    else hi = mid - 1;
  }
  return rank(lo) === target ? lo : undefined;
}
