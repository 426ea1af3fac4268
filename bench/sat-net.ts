import type { SolverRun } from './sat-runners.ts';

/**
 * Times with process start-up subtracted, and ratios between such times: the issue's
 * metric compares solvers per family by the summed wall time of their processes, each
 * file's minus that solver's start-up (the wall time of a process on a one-clause file).
 */

/** A sum of times, `censored` when some of the runs were undecided (a lower bound then). */
export interface TimeSum {
  readonly ms: number;
  readonly censored: boolean;
  readonly runs: number;
  readonly decided: number;
}

export function sumTimes(runs: readonly (SolverRun | undefined)[]): TimeSum | undefined {
  return sumBy(runs, (r) => r.ms);
}

/** The sum of `runs`' wall times, each minus `startupMs` and floored at 0. */
export function netSum(
  runs: readonly (SolverRun | undefined)[],
  startupMs: number,
): TimeSum | undefined {
  return sumBy(runs, (r) => netMs(r, startupMs));
}

/** One run's wall time minus the start-up, floored at 0 (a file can beat the median). */
export function netMs(run: SolverRun, startupMs: number): number {
  return Math.max(0, run.wallMs - startupMs);
}

function sumBy(
  runs: readonly (SolverRun | undefined)[],
  time: (run: SolverRun) => number,
): TimeSum | undefined {
  const present = runs.filter((r): r is SolverRun => r !== undefined);
  if (present.length === 0) return undefined;
  return {
    ms: present.reduce((total, r) => total + time(r), 0),
    censored: present.some((r) => r.censored),
    runs: present.length,
    decided: present.filter((r) => !r.censored).length,
  };
}

/** The middle value (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

/**
 * Ours over a reference. `lower` when ours is a lower bound (some of ours undecided), so
 * the true ratio is at least `value`; `upper` when the reference's is; `unknown` for both.
 */
export interface Ratio {
  readonly value: number;
  readonly bound: 'exact' | 'lower' | 'upper' | 'unknown';
}

/** Undefined when there is no reference time to divide by (absent, or 0 ms). */
export function ratioOf(ours: TimeSum, ref: TimeSum | undefined): Ratio | undefined {
  if (ref === undefined || ref.ms <= 0) return undefined;
  const bound = ours.censored
    ? ref.censored
      ? 'unknown'
      : 'lower'
    : ref.censored
      ? 'upper'
      : 'exact';
  return { value: ours.ms / ref.ms, bound };
}

/** `1.23×`, `≥ 1.23×` (lower bound), `≤ 1.23×` (upper bound), `~ 1.23×`; `—` for none. */
export function ratioText(ratio: Ratio | undefined): string {
  if (ratio === undefined) return '—';
  const prefix = { exact: '', lower: '≥ ', upper: '≤ ', unknown: '~ ' }[ratio.bound];
  return `${prefix}${ratio.value.toFixed(2)}×`;
}

/**
 * Whether the ratio is at most `limit`: true when it is known to be (exact or an upper
 * bound within it), false when it is known not to be (exact or a lower bound beyond it),
 * undefined when the bounds leave it open.
 */
export function withinLimit(ratio: Ratio, limit: number): boolean | undefined {
  const { value, bound } = ratio;
  if (bound === 'exact') return value <= limit;
  if (bound === 'upper' && value <= limit) return true;
  if (bound === 'lower' && value > limit) return false;
  return undefined;
}
