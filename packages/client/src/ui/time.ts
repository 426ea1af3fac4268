import { useEffect, useReducer } from 'preact/hooks';

/** Re-renders every `everyMs` while mounted; returns the time `now` reads at each render. */
export function useTicker(now: () => number, everyMs: number): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now();
}

/** 83_456 → "1:23"; an hour or more → "1:02:03". Negative times read 0:00. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A finishing time with tenths: 83_456 → "1:23.4". */
export const formatTime = (ms: number): string =>
  `${formatClock(ms)}.${Math.floor((Math.max(0, ms) % 1000) / 100)}`;
