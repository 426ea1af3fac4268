/**
 * What an editing action writes: the marks after `input`, `clear`, `place`, `autoCandidates`
 * or `reset`, as a fresh copy (possibly equal to the old marks: the caller then records no
 * undo step). Entries and pencil marks go into open cells only; colours paint givens too, as
 * in SudokuPad.
 */
import { CELLS, getVariant, type CellIndex, type Digit } from '@percent/engine';
import { candidatesOf } from './candidates.ts';
import type { Action, GameState, InputMode } from './game.ts';
import { copyMarks, emptyMarks, hasMark, type Marks } from './marks.ts';

export type EditAction = Extract<
  Action,
  { type: 'input' | 'clear' | 'place' | 'autoCandidates' | 'reset' }
>;

export function edit(state: GameState, action: EditAction): Marks {
  const marks = copyMarks(state.marks);
  const open = state.selection.filter((c) => state.givens[c] === 0);
  switch (action.type) {
    case 'input': {
      const mode = action.mode ?? state.mode;
      if (mode === 'colour') toggleBit(marks.colours, state.selection, action.digit);
      else inputDigit(marks, open, action.digit, mode);
      if (mode === 'digit')
        for (const c of open)
          if (marks.entries[c] === action.digit) clearFromPeers(state, marks, c);
      break;
    }
    case 'clear':
      if ((action.mode ?? state.mode) === 'colour') clearColours(marks, state.selection);
      else clearCells(marks, open, state.selection, action.mode ?? state.mode);
      break;
    case 'place':
      for (const { cell, digit } of action.placements) {
        if (state.givens[cell] !== 0) continue;
        marks.entries[cell] = digit;
        clearFromPeers(state, marks, cell);
      }
      break;
    case 'autoCandidates':
      fillCandidates(state, marks);
      break;
    case 'reset':
      return emptyMarks();
  }
  return marks;
}

function inputDigit(
  marks: Marks,
  cells: readonly CellIndex[],
  digit: Digit,
  mode: Exclude<InputMode, 'colour'>,
): void {
  if (mode === 'digit') {
    // Typing the digit every selected cell already holds takes it out again (as in SudokuPad).
    const value = cells.every((c) => marks.entries[c] === digit) ? 0 : digit;
    for (const c of cells) marks.entries[c] = value;
    return;
  }
  const layer = mode === 'corner' ? marks.corner : marks.centre;
  toggleBit(
    layer,
    cells.filter((c) => marks.entries[c] === 0),
    digit,
  );
}

/** Sets bit `digit` in every cell, or clears it from all when every cell has it already. */
function toggleBit(layer: Uint16Array, cells: readonly CellIndex[], digit: Digit): void {
  const remove = cells.every((c) => hasMark(layer[c]!, digit));
  for (const c of cells) layer[c] = remove ? layer[c]! & ~(1 << digit) : layer[c]! | (1 << digit);
}

/**
 * Delete outside colour mode peels one layer, top first: the entries when a selected cell
 * has one; else the marks of `mode` (both kinds in digit mode); in digit mode, when no
 * selected cell has a mark either, the colours.
 */
function clearCells(
  marks: Marks,
  cells: readonly CellIndex[],
  selection: readonly CellIndex[],
  mode: InputMode,
): void {
  if (cells.some((c) => marks.entries[c] !== 0)) {
    for (const c of cells) marks.entries[c] = 0;
    return;
  }
  if (mode === 'digit' && cells.every((c) => marks.corner[c] === 0 && marks.centre[c] === 0)) {
    clearColours(marks, selection);
    return;
  }
  for (const c of cells) {
    if (mode !== 'centre') marks.corner[c] = 0;
    if (mode !== 'corner') marks.centre[c] = 0;
  }
}

function clearColours(marks: Marks, cells: readonly CellIndex[]): void {
  for (const c of cells) marks.colours[c] = 0;
}

/**
 * A digit just placed in `cell` is no longer a candidate in any cell that sees it: clear it
 * from its peers' centre and corner marks, as the auto-filled candidates would be by hand.
 */
function clearFromPeers(state: GameState, marks: Marks, cell: CellIndex): void {
  const keep = ~(1 << marks.entries[cell]!);
  for (const p of getVariant(state.variant).peers[cell]!) {
    marks.centre[p]! &= keep;
    marks.corner[p]! &= keep;
  }
}

function fillCandidates(state: GameState, marks: Marks): void {
  const candidates = candidatesOf(getVariant(state.variant), state.givens, marks.entries);
  for (let c = 0; c < CELLS; c++) marks.centre[c] = candidates[c]!;
}
