import { findConflicts, type CellIndex, type Conflict, type Variant } from '@percent/engine';
import type { GameState } from './game.ts';
import { combine } from './marks.ts';

/** What the board shades, derived from the state; recomputed per render (cheap: 81 cells). */
export interface Highlights {
  /** Cells sharing a house (row, column, box, diagonal, window) with the cursor, when selected. */
  readonly peers: ReadonlySet<CellIndex>;
  /** Cells holding the cursor's digit. */
  readonly sameDigit: ReadonlySet<CellIndex>;
  /** Cells in some conflict. */
  readonly conflicting: ReadonlySet<CellIndex>;
  readonly conflicts: readonly Conflict[];
}

export function highlightsOf(state: GameState, variant: Variant): Highlights {
  const grid = combine(state.givens, state.marks.entries);
  const conflicts = findConflicts(variant, grid);
  const conflicting = new Set(conflicts.flatMap((c) => c.cells));
  const focus = state.selection.length > 0 ? state.cursor : undefined;
  if (focus === undefined)
    return { peers: new Set(), sameDigit: new Set(), conflicting, conflicts };
  const peers = new Set(variant.peers[focus]);
  const digit = grid[focus]!;
  const sameDigit = new Set<CellIndex>();
  if (digit !== 0) grid.forEach((d, c) => d === digit && sameDigit.add(c));
  return { peers, sameDigit, conflicting, conflicts };
}
