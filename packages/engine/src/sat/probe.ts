import type { SolveOptions, SolveResult, SolverStats } from './types.ts';

/**
 * The budgets and counters of the whole-formula pipeline's short first search (the probe) and
 * the search after it (`solve-cnf.ts`), and when the caller's limits stop its other work.
 */

/**
 * Conflicts the first search gets on the formula as given, without elimination: most small
 * and many structured formulas are decided within them and never pay for that cold code in a
 * fresh process; the rest are prepared and solved again.
 */
export const PROBE_CONFLICTS = 1000;

/** The caller's options with the time budget shortened by what preprocessing used. */
export function rest<T extends SolveOptions>(options: T, started: number): T {
  const timeMs = options.budget?.timeMs;
  if (timeMs === undefined) return options;
  const left = Math.max(0, timeMs - (performance.now() - started));
  return { ...options, budget: { ...options.budget, timeMs: left } };
}

/** Why the caller's limits stop the work now (an abort, the time budget), if they do. */
export function stopReason(options: SolveOptions, started: number): 'aborted' | 'time' | undefined {
  if (options.signal?.aborted) return 'aborted';
  const timeMs = options.budget?.timeMs;
  return timeMs !== undefined && performance.now() - started >= timeMs ? 'time' : undefined;
}

/** The options of the probe: at most PROBE_CONFLICTS conflicts. */
export function probeOptions<T extends SolveOptions>(options: T, started: number): T {
  const left = rest(options, started);
  const conflicts = Math.min(options.budget?.conflicts ?? Infinity, PROBE_CONFLICTS);
  return { ...left, budget: { ...left.budget, conflicts } };
}

/** The options after a probe that used `used` conflicts of the caller's budget. */
export function afterProbe<T extends SolveOptions>(options: T, started: number, used: number): T {
  const left = rest(options, started);
  const conflicts = options.budget?.conflicts;
  if (conflicts === undefined) return left;
  return { ...left, budget: { ...left.budget, conflicts: Math.max(0, conflicts - used) } };
}

/** Whether the probe's answer stands: decided, or stopped by the caller's own limits. */
export function probeDecided(result: SolveResult, options: SolveOptions): boolean {
  if (result.status !== 'unknown' || result.reason !== 'conflicts') return true;
  return (options.budget?.conflicts ?? Infinity) <= PROBE_CONFLICTS;
}

/** The search's counters of a probe and the search after it, added up (`a`'s other fields). */
export function addCounters(a: SolverStats, b: SolverStats): SolverStats {
  return {
    ...a,
    decisions: a.decisions + b.decisions,
    propagations: a.propagations + b.propagations,
    conflicts: a.conflicts + b.conflicts,
    learned: a.learned + b.learned,
    restarts: a.restarts + b.restarts,
    deleted: a.deleted + b.deleted,
  };
}

export const addProbe = (result: SolveResult, probe: SolveResult): SolveResult => ({
  ...result,
  stats: addCounters(result.stats, probe.stats),
});

/**
 * The options of the search that follows a probe on a fresh solver: its progress counts on
 * from the probe's, and its time from the start of the call, so a display never goes back.
 */
export function continued<T extends SolveOptions>(
  options: T,
  probe: SolveResult,
  started: number,
): T {
  const report = options.onProgress;
  if (report === undefined) return options;
  const onProgress = (stats: SolverStats) =>
    report({ ...addCounters(stats, probe.stats), ms: performance.now() - started });
  return { ...options, onProgress };
}
