import type { SolverStats } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import type { RunConfig } from '../../workers/lab-protocol.ts';
import {
  applyEvent,
  chosenRun,
  comparisonOf,
  endSolve,
  plannedRuns,
  startSolve,
  type Solve,
} from './lab-state.ts';

const chosen: RunConfig = {
  mode: 'cdcl',
  heuristic: 'vsids',
  xor: true,
  timeMs: 5000,
  proof: true,
};

/** Statistics as the engine reports them (`xors` from the engine with XOR reasoning on). */
const stats = (ms: number, conflicts = 0): SolverStats => {
  const reported = {
    decisions: 0,
    propagations: 0,
    conflicts,
    learned: 0,
    restarts: 0,
    deleted: 0,
    eliminated: 0,
    xors: 0,
    ms,
  };
  return reported;
};

const comparing = (): Solve => startSolve('f.cnf', plannedRuns(chosen, true), 0);

describe('the lab solve', () => {
  it('runs the baseline DPLL + first before the chosen configuration, with the same budget', () => {
    const runs = plannedRuns(chosen, true);
    expect(runs.map((r) => [r.role, r.config.mode, r.config.heuristic, r.config.timeMs])).toEqual([
      ['baseline', 'dpll', 'first', 5000],
      ['chosen', 'cdcl', 'vsids', 5000],
    ]);
    expect(plannedRuns(chosen, false).map((r) => r.role)).toEqual(['chosen']);
  });

  it('shows live statistics, then the outcome, of each run', () => {
    let solve = applyEvent(comparing(), { type: 'started', id: 1, run: 0 });
    solve = applyEvent(solve, { type: 'progress', id: 1, run: 0, stats: stats(50, 7) });
    expect(solve.runs[0]).toMatchObject({ status: 'running', stats: { conflicts: 7 } });
    expect(solve.runs[1]!.status).toBe('waiting');
    const model = Uint8Array.of(0, 1, 0);
    solve = applyEvent(solve, {
      type: 'finished',
      id: 1,
      run: 1,
      outcome: { status: 'sat', stats: stats(3) },
      model,
    });
    expect(chosenRun(solve)).toMatchObject({ status: 'sat', model });
  });

  it('says a run stopped by Cancel was cancelled, not undecided', () => {
    let solve = applyEvent(comparing(), { type: 'started', id: 1, run: 0 });
    solve = applyEvent(solve, {
      type: 'finished',
      id: 1,
      run: 0,
      outcome: { status: 'unknown', reason: 'aborted', stats: stats(80) },
    });
    expect(solve.runs[0]!.status).toBe('cancelled');
    expect(endSolve(solve).runs.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect(endSolve(solve).phase).toBe('over');
  });

  it('keeps the last statistics of a run whose worker had to be terminated', () => {
    let solve = applyEvent(comparing(), { type: 'started', id: 1, run: 0 });
    solve = applyEvent(solve, { type: 'progress', id: 1, run: 0, stats: stats(150, 9) });
    const ended = endSolve(solve);
    expect(ended.runs[0]).toMatchObject({ status: 'cancelled', stats: { conflicts: 9 } });
  });

  it('gives the optimisation rate once both runs are over, a bound when one ran out of time', () => {
    const finish = (solve: Solve, run: number, ms: number, timedOut = false): Solve =>
      applyEvent(solve, {
        type: 'finished',
        id: 1,
        run,
        outcome: timedOut
          ? { status: 'unknown', reason: 'time', stats: stats(ms) }
          : { status: 'unsat', stats: stats(ms) },
      });
    expect(comparisonOf(finish(comparing(), 0, 200))).toBeUndefined();
    expect(comparisonOf(finish(finish(comparing(), 0, 200), 1, 50))).toEqual({
      kind: 'rate',
      rate: { percent: 75, bound: 'exact' },
      baselineMs: 200,
      chosenMs: 50,
    });
    expect(comparisonOf(finish(finish(comparing(), 0, 200, true), 1, 50))).toEqual({
      kind: 'rate',
      rate: { percent: 75, bound: 'lower' },
      baselineMs: 200,
      chosenMs: 50,
    });
  });

  it('gives no rate when a run is too quick to time: both times instead', () => {
    const finish = (solve: Solve, run: number, ms: number): Solve =>
      applyEvent(solve, {
        type: 'finished',
        id: 1,
        run,
        outcome: { status: 'unsat', stats: stats(ms) },
      });
    expect(comparisonOf(finish(finish(comparing(), 0, 1), 1, 48.5))).toEqual({
      kind: 'tooFast',
      baselineMs: 1,
      chosenMs: 48.5,
    });
    expect(comparisonOf(finish(finish(comparing(), 0, 10), 1, 10))?.kind).toBe('rate');
  });

  it('keeps the proof check of an UNSAT run', () => {
    const drat = new TextEncoder().encode('0\n');
    const check = {
      status: 'verified',
      lemmas: 1,
      skipped: 0,
      deletions: 0,
      ms: 0.5,
      bytes: 2,
    } as const;
    const solve = applyEvent(comparing(), { type: 'proof', id: 1, run: 1, check, drat });
    expect(solve.runs[1]).toMatchObject({ proof: check, drat });
    expect(solve.runs[0]!.proof).toBeUndefined();
  });
});
