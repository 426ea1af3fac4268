/**
 * Hints as a ladder: each press of Hint on the same board climbs one rung, from a nudge to
 * the answer — (1) where to look: the house(s) to study, tinted, no technique and no digit;
 * (2) which technique, in those houses; (3) the cells and the digit, in full; (4) the digit
 * placed. When logic is stuck (a "reveal"), the ladder is: the cell to look at, its digit,
 * placed. Any change of the entries starts a fresh hint. Wrong entries are not a ladder: the
 * engine names them first, at once.
 */
import { cellName, formatGrid, getVariant, type Hint, type Step } from '@percent/engine';
import { houseName, listText } from '../../board/houses.ts';
import { t } from '../../i18n/index.ts';
import { cjkSpacing } from '../../i18n/typeset.ts';
import { combine } from '../../state/marks.ts';
import type { GameState } from '../../state/game.ts';
import { hintView, techniqueName, type HintView } from '../../i18n/hint-text.ts';

export type LadderHint = Extract<Hint, { kind: 'step' | 'reveal' }>;
export type Rung = 'look' | 'technique' | 'show' | 'place';

const RUNGS = {
  step: ['look', 'technique', 'show', 'place'],
  reveal: ['look', 'show', 'place'],
} as const satisfies Record<LadderHint['kind'], readonly Rung[]>;

export interface Ladder {
  /** The board (givens and entries, as text) the hint was found for. */
  readonly board: string;
  readonly hint: LadderHint;
  /** Index into the hint kind's rungs. */
  readonly rung: number;
}

export const isLadderHint = (hint: Hint): hint is LadderHint =>
  hint.kind === 'step' || hint.kind === 'reveal';

/** The board a ladder belongs to: any change of an entry makes another. */
export const boardKey = (state: GameState): string =>
  formatGrid(combine(state.givens, state.marks.entries));

export const rungOf = (ladder: Ladder): Rung => RUNGS[ladder.hint.kind][ladder.rung] ?? 'place';

/** The ladder one rung up, for the same board; undefined: ask the engine for a new hint. */
export function climb(ladder: Ladder | undefined, board: string): Ladder | undefined {
  if (!ladder || ladder.board !== board) return undefined;
  if (ladder.rung + 1 >= RUNGS[ladder.hint.kind].length) return undefined;
  return { ...ladder, rung: ladder.rung + 1 };
}

/** The digits the last rung places. */
export const placementsOf = (hint: LadderHint): { cell: number; digit: number }[] =>
  hint.kind === 'step' ? [...hint.step.placements] : [{ cell: hint.cell, digit: hint.digit }];

/** What a rung says and tints ('place' says what was placed). */
export function rungView(ladder: Ladder, variant: GameState['variant']): HintView {
  const view = rungParts(ladder, variant);
  return { ...view, text: cjkSpacing(view.text) };
}

function rungParts(ladder: Ladder, variant: GameState['variant']): HintView {
  const { hint } = ladder;
  const rung = rungOf(ladder);
  if (rung === 'place') {
    const [first] = placementsOf(hint);
    const text = first ? t('hint.placed', { cell: cellName(first.cell), digit: first.digit }) : '';
    return { text, cells: first ? [first.cell] : [], area: [] };
  }
  if (rung === 'show') {
    const full = hintView(hint, variant);
    return { ...full, text: `${full.text} ${t('hint.again')}` };
  }
  if (hint.kind === 'reveal')
    return {
      text: t('hint.lookCell', { cell: cellName(hint.cell) }),
      cells: [hint.cell],
      area: [],
    };
  const step = hint.via[0] ?? hint.step;
  const houses = lookHouses(step, variant);
  const names = listText(houses.map((h) => houseName(h, variant)));
  const text =
    rung === 'look'
      ? t('hint.look', { houses: names })
      : t('hint.technique', { technique: techniqueName(step.technique), houses: names });
  return { text, cells: [], area: houses.flatMap((h) => [...h.cells]) };
}

/**
 * The houses to name for a step. A naked single reasons in every house of its cell, and
 * naming them all would name the cell: its box is enough of a nudge.
 */
function lookHouses(step: Step, variant: GameState['variant']) {
  const houses = step.houses.flatMap((h) => {
    const house = getVariant(variant).houses[h];
    return house ? [house] : [];
  });
  if (step.technique !== 'naked-single') return houses;
  const box = houses.filter((h) => h.kind === 'box');
  return box.length > 0 ? box : houses;
}
