/**
 * A stopwatch as a value: accumulated milliseconds plus, while running, when it last started.
 * Pure, so pausing on a hidden tab and restoring after a reload are easy to test.
 */
export interface Stopwatch {
  readonly elapsedMs: number;
  /** `performance.now()`-style time it was last resumed; undefined while paused. */
  readonly since?: number;
}

export const stopped = (elapsedMs = 0): Stopwatch => ({ elapsedMs });

export const elapsed = (watch: Stopwatch, now: number): number =>
  watch.elapsedMs + (watch.since === undefined ? 0 : Math.max(0, now - watch.since));

export const pause = (watch: Stopwatch, now: number): Stopwatch =>
  watch.since === undefined ? watch : { elapsedMs: elapsed(watch, now) };

export const resume = (watch: Stopwatch, now: number): Stopwatch =>
  watch.since === undefined ? { elapsedMs: watch.elapsedMs, since: now } : watch;

/** "4:05", or "1:02:03" past an hour. */
export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
