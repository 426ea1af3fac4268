/**
 * The racing player's board from the server's snapshot: givens from `race.puzzle`, confirmed
 * digits from `race.own`. A later snapshot of the same race (after a reconnection) brings the
 * local board back in line with the server, except in cells whose move is still unanswered
 * and entries the server refused (kept, shown wrong, for the player to correct).
 *
 * Boards arrive as text; one the engine cannot parse is reported as undefined, for the caller
 * to show as an error rather than draw as blanks.
 */
import { CELLS, type CellIndex, type Digit, type VariantIdName } from '@percent/engine';
import { createGame, reduce, setVerdict, type GameState } from '../../state/game.ts';
import { gridOf } from '../../state/grid-text.ts';

/**
 * The board `puzzle` with `own`'s digits confirmed (none when `own` is null); undefined when
 * either is malformed.
 */
export function raceGame(
  variant: VariantIdName,
  puzzle: string,
  own: string | null,
): GameState | undefined {
  const givens = gridOf(puzzle);
  const entries = own === null ? undefined : gridOf(own);
  if (!givens || (own !== null && !entries)) return undefined;
  return createGame({ variant, givens, entries, verdict: 'confirmed' });
}

/**
 * `state` with every confirmed digit of `own`; `pending(cell)` cells are left as they are.
 * The same object when nothing changes; undefined when `own` is malformed.
 */
export function reconcile(
  state: GameState,
  own: string,
  pending: (cell: CellIndex) => boolean,
): GameState | undefined {
  const server = gridOf(own);
  if (!server) return undefined;
  const placements: { cell: CellIndex; digit: Digit }[] = [];
  for (let c = 0; c < CELLS; c++) {
    const digit = server[c]!;
    if (state.givens[c] !== 0 || digit === 0 || pending(c)) continue;
    if (state.marks.entries[c] !== digit || state.verdicts[c] !== 'confirmed')
      placements.push({ cell: c, digit });
  }
  if (placements.length === 0) return state;
  let next = reduce(state, { type: 'place', placements }).state;
  for (const { cell } of placements) next = setVerdict(next, cell, 'confirmed');
  return next;
}
