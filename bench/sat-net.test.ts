import { describe, expect, it } from 'vitest';
import { median, netMs, netSum, ratioOf, ratioText, withinLimit, type TimeSum } from './sat-net.ts';
import type { SolverRun } from './sat-runners.ts';

function run(wallMs: number, censored = false): SolverRun {
  const verdict = censored ? 'UNKNOWN' : 'SAT';
  return { verdict, ms: wallMs, wallMs, censored, note: censored ? 'timeout' : '', error: false };
}

function sum(ms: number, censored = false): TimeSum {
  return { ms, censored, runs: 1, decided: censored ? 0 : 1 };
}

describe('start-up subtraction', () => {
  it('subtracts the start-up from each file and floors each file at 0', () => {
    expect(netMs(run(130), 100)).toBe(30);
    expect(netMs(run(80), 100)).toBe(0);
    // Per file: 0 + 20 + 200, not (50 + 120 + 300) − 3 × 100 = 170.
    expect(netSum([run(50), run(120), run(300)], 100)?.ms).toBe(220);
  });

  it('marks a sum over an undecided run as a lower bound and skips solvers that did not run', () => {
    const total = netSum([run(500), undefined, run(60_100, true)], 100);
    expect(total).toEqual({ ms: 400 + 60_000, censored: true, runs: 2, decided: 1 });
    expect(netSum([undefined], 100)).toBeUndefined();
  });

  it('takes the median of the start-up runs', () => {
    expect(median([120, 95, 300])).toBe(120);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('ratios', () => {
  it('divides ours by the reference and says which side is a bound', () => {
    expect(ratioOf(sum(300), sum(100))).toEqual({ value: 3, bound: 'exact' });
    expect(ratioOf(sum(300, true), sum(100))?.bound).toBe('lower');
    expect(ratioOf(sum(300), sum(100, true))?.bound).toBe('upper');
    expect(ratioOf(sum(300, true), sum(100, true))?.bound).toBe('unknown');
    expect(ratioOf(sum(300), sum(0))).toBeUndefined();
    expect(ratioOf(sum(300), undefined)).toBeUndefined();
  });

  it('prints bounds with ≥, ≤ and ~', () => {
    expect(ratioText({ value: 2.5, bound: 'exact' })).toBe('2.50×');
    expect(ratioText({ value: 2.5, bound: 'lower' })).toBe('≥ 2.50×');
    expect(ratioText({ value: 2.5, bound: 'upper' })).toBe('≤ 2.50×');
    expect(ratioText({ value: 2.5, bound: 'unknown' })).toBe('~ 2.50×');
    expect(ratioText(undefined)).toBe('—');
  });

  it('decides a limit only when the bound allows it', () => {
    expect(withinLimit({ value: 3, bound: 'exact' }, 3)).toBe(true);
    expect(withinLimit({ value: 3.01, bound: 'exact' }, 3)).toBe(false);
    expect(withinLimit({ value: 2, bound: 'upper' }, 3)).toBe(true);
    expect(withinLimit({ value: 4, bound: 'upper' }, 3)).toBeUndefined();
    expect(withinLimit({ value: 4, bound: 'lower' }, 3)).toBe(false);
    expect(withinLimit({ value: 2, bound: 'lower' }, 3)).toBeUndefined();
    expect(withinLimit({ value: 2, bound: 'unknown' }, 3)).toBeUndefined();
  });
});
