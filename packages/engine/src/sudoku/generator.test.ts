/**
 * Generated puzzles: unique by the independent CDCL checker, faithful to their solution,
 * reproducible, within the asked holes, symmetry and difficulty, and stoppable.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { isSolved } from './check.ts';
import { generate, type GenerateOptions, type GenerateResult } from './generator.ts';
import { CELLS, countGivens, formatGrid } from './grid.ts';
import { DIFFICULTIES, gradePuzzle } from './logic/index.ts';
import { SudokuSat } from './sat-sudoku.ts';
import { agreesWithGivens } from './testing/fixtures.ts';
import { getVariant, type Variant } from './variant.ts';

const classic = getVariant('classic');
const percent = getVariant('percent');
const checkers = new Map([classic, percent].map((v) => [v.id, new SudokuSat(v)]));

type Generated = Extract<GenerateResult, { status: 'ok' }>;

function generated(
  options: Partial<GenerateOptions> & { variant: Variant; seed: string },
): Generated {
  const result = generate({ ...options, rng: createRng(options.seed) });
  if (result.status !== 'ok') throw new Error(`${options.seed}: ${result.status}/${result.reason}`);
  return result;
}

/** Why a generated puzzle is wrong, or null. */
function flaw(variant: Variant, g: Generated): string | null {
  const answer = checkers.get(variant.id)!.count(g.puzzle);
  if (answer.status !== 'counted' || answer.count !== 1)
    return `not unique: ${JSON.stringify(answer)}`;
  if (formatGrid(answer.solution!) !== formatGrid(g.solution)) return 'solution differs';
  if (!isSolved(variant, g.solution)) return 'invalid solution';
  if (!agreesWithGivens(g.puzzle, g.solution)) return 'a given differs from the solution';
  if (g.clues !== countGivens(g.puzzle)) return `clues ${g.clues}, givens ${countGivens(g.puzzle)}`;
  return null;
}

const SEEDS = ['gen-0', 'gen-1', 'gen-2', 'gen-3'];
let sparse: Generated[] | undefined;
/** Default (sparsest) percent puzzles, made once on first use for several tests. */
const sparsePercent = (): Generated[] =>
  (sparse ??= SEEDS.map((seed) => generated({ variant: percent, seed })));

describe('generate', () => {
  it.each([
    ['classic', classic],
    ['percent', percent],
  ] as const)('makes %s puzzles with exactly one solution', (_, variant) => {
    const puzzles =
      variant === percent ? sparsePercent() : SEEDS.map((seed) => generated({ variant, seed }));
    expect(puzzles.map((g) => flaw(variant, g))).toEqual(SEEDS.map(() => null));
    for (const g of puzzles) expect(gradePuzzle(g.puzzle, variant)).toEqual(g.grade);
  });

  it('reaches 17 clues or fewer for percent with the default settings', () => {
    const clues = sparsePercent().map((g) => g.clues);
    expect(Math.min(...clues)).toBeLessThanOrEqual(17);
  });

  it('is reproducible from the seed', () => {
    const again = generated({ variant: percent, seed: SEEDS[0]! });
    expect(formatGrid(again.puzzle)).toBe(formatGrid(sparsePercent()[0]!.puzzle));
    expect(formatGrid(again.solution)).toBe(formatGrid(sparsePercent()[0]!.solution));
    expect(formatGrid(sparsePercent()[1]!.puzzle)).not.toBe(formatGrid(sparsePercent()[0]!.puzzle));
  });

  it('keeps the number of blanks within the holes asked', () => {
    for (const [i, holes] of [
      { min: 30, max: 40 },
      { min: 45, max: 45 },
      { min: 0, max: 20 },
    ].entries()) {
      const g = generated({ variant: percent, seed: `holes-${i}`, holes });
      const blanks = CELLS - g.clues;
      expect(blanks >= holes.min && blanks <= holes.max, `${blanks} blanks`).toBe(true);
      expect(flaw(percent, g)).toBeNull();
    }
  });

  it('blanks cells in rotational pairs when asked', () => {
    for (const variant of [classic, percent]) {
      const g = generated({ variant, seed: 'rotational', symmetry: 'rotational' });
      const unpaired = [...g.puzzle.keys()].filter(
        (i) => (g.puzzle[i] === 0) !== (g.puzzle[80 - i] === 0),
      );
      expect(unpaired).toEqual([]);
      expect(flaw(variant, g)).toBeNull();
    }
  });

  it.each(DIFFICULTIES)('makes a percent puzzle graded %s when asked', (difficulty) => {
    const g = generated({ variant: percent, seed: `difficulty-${difficulty}`, difficulty });
    expect(g.grade.difficulty).toBe(difficulty);
    expect(flaw(percent, g)).toBeNull();
  });

  it('stops with unknown on an aborted signal', () => {
    const controller = new AbortController();
    controller.abort();
    const result = generate({ variant: percent, rng: createRng(0), signal: controller.signal });
    expect(result).toEqual({ status: 'unknown', reason: 'aborted', attempts: 1 });
  });

  it('stops with unknown when the time budget runs out', () => {
    // No removal order blanks all 81 cells, so no attempt can succeed.
    const start = performance.now();
    const result = generate({
      variant: classic,
      rng: createRng(0),
      holes: { min: 81, max: 81 },
      budget: { timeMs: 100 },
    });
    expect(result).toMatchObject({ status: 'unknown', reason: 'time' });
    expect(result.attempts).toBeGreaterThan(1);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
