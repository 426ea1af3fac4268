/**
 * The catalogue of the replay page (`/race/:id`, `/replay/:id`) and the debrief (`replay.`, `debrief.`), merged by `src/i18n/index.ts`. Keys never repeat a key of another
 * catalogue; `replayZh` must translate every key (a missing one is a compile error).
 */
export const replayEn = {
  'replay.title': 'replay',
} as const;

export const replayZh: Record<keyof typeof replayEn, string> = {
  'replay.title': 'replay',
};
