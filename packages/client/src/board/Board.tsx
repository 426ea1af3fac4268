/**
 * The board drawn in SVG (900×900 viewBox, scales to its box). Pure view: it shows a
 * `GameState` with its highlights and reports pointer selection through `onSelect`.
 *
 * Layers, bottom to top: cell shading (windows, diagonals) · the player's cell colours ·
 * highlights · diagonal lines ·
 * grid lines (thick around boxes) · one `role="gridcell"` group per cell with its digits and
 * an `aria-label` ("Row 3, column 4, 7"). Cells carry `data-cell` (0..80) for tests.
 */
import { type CellIndex, type Variant } from '@percent/engine';
import { useMemo, useRef } from 'preact/hooks';
import { language, t } from '../i18n/index.ts';
import type { GameState } from '../state/game.ts';
import { highlightsOf, type Highlights } from '../state/highlights.ts';
import { cellAtFraction, cellX, cellY, extraShapes, UNIT, VIEW } from './geometry.ts';
import { BoardCell, Static } from './BoardCell.tsx';
import { WindowEdges } from './WindowEdges.tsx';
import { ColourLayer } from './ColourLayer.tsx';

export interface BoardProps {
  readonly state: GameState;
  readonly variant: Variant;
  /** Default: computed from the state (selection, equal digits, conflicts). */
  readonly highlights?: Highlights;
  /** Cells a hint points at (strong tint) and the houses it reasons in (light tint). */
  readonly hintCells?: ReadonlySet<CellIndex>;
  readonly hintArea?: ReadonlySet<CellIndex>;
  /** Pointer selection (mouse, pen, touch drag). Absent: the board only shows. */
  readonly onSelect?: (cells: CellIndex[], add: boolean) => void;
  /** Double click / double tap on a cell. */
  readonly onDoubleSelect?: (cell: CellIndex) => void;
  /** Prefix of element ids, unique per board on a page (several boards when spectating). */
  readonly idPrefix?: string;
  readonly label?: string;
}

const CELLS_LIST = Array.from({ length: 81 }, (_, i) => i);
/** Width of the selection frame drawn on a coloured cell (viewBox units). */
const SELECTION_FRAME = 10;
const ROWS = Array.from({ length: 9 }, (_, r) => r);

export function Board(props: BoardProps) {
  const { state, variant, hintCells, hintArea } = props;
  const highlights = props.highlights ?? highlightsOf(state, variant);
  const prefix = props.idPrefix ?? 'board';
  const shapes = useMemo(() => extraShapes(variant), [variant]);
  // What depends on the variant alone is made once: a render (a key press) skips it.
  const shading = useMemo(
    () => (
      <Static>
        {CELLS_LIST.map((c) => (
          <rect
            key={c}
            x={cellX(c)}
            y={cellY(c)}
            width={UNIT}
            height={UNIT}
            class={baseClass(c, shapes)}
          />
        ))}
      </Static>
    ),
    [shapes],
  );
  const lines = useMemo(
    () => (
      <Static>
        {shapes.lines.map((l, i) => (
          <line key={i} {...l} class="board-diagonal" />
        ))}
        <GridLines />
        <WindowEdges shaded={shapes.shaded} />
      </Static>
    ),
    [shapes],
  );
  const pointer = usePointerSelection(props.onSelect);
  const selected = new Set(state.selection);
  const active = state.selection.length > 0 ? `${prefix}-c${state.cursor}` : undefined;
  return (
    <svg
      class={`board${props.onSelect ? ' board-interactive' : ''}`}
      viewBox={`-4 -4 ${VIEW + 8} ${VIEW + 8}`}
      role="grid"
      aria-label={props.label ?? t('board.label', { variant: t(`variant.${variant.id}`) })}
      aria-multiselectable="true"
      aria-activedescendant={active}
      tabindex={props.onSelect ? 0 : undefined}
      onPointerDown={pointer.down}
      onPointerMove={pointer.move}
      onPointerUp={pointer.up}
      onPointerCancel={pointer.up}
      onDblClick={(e) => {
        const cell = pointer.cellOf(e);
        if (cell !== undefined) props.onDoubleSelect?.(cell);
      }}
    >
      <g aria-hidden="true">
        {shading}
        <ColourLayer colours={state.marks.colours} />
        {CELLS_LIST.map((c) => {
          const cls = highlightClass(c, highlights, selected, hintCells, hintArea);
          // A selected coloured cell keeps its colour visible: a frame inside it (colours.css).
          const framed = cls !== undefined && selected.has(c) && state.marks.colours[c] !== 0;
          const inset = framed ? SELECTION_FRAME / 2 : 0;
          // Always 81 rects, only their class changes: a key press then repaints the cells
          // whose wash changed instead of inserting and removing nodes (a layout of the board).
          return (
            <rect
              key={`h${c}`}
              x={cellX(c) + inset}
              y={cellY(c) + inset}
              width={UNIT - 2 * inset}
              height={UNIT - 2 * inset}
              class={cls === undefined ? 'hl' : framed ? `${cls} on-colour` : cls}
            />
          );
        })}
        {lines}
      </g>
      {ROWS.map((r) => (
        <g role="row" key={r} aria-label={t('a11y.row', { n: r + 1 })}>
          {CELLS_LIST.slice(r * 9, r * 9 + 9).map((c) => (
            <BoardCell
              key={c}
              id={`${prefix}-c${c}`}
              state={state}
              cell={c}
              conflict={highlights.conflicting.has(c)}
              selected={selected.has(c)}
              lang={language.value}
            />
          ))}
        </g>
      ))}
    </svg>
  );
}

