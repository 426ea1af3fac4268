import { cellName, type Conflict, type House, type VariantIdName } from '@percent/engine';
import { hasMessage, t } from '../i18n/index.ts';

/** The house's name in the current language: "row 3", "第 3 行", "the upper window". */
export function houseName(house: House, variant: VariantIdName): string {
  const n = house.index + 1;
  switch (house.kind) {
    case 'row':
    case 'column':
    case 'box':
      return t(`house.${house.kind}`, { n });
    case 'anti-diagonal':
      return t('house.anti-diagonal');
    case 'diagonal':
      return t(house.index === 0 ? 'house.diagonal.0' : 'house.diagonal.1');
    case 'window': {
      const key = `house.window.${variant}.${house.index}`;
      return hasMessage(key) ? t(key) : house.name;
    }
  }
}

/** "7 appears twice in the upper window", translated. */
export function conflictText(conflict: Conflict, variant: VariantIdName): string {
  const house = houseName(conflict.house, variant);
  const count = conflict.cells.length;
  return count === 2
    ? t('conflict.twice', { digit: conflict.digit, house })
    : t('conflict.times', { digit: conflict.digit, house, count });
}

/** "R1C2, R3C4 and R5C6" in the current language. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(t('list.comma')) + t('list.and') + items[items.length - 1];
}

export const cellsText = (cells: readonly number[]): string => listText(cells.map(cellName));
