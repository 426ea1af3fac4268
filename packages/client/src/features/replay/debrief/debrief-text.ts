/**
 * A debrief phrased in the current language: one sentence per mistake (why the digit could not
 * go there: a clash in a house, a chain of techniques, the singles that would follow it into a
 * contradiction, or the houses whose rules force it out)
 * and per long pause (the easiest technique that was available, and where). Pure: the engine's
 * `Debrief` in, `DebriefItem`s out, with the cells and houses each item is about so the
 * replay can highlight them.
 */
import {
  cellName,
  getVariant,
  type Debrief,
  type HouseRef,
  type MistakeNote,
  type PauseNote,
  type StepNote,
  type VariantIdName,
} from '@percent/engine';
import { cellsText, houseName, listText } from '../../../board/houses.ts';
import { hasMessage, t } from '../../../i18n/index.ts';
import { cjkSpacing } from '../../../i18n/typeset.ts';
import { removalsText, techniqueName } from '../../../i18n/hint-text.ts';
import { formatClock } from '../../../ui/time.ts';

export interface DebriefItem {
  readonly kind: 'mistake' | 'pause';
  /** ms since the start: the wrong entry, or the start of the pause (where the replay seeks). */
  readonly at: number;
  /** The cell the item is about: the mistake's cell, or the cell the technique fills or clears. */
  readonly cell: number | null;
  readonly text: string;
  /** Cells to mark strongly (the item's cell, the clashing digit, the step's cells). */
  readonly cells: readonly number[];
  /** Cells of the houses the reason names, for a lighter tint. */
  readonly area: readonly number[];
}

/** Every mistake and pause as a sentence, in time order (a mistake first on a tie). */
export function debriefItems(debrief: Debrief, variant: VariantIdName): DebriefItem[] {
  const items = [
    ...debrief.mistakes.map((note) => mistakeItem(note, variant)),
    ...debrief.pauses.map((note) => pauseItem(note, variant)),
  ];
  const rank = (item: DebriefItem) => (item.kind === 'mistake' ? 0 : 1);
  return items.sort((a, b) => a.at - b.at || rank(a) - rank(b));
}

const houseOf = (ref: HouseRef, variant: VariantIdName) =>
  getVariant(variant).houses.find((h) => h.kind === ref.kind && h.index === ref.index);

/** "row 3", "the upper window", "第 3 行"… */
export function houseRefName(ref: HouseRef, variant: VariantIdName): string {
  const house = houseOf(ref, variant);
  return house ? houseName(house, variant) : `${ref.kind} ${ref.index + 1}`;
}

/** Beyond this many houses, rows, columns and boxes are grouped: "rows 1–5, 7 and 9". */
const GROUP_OVER = 3;
const NUMBERED = ['row', 'column', 'box'] as const;
const GROUP_KEY = { row: 'debrief.rows', column: 'debrief.columns', box: 'debrief.boxes' } as const;

/** The houses in a sentence, in their order; a long list (a SAT argument) grouped by kind. */
export function housesText(refs: readonly HouseRef[], variant: VariantIdName): string {
  if (refs.length <= GROUP_OVER) return listText(refs.map((ref) => houseRefName(ref, variant)));
  const groups = NUMBERED.flatMap((kind) => {
    const numbers = refs.filter((r) => r.kind === kind).map((r) => r.index + 1);
    if (numbers.length === 0) return [];
    if (numbers.length === 1) return [houseRefName({ kind, index: numbers[0]! - 1 }, variant)];
    return [t(GROUP_KEY[kind], { list: numberList(numbers) })];
  });
  const others = refs.filter((r) => !(NUMBERED as readonly string[]).includes(r.kind));
  return listText([...groups, ...others.map((ref) => houseRefName(ref, variant))]);
}

/** 1, 2, 3, 4, 5, 7, 9 → "1–5, 7 and 9": runs of three or more as a range. */
function numberList(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return listText(parts);
}

