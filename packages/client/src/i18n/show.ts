/**
 * The show catalogue: the TV (big-screen) room, the podium and the rules card, merged by
 * `src/i18n/index.ts`. Keys are prefixed `tv.`, `podium.`, `rulesCard.`; `showZh` must
 * translate every key.
 */
export const showEn = {} as const;

export const showZh: Record<keyof typeof showEn, string> = {};
