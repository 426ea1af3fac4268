/**
 * The racing player's board from the server's snapshot: givens from `race.puzzle`, confirmed
 * digits from `race.own`. A later snapshot of the same race (after a reconnection) brings the
 * local board back in line with the server, except in cells whose move is still unanswered
 * and entries the server refused (kept, shown wrong, for the player to correct).
 */
import { CELLS, type CellIndex, type Digit, type Grid, type VariantIdName } from '@percent/engine';
import { createGame, reduce, setVerdict, type GameState } from '../../state/game.ts';

/** An 81-character board ('0' blank) as a Grid. */
export function gridOf(board: string): Grid {
  const grid = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const d = board.charCodeAt(i) - 48;
    grid[i] = d >= 1 && d <= 9 ? d : 0;
  }
  return grid;
}

export function raceGame(variant: VariantIdName, puzzle: string, own: string | null): GameState {
  return createGame({
    variant,
    givens: gridOf(puzzle),
    entries: own === null ? undefined : gridOf(own),
    verdict: 'confirmed',
  });
}

/** `state` with every confirmed digit of `own`; `pending(cell)` cells are left as they are. */
export function reconcile(
  state: GameState,
  own: string,
  pending: (cell: CellIndex) => boolean,
): GameState {
  const server = gridOf(own);
  const placements: { cell: CellIndex; digit: Digit }[] = [];
  for (let c = 0; c < CELLS; c++) {
    const digit = server[c]!;
    if (state.givens[c] !== 0 || digit === 0 || pending(c)) continue;
    if (state.marks.entries[c] !== digit || state.verdicts[c] !== 'confirmed')
      placements.push({ cell: c, digit: digit as Digit });
  }
  if (placements.length === 0) return state;
  let next = reduce(state, { type: 'place', placements }).state;
  for (const { cell } of placements) next = setVerdict(next, cell, 'confirmed');
  return next;
}