const houseCells = (refs: readonly HouseRef[], variant: VariantIdName): number[] =>
  refs.flatMap((ref) => houseOf(ref, variant)?.cells ?? []);

/** "a hidden single", "locked candidates" (the technique's name inside a sentence). */
export function techniqueInSentence(technique: string): string {
  const key = `debrief.a.${technique}`;
  return hasMessage(key) ? t(key) : techniqueName(technique);
}

/** One technique step: "a hidden single in box 5 (R4C5 is 7)". */
export function stepPhrase(step: StepNote, variant: VariantIdName): string {
  const technique = techniqueInSentence(step.technique);
  const placement = step.placements[0];
  if (step.technique === 'naked-single' && placement)
    return t('debrief.step.naked-single', {
      technique,
      cell: cellName(placement.cell),
      digit: placement.digit,
    });
  const detail = placement
    ? t('debrief.placed', { cell: cellName(placement.cell), digit: placement.digit })
    : t('debrief.removes', { removals: removalsText(step) });
  if (step.houses.length === 0) return t('debrief.stepNoHouse', { technique, detail });
  return t('debrief.step', { technique, houses: housesText(step.houses, variant), detail });
}

/** Why the wrong digit of `note` could not go in its cell, as one sentence. */
export function mistakeText(note: MistakeNote, variant: VariantIdName): string {
  return cjkSpacing(mistakeSentence(note, variant));
}

function mistakeSentence(note: MistakeNote, variant: VariantIdName): string {
  const base = { cell: cellName(note.cell), digit: note.digit, correct: note.correct };
  const why = note.why;
  switch (why.kind) {
    case 'clash':
      return t(why.cellWrong ? 'debrief.clashWrong' : 'debrief.clash', {
        ...base,
        house: houseRefName(why.house, variant),
        other: cellName(why.cell),
      });
    case 'logic':
      return t('debrief.logic', {
        ...base,
        steps: why.steps.map((step) => stepPhrase(step, variant)).join(t('debrief.then')),
      });
    case 'contradiction':
      return contradictionText(base, why, variant);
    case 'sat':
      return t('debrief.sat', { ...base, houses: housesText(why.houses, variant) });
    case 'unknown':
      return t(why.reason === 'fits' ? 'debrief.unknownFits' : 'debrief.unknown', base);
  }
}

type Contradiction = Extract<MistakeNote['why'], { kind: 'contradiction' }>;

/** "…but if 5 were in R3C4: R3C8 would have to be 7 (hidden single in row 3), then …, and box 6 would have no place left for 9 (it is 8)." */
function contradictionText(
  base: { cell: string; digit: number; correct: number },
  why: Contradiction,
  variant: VariantIdName,
): string {
  const conflict =
    why.conflict.kind === 'cell'
      ? t('debrief.conflict.cell', { cell: cellName(why.conflict.cell) })
      : t('debrief.conflict.house', {
          house: houseRefName(why.conflict.house, variant),
          digit: why.conflict.digit,
        });
  if (why.steps.length === 0) return t('debrief.contradictionAtOnce', { ...base, conflict });
  const steps = why.steps.map((step) => forcedPhrase(step, variant)).join(t('debrief.then'));
  return t('debrief.contradiction', { ...base, steps, conflict });
}

/** "R3C8 would have to be 7 (hidden single in row 3)"; a step that is not a single, as a step. */
function forcedPhrase(step: StepNote, variant: VariantIdName): string {
  const placement = step.placements[0];
  const key = `debrief.single.${step.technique}`;
  if (!placement || !hasMessage(key)) return stepPhrase(step, variant);
  const house = step.houses[0];
  const single = t(key, { house: house ? houseRefName(house, variant) : '' });
  return t('debrief.forced', { cell: cellName(placement.cell), digit: placement.digit, single });
}

