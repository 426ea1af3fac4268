/**
 * The catalogue of the daily puzzle, ghost races and solo solve records (`daily.`, `ghost.`, `solves.`), merged by `src/i18n/index.ts`. Keys never repeat a key of another
 * catalogue; `dailyZh` must translate every key (a missing one is a compile error).
 */
export const dailyEn = {
  'daily.title': 'daily',
} as const;

export const dailyZh: Record<keyof typeof dailyEn, string> = {
  'daily.title': 'daily',
};
