import { DIFFICULTIES, getVariant, gradePuzzle, type Grade } from '@percent/engine';
import type { PuzzleSet } from './sudoku-data.ts';

/** Our grader against Andoku's published levels (1..5) on the same puzzles. */
export interface GraderAgreement {
  readonly puzzles: number;
  /** Spearman's ρ between our numeric `score` and Andoku's level. */
  readonly scoreRho: number;
  /** Spearman's ρ between our difficulty's rank (easy 0 … expert 3) and Andoku's level. */
  readonly difficultyRho: number;
  /** confusion[level - 1][difficulty index]: how many puzzles. */
  readonly confusion: readonly (readonly number[])[];
  /** Mean ms per `gradePuzzle`. */
  readonly msPerGrade: number;
  /** Puzzles the techniques alone did not solve. */
  readonly needSearch: number;
}

/** Ranks 1..n, ties getting the average of the ranks they span. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Array<number>(values.length);
  for (let from = 0; from < order.length;) {
    let to = from;
    while (to + 1 < order.length && values[order[to + 1]!] === values[order[from]!]) to++;
    for (let k = from; k <= to; k++) ranks[order[k]!] = (from + to) / 2 + 1;
    from = to + 1;
  }
  return ranks;
}

function pearson(a: readonly number[], b: readonly number[]): number {
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** Spearman's rank correlation with ties: Pearson's r of the average ranks. */
export function spearman(a: readonly number[], b: readonly number[]): number {
  return pearson(averageRanks(a), averageRanks(b));
}

/** Grades every puzzle of an Andoku percent set (which must have levels). */
export function measureGrader(set: PuzzleSet): GraderAgreement {
  const levels = set.levels;
  if (levels === undefined || levels.length !== set.puzzles.length)
    throw new Error(`${set.dir}: levels.txt missing or not one level per puzzle`);
  const variant = getVariant('percent');
  const started = performance.now();
  const grades: Grade[] = set.puzzles.map((puzzle) => gradePuzzle(puzzle, variant));
  const msPerGrade = (performance.now() - started) / grades.length;
  const difficulty = grades.map((g) => DIFFICULTIES.indexOf(g.difficulty));
  const confusion = [1, 2, 3, 4, 5].map(() => DIFFICULTIES.map(() => 0));
  levels.forEach((level, i) => {
    if (level < 1 || level > 5)
      throw new Error(`${set.dir}/levels.txt:${i + 1}: level ${level} not in 1..5`);
    confusion[level - 1]![difficulty[i]!]!++;
  });
  return {
    puzzles: grades.length,
    scoreRho: spearman(
      grades.map((g) => g.score),
      levels,
    ),
    difficultyRho: spearman(difficulty, levels),
    confusion,
    msPerGrade,
    needSearch: grades.filter((g) => !g.solvedByLogic).length,
  };
}
