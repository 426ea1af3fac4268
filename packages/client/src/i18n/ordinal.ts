import { language, t } from './index.ts';

const ordinalRules = new Map<string, Intl.PluralRules>();

/**
 * A place in the current language: 1 → "1st", 2 → "2nd", 23 → "23rd" in English (by the
 * language's ordinal plural rules); "第 2 名" in Chinese. The podium, the results, the TV and
 * the screen reader's announcements all say places through this.
 */
export function ordinal(n: number): string {
  const lang = language.value === 'zh' ? 'zh-CN' : 'en';
  let rules = ordinalRules.get(lang);
  if (!rules) ordinalRules.set(lang, (rules = new Intl.PluralRules(lang, { type: 'ordinal' })));
  const form = rules.select(n);
  const key =
    form === 'one' || form === 'two' || form === 'few'
      ? (`podium.ordinal.${form}` as const)
      : 'podium.ordinal.other';
  return t(key, { n });
}
