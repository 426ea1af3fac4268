import type { Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { createState, eliminate, place, type LogicState } from './candidates.ts';
import { findStep } from './techniques.ts';
import type { LogicSolveResult, Step } from './types.ts';

/** Carries out a step on the state: its placements and its eliminations. */
export function applyStep(state: LogicState, step: Step): void {
  for (const { cell, digit } of step.placements) place(state, cell, digit);
  for (const { cell, digit } of step.eliminations) eliminate(state, cell, digit);
}

export const isFull = (board: Grid): boolean => board.every((d) => d !== 0);

/**
 * Solves as a person would: the easiest technique that applies, again and again, until the
 * board is full or every technique is stuck. Pure: the puzzle is not changed.
 */
export function solveLogically(puzzle: Grid, variant: Variant): LogicSolveResult {
  const state = createState(puzzle, variant);
  const steps = runLogic(state);
  return { board: state.board, steps, solved: isFull(state.board) };
}

/** Applies steps to `state` until full or stuck; returns them. */
export function runLogic(state: LogicState): Step[] {
  const steps: Step[] = [];
  while (!isFull(state.board)) {
    const step = findStep(state);
    if (step === undefined) break;
    applyStep(state, step);
    steps.push(step);
  }
  return steps;
}

/** The next step a person could take on this board (candidates from the digits alone). */
export function nextStep(board: Grid, variant: Variant): Step | undefined {
  return findStep(createState(board, variant));
}
