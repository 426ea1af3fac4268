import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DIFFICULTIES, getVariant, type VariantIdName } from '@percent/engine';
import type { BenchContext, BenchSection, SectionResult } from './section.ts';
import { CONTENDERS } from './sudoku-contenders.ts';
import { loadSet, sudokuDataDir, type PuzzleSet } from './sudoku-data.ts';
import { measureEndgames, type EndgamesRun } from './sudoku-endgames.ts';
import { measureGeneration, type GenerationStats } from './sudoku-generate.ts';
import { measureGrader, type GraderAgreement } from './sudoku-grade.ts';
import { measureContenders } from './sudoku-rates.ts';
import { targetLines } from './sudoku-targets.ts';
import { renderSudoku, type SetRates, type SudokuReport } from './sudoku-report.ts';

/**
 * The sudoku section (issue 3): solve and count rates of ours against the npm solvers on the
 * 17-clue classics and Andoku's percent puzzles, generation times per difficulty, 10⁶
 * endgames to a file, and our grader against Andoku's levels. `--sets` picks parts by the
 * names in SUDOKU_PARTS; `--limit N` caps the puzzles per set (at least QUICK_PUZZLES under
 * `--quick`, whose default limit of 2 is meant for CNF files).
 */
export const sudokuSection: BenchSection = { id: 'sudoku', run: runSudokuSection };

export const SUDOKU_PARTS = [
  'sudoku17',
  'percent_andoku',
  'generate',
  'endgames',
  'grade',
] as const;
type Part = (typeof SUDOKU_PARTS)[number];

/** The run's sizes: full by default, a one-or-two-minute smoke run under `--quick`. */
export interface SudokuPlan {
  readonly puzzles: number;
  /** CPU ms after which one solver's loop stops. */
  readonly capMs: number;
  readonly seeds: Readonly<Record<(typeof DIFFICULTIES)[number], number>>;
  readonly endgames: number;
}

const QUICK_PUZZLES = 2000;

function plan(context: BenchContext): SudokuPlan {
  const { quick, limit } = context.options;
  if (quick) {
    return {
      puzzles: Math.max(limit, QUICK_PUZZLES),
      capMs: 10_000,
      seeds: { easy: 10, medium: 10, hard: 10, expert: 5 },
      endgames: 100_000,
    };
  }
  return {
    puzzles: limit,
    capMs: 120_000,
    seeds: { easy: 100, medium: 100, hard: 100, expert: 100 },
    endgames: 1_000_000,
  };
}

function chooseParts(sets: readonly string[]): readonly Part[] {
  const chosen = SUDOKU_PARTS.filter((part) => sets.includes(part));
  return chosen.length > 0 ? chosen : SUDOKU_PARTS;
}

/** Rates of every contender that supports the variant; undefined when the set is absent. */
async function rates(
  context: BenchContext,
  root: string,
  name: string,
  variantId: VariantIdName,
  limit: number,
): Promise<SetRates | string> {
  const set = await loadSet(root, name, limit);
  if (set === undefined) return skipped(context, `${path.join(root, name)}/puzzles.txt not found`);
  const variant = getVariant(variantId);
  const contenders = CONTENDERS.filter((c) => c.supports(variant));
  const names = contenders.map((c) => c.name).join(', ');
  context.log(`${name}: ${set.puzzles.length} puzzles, taking turns: ${names}`);
  const results = measureContenders(contenders, variant, set.puzzles, plan(context).capMs);
  for (const { contender, solve, count } of results) {
    for (const rate of [solve, count]) {
      if (rate?.firstWrong !== undefined)
        context.log(`!!! ${contender.name} on ${name}: ${rate.wrong} wrong, ${rate.firstWrong}`);
    }
  }
  return { set: name, variant: variantId, puzzles: set.puzzles.length, results };
}

function skipped(context: BenchContext, why: string): string {
  context.log(`skipped: ${why}`);
  return `skipped: ${why}`;
}

function generation(context: BenchContext): GenerationStats[] {
  const { seeds } = plan(context);
  return DIFFICULTIES.map((difficulty) => {
    context.log(`generate ${difficulty}: ${seeds[difficulty]} seeds`);
    const stats = measureGeneration(difficulty, seeds[difficulty]);
    if (stats.firstWrong !== undefined) context.log(`!!! generate: ${stats.firstWrong}`);
    return stats;
  });
}

async function endgameRuns(context: BenchContext): Promise<EndgamesRun[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'percent-bench-endgames-'));
  try {
    context.log(`endgames: ${plan(context).endgames} grids`);
    return await measureEndgames(scratch, plan(context).endgames);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function grader(context: BenchContext, root: string): Promise<GraderAgreement | string> {
  const set: PuzzleSet | undefined = await loadSet(root, 'percent_andoku', Infinity);
  if (set === undefined) return skipped(context, `${path.join(root, 'percent_andoku')} not found`);
  context.log(`grade: ${set.puzzles.length} Andoku percent puzzles`);
  return measureGrader(set);
}

async function runSudokuSection(context: BenchContext): Promise<SectionResult> {
  const root = sudokuDataDir(context.repoRoot);
  const parts = chooseParts(context.options.sets);
  const sizes = plan(context);
  const load = loadavg();
  // Endgames first, while this process's heap is still small: the solver races leave
  // hundreds of MB for the collector, which would otherwise be billed to the endgames.
  const endgames = parts.includes('endgames') ? await endgameRuns(context) : undefined;
  const report: SudokuReport = {
    context,
    plan: sizes,
    dataDir: root,
    load,
    endgames,
    classic: parts.includes('sudoku17')
      ? await rates(context, root, 'sudoku17', 'classic', sizes.puzzles)
      : undefined,
    percent: parts.includes('percent_andoku')
      ? await rates(context, root, 'percent_andoku', 'percent', sizes.puzzles)
      : undefined,
    generation: parts.includes('generate') ? generation(context) : undefined,
    grader: parts.includes('grade') ? await grader(context, root) : undefined,
  };
  for (const line of targetLines(report)) context.log(line);
  return renderSudoku(report);
}
