import type { Grid } from '../grid.ts';
import { SudokuSolver } from '../solver.ts';
import type { Variant, VariantIdName } from '../variant.ts';
import { createState, fewestCandidatesCell, place } from './candidates.ts';
import { isFull, runLogic } from './solve.ts';
import { SEARCH_WEIGHT, techniqueSpec } from './techniques.ts';
import {
  DIFFICULTIES,
  type DifficultyName,
  type Grade,
  type Step,
  type TechniqueName,
} from './types.ts';

const solvers = new Map<VariantIdName, SudokuSolver>();

function solverFor(variant: Variant): SudokuSolver {
  let solver = solvers.get(variant.id);
  if (!solver) solvers.set(variant.id, (solver = new SudokuSolver(variant)));
  return solver;
}

/**
 * Grades a puzzle by the logic a person needs: the techniques solver runs to the end, and
 * where it is stuck it "guesses" right (takes the solution's digit in the cell with fewest
 * candidates) and goes on, so an `expert` score still reflects how much is left to do.
 * `solution` saves a solve when the caller knows it.
 */
export function gradePuzzle(puzzle: Grid, variant: Variant, solution?: Grid): Grade {
  const state = createState(puzzle, variant);
  const steps: Step[] = [];
  let guesses = 0;
  let known = solution;
  for (;;) {
    steps.push(...runLogic(state));
    if (isFull(state.board)) break;
    known ??= solve(puzzle, variant);
    if (known === undefined) break;
    const cell = fewestCandidatesCell(state);
    place(state, cell, known[cell]!);
    guesses++;
  }
  return summarize(steps, guesses, isFull(state.board));
}

/**
 * Only the difficulty, cheaper than `gradePuzzle` on hard puzzles: the techniques run once
 * and a stuck solver means `expert` at once, with no guessing on to a score.
 */
export function difficultyOf(puzzle: Grid, variant: Variant): DifficultyName {
  const state = createState(puzzle, variant);
  const steps = runLogic(state);
  if (!isFull(state.board)) return 'expert';
  let level = 0;
  for (const step of steps)
    level = Math.max(level, DIFFICULTIES.indexOf(techniqueSpec(step.technique).level));
  return DIFFICULTIES[level]!;
}

function solve(puzzle: Grid, variant: Variant): Grid | undefined {
  const answer = solverFor(variant).solve(puzzle);
  return answer.status === 'solved' ? answer.solution : undefined;
}

function summarize(steps: readonly Step[], guesses: number, full: boolean): Grade {
  const counts: Partial<Record<TechniqueName, number>> = {};
  let hardest: TechniqueName | undefined;
  let effort = 0;
  for (const step of steps) {
    counts[step.technique] = (counts[step.technique] ?? 0) + 1;
    const spec = techniqueSpec(step.technique);
    effort += spec.weight;
    if (hardest === undefined || spec.weight > techniqueSpec(hardest).weight)
      hardest = step.technique;
  }
  const solvedByLogic = guesses === 0 && full;
  const top = solvedByLogic ? (hardest ? techniqueSpec(hardest).weight : 0) : SEARCH_WEIGHT;
  const difficulty: DifficultyName = solvedByLogic
    ? hardest
      ? techniqueSpec(hardest).level
      : DIFFICULTIES[0]
    : 'expert';
  return {
    difficulty,
    score: Math.round(100 * top + effort + 20 * guesses),
    hardest: solvedByLogic ? (hardest ?? 'full-house') : 'search',
    solvedByLogic,
    steps: steps.length,
    counts,
  };
}
