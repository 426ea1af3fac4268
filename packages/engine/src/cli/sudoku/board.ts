import { cellAt, SIZE, type CellIndex, type Grid } from '../../sudoku/grid.ts';

/** How a cell is drawn: `[5]` a cell to look at, `<.>` a cell the hint is about. */
export const Mark = { look: 'look', target: 'target' } as const;
export type MarkName = (typeof Mark)[keyof typeof Mark];

const BRACKETS: Record<MarkName, readonly [string, string]> = {
  look: ['[', ']'],
  target: ['<', '>'],
};

/**
 * A small ASCII board, rows and columns numbered 1–9 as in `R3C4`, blanks as `.`, marked
 * cells in brackets:
 *
 *          1  2  3   4  5  6   7  8  9
 *        +---------+---------+---------+
 *      1 | 8  .  . | . [3] . | .  .  . |
 */
export function renderBoard(grid: Grid, marks: ReadonlyMap<CellIndex, MarkName>): string {
  const rule = '   ' + '+---------'.repeat(3) + '+';
  const lines = ['     1  2  3   4  5  6   7  8  9', rule];
  for (let row = 0; row < SIZE; row++) {
    let line = ` ${row + 1} |`;
    for (let col = 0; col < SIZE; col++) {
      const cell = cellAt(row, col);
      const digit = grid[cell] === 0 ? '.' : String(grid[cell]);
      const mark = marks.get(cell);
      const [open, close] = mark === undefined ? [' ', ' '] : BRACKETS[mark];
      line += `${open}${digit}${close}${col % 3 === 2 ? '|' : ''}`;
    }
    lines.push(line);
    if (row % 3 === 2) lines.push(rule);
  }
  return lines.join('\n');
}
