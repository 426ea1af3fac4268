import { cellName, CELLS, type CellIndex, type Grid } from '../grid.ts';
import { conflictsAt } from '../check.ts';
import { createState, fewestCandidatesCell } from './candidates.ts';
import { houseLabel, type Variant } from '../variant.ts';
import { applyStep, isFull } from './solve.ts';
import { findStep } from './techniques.ts';
import type { Hint, Step } from './types.ts';

/**
 * A hint for a player's board: first the entries that differ from the unique `solution`
 * (with the clash that shows it when there is one); otherwise the next digit logic places,
 * with the eliminations it needs first; if every technique is stuck, one digit revealed.
 */
export function hint(puzzle: Grid, board: Grid, variant: Variant, solution: Grid): Hint {
  const wrong = wrongEntries(puzzle, board, solution);
  if (wrong.length > 0) return wrongHint(board, variant, wrong);
  if (isFull(board)) return { kind: 'solved', explanation: 'The board is solved.' };
  const state = createState(board, variant);
  const via: Step[] = [];
  for (let step = findStep(state); step !== undefined; step = findStep(state)) {
    if (step.placements.length > 0) return { kind: 'step', step, via };
    applyStep(state, step);
    via.push(step);
  }
  const cell = fewestCandidatesCell(state);
  const digit = solution[cell]!;
  return {
    kind: 'reveal',
    cell,
    digit,
    explanation: `No technique here applies; ${cellName(cell)} is ${digit}.`,
  };
}

/** Entries the player made (not givens) that differ from the solution. */
export function wrongEntries(puzzle: Grid, board: Grid, solution: Grid): CellIndex[] {
  const cells: CellIndex[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    const d = board[cell]!;
    if (puzzle[cell] === 0 && d !== 0 && d !== solution[cell]) cells.push(cell);
  }
  return cells;
}

function wrongHint(board: Grid, variant: Variant, wrong: CellIndex[]): Hint {
  const first = wrong[0]!;
  const clash = conflictsAt(variant, board, first, board[first]!)[0];
  const reason = clash
    ? `it repeats ${board[first]} in ${houseLabel(clash.house)}`
    : 'it does not lead to the solution';
  const more = wrong.length > 1 ? ` ${wrong.length - 1} more entries are wrong too.` : '';
  return {
    kind: 'wrong',
    cells: wrong,
    explanation: `${cellName(first)} is wrong: ${reason}.${more}`,
  };
}
