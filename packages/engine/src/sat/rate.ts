/** A timed solve, as far as the rate needs it. */
export interface TimedRun {
  readonly result: { readonly status: 'sat' | 'unsat' | 'unknown' };
  /** Wall-clock milliseconds it took (or used before giving up). */
  readonly ms: number;
}

/**
 * The course design's optimisation rate `(t − t_o) / t`, in percent, with t the baseline's
 * time and t_o the optimised time. A run that did not decide (budget reached) only gives a
 * bound on its true time: the rate grows with t and shrinks with t_o, so an undecided
 * baseline makes the measured rate a lower bound and an undecided optimised run an upper
 * bound. With both undecided, or a zero baseline time, there is no rate.
 */
export interface Rate {
  /** Percent, or null when undefined. */
  readonly percent: number | null;
  readonly bound: 'exact' | 'lower' | 'upper' | 'none';
}

export function optimisationRate(baseline: TimedRun, optimised: TimedRun): Rate {
  const baseDecided = baseline.result.status !== 'unknown';
  const optDecided = optimised.result.status !== 'unknown';
  if ((!baseDecided && !optDecided) || baseline.ms <= 0) return { percent: null, bound: 'none' };
  const percent = ((baseline.ms - optimised.ms) / baseline.ms) * 100;
  if (!baseDecided) return { percent, bound: 'lower' };
  return { percent, bound: optDecided ? 'exact' : 'upper' };
}

/** `97.3%`, `>= 97.3%`, `<= -12.0%` or `n/a`. */
export function formatRate(rate: Rate): string {
  if (rate.percent === null) return 'n/a';
  const value = `${rate.percent.toFixed(1)}%`;
  if (rate.bound === 'lower') return `>= ${value}`;
  return rate.bound === 'upper' ? `<= ${value}` : value;
}
