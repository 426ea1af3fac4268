/**
 * Hints and steps phrased in the current language from their structured fields (technique
 * id, cells, houses, digits); the engine's English `explanation` is the fallback for a
 * technique the catalogue does not know.
 */
import { cellName, getVariant, type Hint, type Step, type VariantIdName } from '@percent/engine';
import { cellsText, houseName, listText } from '../board/houses.ts';
import { hasMessage, t } from './index.ts';
import { cjkSpacing } from './typeset.ts';

export function techniqueName(id: string): string {
  const key = `technique.${id}`;
  return hasMessage(key) ? t(key) : id;
}

export const stepText = (step: Step, variantId: VariantIdName): string =>
  cjkSpacing(stepSentence(step, variantId));

function stepSentence(step: Step, variantId: VariantIdName): string {
  const technique = techniqueName(step.technique);
  if (!hasMessage(`technique.${step.technique}`)) return step.explanation;
  const variant = getVariant(variantId);
  const houses = step.houses.flatMap((h) => {
    const house = variant.houses[h];
    return house ? [houseName(house, variantId)] : [];
  });
  const placement = step.placements[0];
  if (placement) {
    const key = `step.${step.technique}`;
    const params = {
      technique,
      cell: cellName(placement.cell),
      digit: placement.digit,
      house: houses[0] ?? '',
    };
    return hasMessage(key) ? t(key, params) : t('step.placement', params);
  }
  return t('step.elimination', {
    technique,
    digits: listText(step.digits.map(String)),
    houses: listText(houses),
    removals: removalsText(step),
  });
}

/** "5 from R1C2 and R1C3, 7 from R4C4": a step's eliminations, by digit. */
export function removalsText(step: Pick<Step, 'eliminations'>): string {
  const byDigit = new Map<number, number[]>();
  for (const { cell, digit } of step.eliminations)
    byDigit.set(digit, [...(byDigit.get(digit) ?? []), cell]);
  return [...byDigit]
    .sort(([a], [b]) => a - b)
    .map(([digit, cells]) => t('step.removal', { digit, cells: cellsText(cells) }))
    .join(t('list.comma'));
}

export interface HintView {
  readonly text: string;
  /** The cells the hint is about: the placement, the justifying cells, the wrong entries. */
  readonly cells: number[];
  /** The houses the step reasons in, as cells, for a lighter tint. */
  readonly area: number[];
}

/** The sentence for a hint, and the cells it points at. */
export function hintView(hint: Hint, variant: VariantIdName): HintView {
  const view = hintParts(hint, variant);
  return { ...view, text: cjkSpacing(view.text) };
}

function hintParts(hint: Hint, variant: VariantIdName): HintView {
  switch (hint.kind) {
    case 'wrong':
      return {
        text: t('hint.wrong', { cell: cellName(hint.cells[0] ?? 0), count: hint.cells.length }),
        cells: [...hint.cells],
        area: [],
      };
    case 'step': {
      const via = hint.via;
      const before = via.length
        ? `${t('hint.via', { steps: via.map((s) => stepText(s, variant)).join(' ') })} `
        : '';
      const cells = [...hint.step.cells, ...hint.step.placements.map((p) => p.cell)];
      const houses = getVariant(variant).houses;
      const area = hint.step.houses.flatMap((h) => houses[h]?.cells ?? []);
      return { text: before + stepText(hint.step, variant), cells, area };
    }
    case 'reveal':
      return {
        text: t('hint.reveal', { cell: cellName(hint.cell), digit: hint.digit }),
        cells: [hint.cell],
        area: [],
      };
    case 'solved':
      return { text: t('hint.solved'), cells: [], area: [] };
  }
}
