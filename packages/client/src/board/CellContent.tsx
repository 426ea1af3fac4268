import { colOf, rowOf, type CellIndex } from '@percent/engine';
import { t } from '../i18n/index.ts';
import type { GameState } from '../state/game.ts';
import { colourNames } from '../state/colours.ts';
import { markDigits } from '../state/marks.ts';
import { centreFontSize, cellX, cellY, cornerSpot, UNIT } from './geometry.ts';

interface CellContentProps {
  readonly state: GameState;
  readonly cell: CellIndex;
  readonly conflict: boolean;
}

/** A cell's digit, or its corner and centre marks when it has no digit. */
export function CellContent({ state, cell, conflict }: CellContentProps) {
  const x = cellX(cell);
  const y = cellY(cell);
  const given = state.givens[cell]!;
  const entry = state.marks.entries[cell]!;
  const digit = given || entry;
  // Transparent: gives the cell a box for hit-testing tools and screen-reader outlines.
  const hit = <rect x={x} y={y} width={UNIT} height={UNIT} class="cell-hit" />;
  if (digit !== 0) {
    const verdict = given ? 'given' : state.verdicts[cell];
    const cls = `digit ${given ? 'given' : 'entry'} verdict-${verdict}${conflict ? ' in-conflict' : ''}`;
    return (
      <>
        {hit}
        <text
          x={x + UNIT / 2}
          y={y + UNIT / 2}
          class={cls}
          dominant-baseline="central"
          text-anchor="middle"
        >
          {digit}
        </text>
      </>
    );
  }
  const corner = markDigits(state.marks.corner[cell]!);
  const centre = markDigits(state.marks.centre[cell]!);
  return (
    <>
      {hit}
      {corner.map((d, i) => {
        const [dx, dy] = cornerSpot(i);
        return (
          <text key={`k${d}`} x={x + dx} y={y + dy} class="mark corner-mark" text-anchor="middle">
            {d}
          </text>
        );
      })}
      {centre.length > 0 && (
        <text
          x={x + UNIT / 2}
          y={y + UNIT / 2}
          class="mark centre-mark"
          style={{ fontSize: `calc(${centreFontSize(centre.length)}px * var(--mark-scale, 1))` }}
          dominant-baseline="central"
          text-anchor="middle"
        >
          {centre.join('')}
        </text>
      )}
    </>
  );
}

/** "Row 3, column 4, 7" (or given / marks / empty, then its colours), for screen readers. */
export function cellLabel(state: GameState, cell: CellIndex, conflict: boolean): string {
  const content = cellContentText(state, cell, conflict);
  return t('cell.label', { row: rowOf(cell) + 1, col: colOf(cell) + 1, content });
}

function cellContentText(state: GameState, cell: CellIndex, conflict: boolean): string {
  const given = state.givens[cell]!;
  const parts = given ? [t('cell.given', { digit: given })] : writtenText(state, cell);
  const colours = colourNames(state.marks.colours[cell]!);
  if (colours.length)
    parts.push(t('cell.colours', { names: colours.map((c) => t(`colour.${c}`)).join(' ') }));
  if (conflict && !given) parts.push(t('cell.conflict'));
  return parts.join(', ');
}

/** What the player wrote in an open cell: the entry and its verdict, else the marks. */
function writtenText(state: GameState, cell: CellIndex): string[] {
  const entry = state.marks.entries[cell]!;
  const parts: string[] = [];
  if (entry) {
    parts.push(String(entry));
    const verdict = state.verdicts[cell];
    if (verdict === 'pending') parts.push(t('cell.pending'));
    if (verdict === 'wrong') parts.push(t('cell.wrong'));
    return parts;
  }
  const corner = markDigits(state.marks.corner[cell]!);
  const centre = markDigits(state.marks.centre[cell]!);
  if (corner.length) parts.push(t('cell.corner', { digits: corner.join(' ') }));
  if (centre.length) parts.push(t('cell.centre', { digits: centre.join(' ') }));
  if (!parts.length) parts.push(t('cell.empty'));
  return parts;
}
