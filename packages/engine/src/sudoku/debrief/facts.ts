import { CELLS, DIGITS, type CellIndex } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { bit, type LogicState } from '../logic/candidates.ts';
import { applyStep } from '../logic/solve.ts';
import { Technique, type Step } from '../logic/types.ts';

/**
 * A fact of the pencil-mark state: `cell·10 + d` is "d is a candidate of the cell" (d 1..9),
 * `cell·10` is "the cell is blank". Steps read facts and make them false; nothing makes a
 * fact true again, so each fact is made false by at most one step of a run.
 */
export const FACTS = CELLS * 10;
export const fact = (cell: CellIndex, digit: number): number => cell * 10 + digit;

/** 1 when the fact holds in `state`, else 0. */
export function factValue(state: LogicState, f: number): number {
  const cell = Math.floor(f / 10);
  const d = f % 10;
  if (d === 0) return state.board[cell] === 0 ? 1 : 0;
  return (state.cands[cell]! & bit(d)) === 0 ? 0 : 1;
}

/** Applies the step and answers the facts it made false. */
export function applyAndDiff(state: LogicState, step: Step): number[] {
  const cands = Uint16Array.from(state.cands);
  const board = Uint8Array.from(state.board);
  applyStep(state, step);
  const changed: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    if (board[cell] !== state.board[cell]) changed.push(fact(cell, 0));
    const removed = cands[cell]! & ~state.cands[cell]!;
    if (removed === 0) continue;
    for (let d = 1; d <= 9; d++) if (removed & bit(d)) changed.push(fact(cell, d));
  }
  return changed;
}

/**
 * The facts a step's pattern rests on: while each of them has the value it had when the
 * step was found, the step holds. Erring on the large side would only keep a step too many.
 */
export function readsOf(step: Step, variant: Variant): number[] {
  const houseCells = (h: number): readonly CellIndex[] => variant.houses[h]!.cells;
  const some = (cells: readonly CellIndex[], digits: readonly number[]): number[] =>
    cells.flatMap((cell) => digits.map((d) => fact(cell, d)));
  switch (step.technique) {
    case Technique.fullHouse: {
      // The other cells are filled, and the missing digit is still a candidate of the blank
      // (an earlier placement of the round may have taken it: then the house has a conflict).
      const { cell, digit } = step.placements[0]!;
      return [...some(houseCells(step.houses[0]!), [0]), fact(cell, digit)];
    }
    case Technique.nakedSingle:
    case Technique.nakedPair:
    case Technique.nakedTriple:
    case Technique.nakedQuad:
    case Technique.xyWing:
      return some(step.cells, DIGITS);
    case Technique.hiddenSingle:
    case Technique.lockedCandidates:
    case Technique.hiddenPair:
    case Technique.hiddenTriple:
    case Technique.hiddenQuad:
      return some(houseCells(step.houses[0]!), step.digits);
    case Technique.xWing:
    case Technique.swordfish: {
      // The base lines come first in a fish's houses, then as many cover lines.
      const base = step.houses.slice(0, step.houses.length / 2);
      return base.flatMap((h) => some(houseCells(h), step.digits));
    }
  }
}
