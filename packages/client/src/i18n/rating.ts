/**
 * The catalogue of ratings, rated rooms and the commit–reveal check (`rating.`, `fair.`), merged by `src/i18n/index.ts`. Keys never repeat a key of another
 * catalogue; `ratingZh` must translate every key (a missing one is a compile error).
 */
export const ratingEn = {
  'rating.title': 'rating',
} as const;

export const ratingZh: Record<keyof typeof ratingEn, string> = {
  'rating.title': 'rating',
};
