import { describe, expect, it } from 'vitest';
import type { SolverRun } from './sat-runners.ts';
import { StartupSampler, type Probe } from './sat-startup.ts';

/** A probe answering with these wall times in turn (SAT unless the time is negative). */
function probe(walls: number[]): Probe {
  return () => {
    const wallMs = walls.shift() ?? Number.NaN;
    const verdict = wallMs < 0 ? 'UNKNOWN' : 'SAT';
    const run: SolverRun = { verdict, ms: wallMs, wallMs, censored: false, note: '', error: false };
    return Promise.resolve(run);
  };
}

describe('StartupSampler', () => {
  it('drops the warm-up run and pools later samples into one median per solver', async () => {
    const sampler = new StartupSampler(
      new Map([
        ['ours', probe([900, 100, 120, 110, 400])],
        ['bin', probe([50, 130, 140, 135, 136])],
      ]),
      'one-clause.cnf',
    );
    await sampler.start(3);
    await sampler.sample();
    const { solvers, bin } = sampler.startups();
    // 900 was the warm-up; of 100, 120, 110, 400 the median is 115.
    expect(solvers.ours).toEqual({ medianMs: 115, minMs: 100, maxMs: 400, runs: 4, failures: 0 });
    expect(bin?.medianMs).toBe(135.5);
  });

  it('counts runs that did not answer SAT', async () => {
    const sampler = new StartupSampler(new Map([['minisat', probe([5, 6, -1, 7])]]), 'f.cnf');
    await sampler.start(3);
    expect(sampler.startups().solvers.minisat?.failures).toBe(1);
  });
});
