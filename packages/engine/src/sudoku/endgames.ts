import { shuffle, type Rng } from '../rng.ts';
import { CELLS, type Grid } from './grid.ts';
import { randomSolvedGrid, SudokuSolver } from './solver.ts';
import type { Variant } from './variant.ts';

/** Relabelings taken from each fresh base grid before the next one is solved. */
const PER_BASE = 1000;

/**
 * Distinct solved grids, lazily. Each base grid is a random solution from the SAT solver;
 * relabeling its digits by a permutation keeps every house valid, in every variant. Distinct
 * by construction: a base is used only when its normal form (digits renamed in order of
 * first appearance) is new, and one base's relabelings differ because every digit occurs in
 * it. Each yielded grid is a fresh array.
 */
export function* endgames(variant: Variant, count: number, rng: Rng): Generator<Grid> {
  const solver = new SudokuSolver(variant);
  const seenBases = new Set<string>();
  let produced = 0;
  while (produced < count) {
    const base = normalize(randomSolvedGrid(solver, rng));
    const key = base.join('');
    if (seenBases.has(key)) continue;
    seenBases.add(key);
    for (const labels of distinctPermutations(Math.min(PER_BASE, count - produced), rng)) {
      yield relabel(base, labels);
      produced++;
    }
  }
}

/**
 * `base` with every digit d replaced by labels[d]. Kept out of the generator body: V8
 * optimises a plain function's loop far better (endgames ran 2× slower with it inline).
 */
function relabel(base: Grid, labels: Uint8Array): Grid {
  const grid = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) grid[i] = labels[base[i]!]!;
  return grid;
}

/** The grid with digits renamed 1, 2, 3 … in order of first appearance. */
export function normalize(grid: Grid): Grid {
  const rename = new Uint8Array(10);
  const out = new Uint8Array(CELLS);
  let next = 0;
  for (let i = 0; i < CELLS; i++) {
    const d = grid[i]!;
    if (rename[d] === 0) rename[d] = ++next;
    out[i] = rename[d]!;
  }
  return out;
}

/** `n` (≤ 9!) distinct random permutations of 1..9, each a lookup table indexed by digit. */
function* distinctPermutations(n: number, rng: Rng): Generator<Uint8Array> {
  const seen = new Set<number>();
  const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  while (seen.size < n) {
    shuffle(digits, rng);
    let key = 0;
    for (const d of digits) key = key * 10 + d;
    if (seen.has(key)) continue;
    seen.add(key);
    const labels = new Uint8Array(10);
    labels.set(digits, 1);
    yield labels;
  }
}