/** The rule shading: windows and diagonals. */
function baseClass(cell: CellIndex, shapes: ReturnType<typeof extraShapes>): string {
  if (shapes.shaded.has(cell)) return 'cell-bg shaded';
  return shapes.diagonalCells.has(cell) ? 'cell-bg diagonal' : 'cell-bg';
}

/** A translucent wash over the shading, strongest reason first; undefined for none. */
function highlightClass(
  cell: CellIndex,
  highlights: Highlights,
  selected: ReadonlySet<CellIndex>,
  hintCells: ReadonlySet<CellIndex> | undefined,
  hintArea: ReadonlySet<CellIndex> | undefined,
): string | undefined {
  if (selected.has(cell)) return 'hl hl-selected';
  if (highlights.conflicting.has(cell)) return 'hl hl-conflict';
  if (hintCells?.has(cell)) return 'hl hl-hint';
  if (highlights.sameDigit.has(cell)) return 'hl hl-same';
  if (highlights.peers.has(cell)) return 'hl hl-peer';
  if (hintArea?.has(cell)) return 'hl hl-area';
  return undefined;
}

const LINE_INDICES = Array.from({ length: 10 }, (_, i) => i);

/** Thin cell lines first, then the thick box borders (every third line) over their ends. */
function GridLines() {
  const lines = (thick: boolean) =>
    LINE_INDICES.filter((i) => (i % 3 === 0) === thick).flatMap((i) => {
      const cls = thick ? 'grid-thick' : 'grid-thin';
      const at = i * UNIT;
      return [
        <line key={`h${i}`} x1={0} y1={at} x2={VIEW} y2={at} class={cls} />,
        <line key={`v${i}`} x1={at} y1={0} x2={at} y2={VIEW} class={cls} />,
      ];
    });
  return (
    <>
      {lines(false)}
      {lines(true)}
    </>
  );
}

/**
 * Pointer selection: press selects (adding with Shift/Ctrl/⌘), dragging adds every cell
 * passed over. The pointer is captured so a finger drag keeps reporting outside the cell.
 */
function usePointerSelection(onSelect: BoardProps['onSelect']) {
  const drag = useRef<{ last: CellIndex } | undefined>(undefined);
  const cellOf = (e: MouseEvent): CellIndex | undefined => {
    const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    const margin = (4 / (VIEW + 8)) * box.width;
    const inner = box.width - 2 * margin;
    return cellAtFraction(
      (e.clientX - box.left - margin) / inner,
      (e.clientY - box.top - margin) / inner,
    );
  };
  const down = (e: PointerEvent) => {
    if (!onSelect || e.button !== 0) return;
    const cell = cellOf(e);
    if (cell === undefined) return;
    e.preventDefault();
    (e.currentTarget as SVGSVGElement).setPointerCapture?.(e.pointerId);
    (e.currentTarget as SVGSVGElement).focus({ preventScroll: true });
    drag.current = { last: cell };
    onSelect([cell], e.shiftKey || e.ctrlKey || e.metaKey);
  };
  const move = (e: PointerEvent) => {
    if (!onSelect || !drag.current) return;
    const cell = cellOf(e);
    if (cell === undefined || cell === drag.current.last) return;
    drag.current = { last: cell };
    onSelect([cell], true);
  };
  const up = () => {
    drag.current = undefined;
  };
  return { down, move, up, cellOf };
}
