import { CELLS, type CellIndex, type Digit, type Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import { popcount } from '../../bits.ts';

/**
 * Pencil marks as bitmasks: bit d (1..9) of `cands[cell]` is set while d may still go in the
 * cell. A filled cell has mask 0. Shared by every technique; mutation goes through `place`
 * and `eliminate` only, so the masks never disagree with the board.
 */
export interface LogicState {
  readonly variant: Variant;
  /** Digits placed so far (givens included), 0 for blank. */
  readonly board: Uint8Array;
  /** Candidate masks, one per cell. */
  readonly cands: Uint16Array;
}

/** Every digit 1..9 as a mask. */
export const ALL_DIGITS = 0b11_1111_1110;

export const bit = (digit: Digit): number => 1 << digit;

/** The digits of a mask, ascending. */
export function digitsOf(mask: number): Digit[] {
  const digits: Digit[] = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << d)) digits.push(d);
  return digits;
}

/** The lowest digit of a non-empty mask. */
export const firstDigit = (mask: number): Digit => 31 - Math.clz32(mask & -mask);

/** Candidates of a board: every digit not already seen by a peer. */
export function createState(board: Grid, variant: Variant): LogicState {
  const state: LogicState = {
    variant,
    board: Uint8Array.from(board),
    cands: new Uint16Array(CELLS).fill(ALL_DIGITS),
  };
  for (let cell = 0; cell < CELLS; cell++) {
    const d = board[cell]!;
    if (d !== 0) removeFromPeers(state, cell, d);
  }
  for (let cell = 0; cell < CELLS; cell++) if (board[cell] !== 0) state.cands[cell] = 0;
  return state;
}

function removeFromPeers(state: LogicState, cell: CellIndex, digit: Digit): void {
  const clear = ~bit(digit);
  for (const peer of state.variant.peers[cell]!) state.cands[peer]! &= clear;
}

export function place(state: LogicState, cell: CellIndex, digit: Digit): void {
  state.board[cell] = digit;
  state.cands[cell] = 0;
  removeFromPeers(state, cell, digit);
}

export function eliminate(state: LogicState, cell: CellIndex, digit: Digit): void {
  state.cands[cell]! &= ~bit(digit);
}

/** The cells of `cells` where `digit` is still a candidate. */
export function cellsWith(
  state: LogicState,
  cells: readonly CellIndex[],
  digit: Digit,
): CellIndex[] {
  const mask = bit(digit);
  return cells.filter((cell) => (state.cands[cell]! & mask) !== 0);
}

/** The blank cell with the fewest candidates (the first on ties): where a guess is safest. */
export function fewestCandidatesCell(state: LogicState): CellIndex {
  let best = -1;
  let fewest = 10;
  for (let cell = 0; cell < CELLS; cell++) {
    if (state.board[cell] !== 0) continue;
    const n = popcount(state.cands[cell]!);
    if (n < fewest) [best, fewest] = [cell, n];
  }
  return best;
}
