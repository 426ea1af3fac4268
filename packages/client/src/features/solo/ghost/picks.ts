/** What the "Race a ghost" picker offers from this device's solves: pure, so it is tested. */
import type { DailyIndexView, DailySummaryView } from '@percent/protocol';
import type { SolveRecord } from '../../../state/solve-record.ts';

/** The fastest solve of each puzzle, newest puzzle first, at most `limit`. */
export function bestSolves(solves: readonly SolveRecord[], limit = 8): SolveRecord[] {
  const best = new Map<string, SolveRecord>();
  for (const solve of solves) {
    const kept = best.get(solve.puzzle);
    if (!kept || solve.timeMs < kept.timeMs) best.set(solve.puzzle, solve);
  }
  return [...best.values()].sort((a, b) => b.startedAt - a.startedAt).slice(0, limit);
}

/** Dailies with a leader to race: today's first, then the days before, at most `limit`. */
export function recentLeaders(index: DailyIndexView, limit = 8): DailySummaryView[] {
  return [...index.variants, ...index.archive.flatMap((day) => day.variants)]
    .filter((daily) => daily.bestTimeMs !== null)
    .slice(0, limit);
}
