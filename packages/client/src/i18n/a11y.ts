/**
 * The accessibility catalogue: what screen readers hear (live announcements, row names),
 * merged by `src/i18n/index.ts`. Keys are prefixed `a11y.`; `a11yZh` must translate every key.
 */
export const a11yEn = {} as const;

export const a11yZh: Record<keyof typeof a11yEn, string> = {};
