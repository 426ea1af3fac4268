/** The attempt this device is playing on each daily (`DAY/VARIANT` → attempt id), to resume it. */
import { readStoredJson, writeStored } from '../../../ui/storage.ts';

const KEY = 'dailyAttempts';
/** Only the last few are kept: an attempt takes moves for a day at most. */
const KEPT = 12;

function attempts(): [string, string][] {
  const stored = readStoredJson(KEY);
  if (typeof stored !== 'object' || stored === null) return [];
  return Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string');
}

export const savedAttempt = (day: string, variant: string): string | undefined =>
  attempts().find(([key]) => key === `${day}/${variant}`)?.[1];

/** Keeps (or, with undefined, forgets) the attempt on a daily. */
export function saveAttempt(day: string, variant: string, attemptId: string | undefined): void {
  const key = `${day}/${variant}`;
  const others = attempts().filter(([k]) => k !== key);
  const kept = [...others, ...(attemptId === undefined ? [] : [[key, attemptId]])].slice(-KEPT);
  writeStored(KEY, JSON.stringify(Object.fromEntries(kept)));
}