/**
 * "A pause of 41 s (at 2:13), with a hidden single available in the upper window."; a step
 * without houses (an XY-wing) is placed by its cells.
 */
export function pauseText(note: PauseNote, variant: VariantIdName): string {
  const pause = pauseSentence(note, variant);
  const shown = note.wrongShown ?? [];
  if (shown.length === 0) return cjkSpacing(pause);
  const wrong = listText(
    shown.map(({ cell, digit }) => t('debrief.wrongDigit', { cell: cellName(cell), digit })),
  );
  return cjkSpacing(t('debrief.wrongShown', { pause, wrong }));
}

function pauseSentence(note: PauseNote, variant: VariantIdName): string {
  const params = { seconds: Math.round(note.ms / 1000), time: formatClock(note.from) };
  const step = note.step;
  if (!step) return t('debrief.pauseStuck', params);
  const technique = techniqueInSentence(step.technique);
  if (step.houses.length > 0)
    return t('debrief.pause', { ...params, technique, houses: housesText(step.houses, variant) });
  // The cells that make the pattern (an XY-wing's pivot and pincers), else those it changes.
  const cells = step.cells.length > 0 ? step.cells : stepCells(step);
  return t('debrief.pauseNoHouse', { ...params, technique, cells: cellsText(cells) });
}

function mistakeItem(note: MistakeNote, variant: VariantIdName): DebriefItem {
  const { cells, houses } = highlightOf(note, variant);
  return {
    kind: 'mistake',
    at: note.at,
    cell: note.cell,
    text: mistakeText(note, variant),
    cells: unique([note.cell, ...cells]),
    area: unique(houseCells(houses, variant)),
  };
}

/**
 * What a mistake's reason points at: the clashing cell and its house; a chain's cells and
 * houses; a contradiction's forced cells and the house left without a place for its digit (or
 * the cell left without a digit and the houses it sees every digit through); a SAT argument's
 * houses.
 */
function highlightOf(
  note: MistakeNote,
  variant: VariantIdName,
): { cells: number[]; houses: readonly HouseRef[] } {
  const why = note.why;
  switch (why.kind) {
    case 'clash':
      return { cells: [why.cell], houses: [why.house] };
    case 'logic':
      return { cells: why.steps.flatMap(stepCells), houses: why.steps.flatMap((s) => s.houses) };
    case 'contradiction': {
      const forced = why.steps.flatMap((s) => s.placements.map((p) => p.cell));
      const { conflict } = why;
      return conflict.kind === 'cell'
        ? { cells: [...forced, conflict.cell], houses: housesAround(conflict.cell, variant) }
        : { cells: forced, houses: [conflict.house] };
    }
    case 'sat':
      return { cells: [], houses: why.houses };
    case 'unknown':
      return { cells: [], houses: [] };
  }
}

/** Every house of the cell, in the variant's order (rows, columns, boxes, then the extras). */
function housesAround(cell: number, variant: VariantIdName): HouseRef[] {
  const v = getVariant(variant);
  return (v.housesOf[cell] ?? []).map((h) => ({
    kind: v.houses[h]!.kind,
    index: v.houses[h]!.index,
  }));
}

function pauseItem(note: PauseNote, variant: VariantIdName): DebriefItem {
  const step = note.step;
  const target = step?.placements[0]?.cell ?? step?.eliminations[0]?.cell ?? null;
  const shown = (note.wrongShown ?? []).map((w) => w.cell);
  return {
    kind: 'pause',
    at: note.from,
    cell: target,
    text: pauseText(note, variant),
    cells: unique([...(step ? stepCells(step) : []), ...shown]),
    area: step ? unique(houseCells(step.houses, variant)) : [],
  };
}

const stepCells = (step: StepNote): number[] => [
  ...step.placements.map((p) => p.cell),
  ...step.eliminations.map((e) => e.cell),
  ...step.cells,
];

const unique = (cells: readonly number[]): number[] => [...new Set(cells)];
