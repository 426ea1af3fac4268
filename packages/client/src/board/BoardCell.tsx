/**
 * One `role="gridcell"` of the board: its digit or marks and its screen-reader label. A key
 * press changes one cell, yet every key press renders the whole board; this component skips
 * the cells whose own content did not change, so the press costs one cell's render and label
 * instead of 81 (bench/latency.ts measures key press to painted digit).
 *
 * Contract: a cell renders from `state` only what `sameCell` compares — its given, entry,
 * verdict, corner, centre and colour marks — plus `conflict`, `selected` and `lang`. A new
 * per-cell field drawn by CellContent or named by cellLabel must be compared there too.
 */
import type { CellIndex } from '@percent/engine';
import { Component, type ComponentChildren } from 'preact';
import type { Language } from '../i18n/index.ts';
import type { GameState } from '../state/game.ts';
import { CellContent, cellLabel } from './CellContent.tsx';

export interface BoardCellProps {
  readonly id: string;
  readonly state: GameState;
  readonly cell: CellIndex;
  readonly conflict: boolean;
  readonly selected: boolean;
  /** The language the label is in: a change of language renders every cell again. */
  readonly lang: Language;
}

export function sameCell(a: BoardCellProps, b: BoardCellProps): boolean {
  const c = a.cell;
  if (c !== b.cell || a.id !== b.id || a.lang !== b.lang) return false;
  if (a.conflict !== b.conflict || a.selected !== b.selected) return false;
  const [x, y] = [a.state, b.state];
  if (x === y) return true;
  return (
    x.givens[c] === y.givens[c] &&
    x.verdicts[c] === y.verdicts[c] &&
    x.marks.entries[c] === y.marks.entries[c] &&
    x.marks.corner[c] === y.marks.corner[c] &&
    x.marks.centre[c] === y.marks.centre[c] &&
    x.marks.colours[c] === y.marks.colours[c]
  );
}

// A class for shouldComponentUpdate: preact/compat's memo would add compat to the bundle.
export class BoardCell extends Component<BoardCellProps> {
  override shouldComponentUpdate(next: BoardCellProps): boolean {
    return !sameCell(this.props, next);
  }

  override render({ id, state, cell, conflict, selected }: BoardCellProps) {
    return (
      <g
        id={id}
        role="gridcell"
        data-cell={cell}
        aria-selected={selected}
        aria-label={cellLabel(state, cell, conflict)}
      >
        <CellContent state={state} cell={cell} conflict={conflict} />
      </g>
    );
  }
}

/**
 * Renders its children. Given the same vnode again (kept with useMemo), Preact skips it and
 * everything under it: for the board's layers that depend on the variant alone.
 */
export function Static({ children }: { readonly children: ComponentChildren }) {
  return <>{children}</>;
}
