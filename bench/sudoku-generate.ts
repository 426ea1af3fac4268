import {
  createRng,
  generate,
  getVariant,
  isSolved,
  SudokuSolver,
  type DifficultyName,
} from '@percent/engine';
import { solutionError } from './sudoku-rates.ts';

/** CPU milliseconds of one call of `generate` per seed, with what went wrong. */
export interface GenerationStats {
  readonly difficulty: DifficultyName;
  readonly seeds: number;
  /** Sorted CPU ms of the calls that returned a puzzle. */
  readonly times: readonly number[];
  /** Calls that ran out of their time budget. */
  readonly timedOut: number;
  /** Puzzles that were not unique, had a wrong solution or another grade than asked. */
  readonly wrong: number;
  readonly firstWrong?: string;
  readonly meanClues: number;
}

/** The per-call budget: an outlier is counted as timed out instead of stalling the bench. */
export const GENERATE_BUDGET_MS = 30_000;

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Why a generated puzzle is unacceptable, or undefined. */
function generatedError(
  checker: SudokuSolver,
  asked: DifficultyName,
  result: { puzzle: Uint8Array; solution: Uint8Array; grade: { difficulty: DifficultyName } },
): string | undefined {
  const count = checker.count(result.puzzle);
  if (count.status !== 'counted' || count.count !== 1)
    return `not unique (count ${count.status === 'counted' ? count.count : 'unknown'})`;
  const error = solutionError(checker.variant, result.puzzle, result.solution);
  if (error !== undefined) return `its solution: ${error}`;
  if (result.grade.difficulty !== asked) return `graded ${result.grade.difficulty}`;
  return undefined;
}

/**
 * `generate` for seeds 0..seeds-1 of one difficulty on the percent variant, in this process
 * (one core). The first seed of each difficulty runs once untimed as a warm-up. Every
 * puzzle is re-checked: unique by `count`, solution valid, grade as asked.
 */
export function measureGeneration(difficulty: DifficultyName, seeds: number): GenerationStats {
  const variant = getVariant('percent');
  const checker = new SudokuSolver(variant);
  const budget = { timeMs: GENERATE_BUDGET_MS };
  generate({ variant, rng: createRng(1_000_000), difficulty, budget });
  const times: number[] = [];
  let timedOut = 0;
  let wrong = 0;
  let firstWrong: string | undefined;
  let clues = 0;
  for (let seed = 0; seed < seeds; seed++) {
    const start = process.cpuUsage();
    const result = generate({ variant, rng: createRng(seed), difficulty, budget });
    const ms = cpuMs(start);
    if (result.status !== 'ok') {
      timedOut++;
      continue;
    }
    times.push(ms);
    clues += result.clues;
    const error = generatedError(checker, difficulty, result);
    if (error === undefined) continue;
    wrong++;
    firstWrong ??= `seed ${seed}: ${error}`;
  }
  times.sort((a, b) => a - b);
  return { difficulty, seeds, times, timedOut, wrong, firstWrong, meanClues: clues / times.length };
}

/** Nearest-rank percentile of sorted values; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** What a file of endgames held, checked line by line. */
export interface EndgameCheck {
  readonly lines: number;
  readonly distinct: number;
  readonly invalid: number;
}

/** Reads back an endgames file (81 digits and LF per line): counts, distinctness, validity. */
export function checkEndgames(text: string): EndgameCheck {
  const classic = getVariant('classic');
  const seen = new Set<string>();
  const grid = new Uint8Array(81);
  let lines = 0;
  let invalid = 0;
  for (let at = 0; at < text.length; at += 82) {
    const line = text.slice(at, at + 81);
    lines++;
    seen.add(line);
    for (let i = 0; i < 81; i++) grid[i] = line.charCodeAt(i) - 48;
    if (text[at + 81] !== '\n' || !isSolved(classic, grid)) invalid++;
  }
  return { lines, distinct: seen.size, invalid };
}
