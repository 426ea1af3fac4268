/**
 * The daily puzzle's calendar: which day it is (UTC), each day's seed and difficulty, the
 * archive, streaks. Pure functions of their arguments (the clock comes in as epoch ms).
 */
import { createHash } from 'node:crypto';
import { FIRST_DAILY_DAY, type DailyStreakView, type DifficultyLevel } from '@percent/protocol';

const DAY_MS = 86_400_000;

/** The UTC day (`YYYY-MM-DD`) of an epoch-ms instant. */
export const dayOf = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

/** The day `n` days after `day` (negative: before). */
export const addDays = (day: string, n: number): string =>
  dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/**
 * Difficulty by the weekday (UTC), rising through the week like a newspaper's puzzle:
 * Monday and Tuesday easy, Wednesday and Thursday medium, Friday and Saturday hard, Sunday
 * expert.
 */
const BY_WEEKDAY: readonly DifficultyLevel[] = [
  'expert', // Sunday
  'easy',
  'easy',
  'medium',
  'medium',
  'hard',
  'hard',
];

export function difficultyOf(day: string): DifficultyLevel {
  return BY_WEEKDAY[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? 'medium';
}

/**
 * The generator's seed for a day's puzzle: SHA-256 of `"YYYY-MM-DD:variant"` in hex (and
 * `#k` appended for the k-th retry when a generation ran out of time).
 */
export function seedOf(day: string, variant: string, attempt = 0): string {
  const text = attempt === 0 ? `${day}:${variant}` : `${day}:${variant}#${attempt}`;
  return createHash('sha256').update(text).digest('hex');
}

export type DayStatus = 'past' | 'today' | 'future' | 'before-first';

export function statusOf(day: string, today: string): DayStatus {
  if (day < FIRST_DAILY_DAY) return 'before-first';
  if (day > today) return 'future';
  return day === today ? 'today' : 'past';
}

/** The `count` days before `today`, newest first, none before the first daily. */
export function archiveDays(today: string, count: number): string[] {
  const days: string[] = [];
  for (let i = 1; i <= count; i++) {
    const day = addDays(today, -i);
    if (day < FIRST_DAILY_DAY) break;
    days.push(day);
  }
  return days;
}

/**
 * A device's streak from the days (any order, repeats allowed) on which it solved a daily on
 * that day: the run ending today — or yesterday, while today is still open — and the longest.
 */
export function streakOf(solvedDays: readonly string[], today: string): DailyStreakView {
  const days = new Set(solvedDays.filter((day) => day <= today));
  const solvedToday = days.has(today);
  let current = 0;
  for (let day = solvedToday ? today : addDays(today, -1); days.has(day); day = addDays(day, -1))
    current++;
  let best = 0;
  for (const day of days) {
    if (days.has(addDays(day, -1))) continue; // not the start of a run
    let length = 0;
    for (let d = day; days.has(d); d = addDays(d, 1)) length++;
    best = Math.max(best, length);
  }
  return { current, best, solvedToday };
}
