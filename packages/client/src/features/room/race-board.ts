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
import { createGame, reduce, setVerdict, type GameState, type Verdict } from '../../state/game.ts';
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

/**
 * The board saved on this device before a reload (marks, colours, history, entries with
 * their verdicts) brought in line with the server's snapshot `fresh` (from `raceGame`):
 * - a digit the server confirmed always wins, shown confirmed;
 * - a saved entry the server does not hold stays only if it was wrong (its mistake is
 *   already counted, so it is never sent again), refused (no verdict) or still awaiting its
 *   reply (`resent(cell)`: its move goes again with its id, so it counts once); a saved
 *   "confirmed" the server does not hold is stale and goes.
 * Undefined when the save is of another puzzle (then the server's board is used as it is).
 * No undo step is added: the restored history stays as it was.
 */
export function mergeSaved(
  saved: GameState,
  fresh: GameState,
  resent: (cell: CellIndex) => boolean,
): GameState | undefined {
  if (saved.variant !== fresh.variant || !sameGrid(saved.givens, fresh.givens)) return undefined;
  const entries = saved.marks.entries.slice();
  const verdicts = saved.verdicts.slice();
  for (let c = 0; c < CELLS; c++) {
    const kept = keptEntry(saved, fresh, c, resent(c));
    entries[c] = kept.digit;
    verdicts[c] = kept.verdict;
  }
  return { ...saved, selection: [], marks: { ...saved.marks, entries }, verdicts };
}

function keptEntry(
  saved: GameState,
  fresh: GameState,
  cell: CellIndex,
  resent: boolean,
): { digit: Digit; verdict: Verdict } {
  const server = fresh.marks.entries[cell]!;
  if (server !== 0) return { digit: server, verdict: 'confirmed' };
  const digit = saved.marks.entries[cell]!;
  const verdict = saved.verdicts[cell]!;
  const keep =
    digit !== 0 && (verdict === 'wrong' || verdict === 'none' || (verdict === 'pending' && resent));
  return keep ? { digit, verdict } : { digit: 0, verdict: 'none' };
}

const sameGrid = (a: Uint8Array, b: Uint8Array): boolean => a.every((d, i) => d === b[i]);
