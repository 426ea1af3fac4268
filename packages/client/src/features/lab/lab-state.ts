/**
 * The lab's solve, as pure data: the runs asked for (the chosen configuration, and with
 * Compare the course's baseline DPLL + first before it), each one's live statistics and
 * outcome, folded from the worker's events by `applyEvent`. No signals, no DOM: tested alone.
 */
import {
  optimisationRate,
  type Rate,
  type SolverStats,
  type UnknownReasonName,
} from '@percent/engine';
import type { SolveEvent } from '../../workers/lab-client.ts';
import type { Inspection, ProofCheck, RunConfig } from '../../workers/lab-protocol.ts';

/** The baseline of the course design's optimisation rate: plain DPLL, first open literal. */
export const BASELINE = { mode: 'dpll', heuristic: 'first', xor: false, proof: false } as const;

export type RunStatus = 'waiting' | 'running' | 'sat' | 'unsat' | 'unknown' | 'cancelled';

export interface RunView {
  readonly config: RunConfig;
  /** `baseline` only in a comparison. */
  readonly role: 'baseline' | 'chosen';
  readonly status: RunStatus;
  readonly reason?: UnknownReasonName;
  /** The latest statistics: live while running, final once finished. */
  readonly stats?: SolverStats;
  /** For sat: `model[v]` is 1 when v is true. */
  readonly model?: Uint8Array;
  /** For unsat with `config.proof`: the check of its DRAT proof, and the proof (text). */
  readonly proof?: ProofCheck;
  readonly drat?: Uint8Array;
  /** The verified proof as LRAT. */
  readonly lrat?: Uint8Array;
}

/** Whether the run's UNSAT answer gets a proof (asked for, and CDCL: DPLL learns nothing). */
export const provesUnsat = (run: RunView): boolean =>
  run.config.proof && run.config.mode === 'cdcl';

export interface Solve {
  /** `running` until the worker says done or the page cancels. */
  readonly phase: 'running' | 'over';
  readonly file: string;
  /** The parser's verdict on the text solved (known once the worker has parsed it). */
  readonly inspection?: Inspection;
  readonly runs: readonly RunView[];
  /** When it began, `performance.now()` time: the elapsed counter's zero. */
  readonly startedAt: number;
}

/** The runs for the chosen configuration; with `compare`, the baseline first. */
export function plannedRuns(chosen: RunConfig, compare: boolean): RunView[] {
  const mine: RunView = { config: chosen, role: 'chosen', status: 'waiting' };
  if (!compare) return [mine];
  const baseline: RunConfig = { ...BASELINE, timeMs: chosen.timeMs };
  return [{ config: baseline, role: 'baseline', status: 'waiting' }, mine];
}

export function startSolve(file: string, runs: RunView[], now: number): Solve {
  return { phase: 'running', file, runs, startedAt: now };
}

const withRun = (solve: Solve, index: number, change: Partial<RunView>): Solve => ({
  ...solve,
  runs: solve.runs.map((run, i) => (i === index ? { ...run, ...change } : run)),
});

/** Folds one worker event into the solve. */
export function applyEvent(solve: Solve, event: SolveEvent): Solve {
  switch (event.type) {
    case 'inspected':
      return { ...solve, inspection: event.inspection };
    case 'started':
      return withRun(solve, event.run, { status: 'running' });
    case 'progress':
      return withRun(solve, event.run, { stats: event.stats });
    case 'finished': {
      const { outcome, model } = event;
      if (outcome.status === 'unknown' && outcome.reason === 'aborted')
        return withRun(solve, event.run, { status: 'cancelled', stats: outcome.stats });
      const reason = outcome.status === 'unknown' ? outcome.reason : undefined;
      return withRun(solve, event.run, {
        status: outcome.status,
        stats: outcome.stats,
        reason,
        model,
      });
    }
    case 'proof':
      return withRun(solve, event.run, { proof: event.check, drat: event.drat, lrat: event.lrat });
  }
}

/** The worker is done (or was stopped): whatever had not finished is cancelled. */
export function endSolve(solve: Solve): Solve {
  const runs = solve.runs.map((run) =>
    run.status === 'running' || run.status === 'waiting'
      ? { ...run, status: 'cancelled' as const }
      : run,
  );
  return { ...solve, phase: 'over', runs };
}

/** A run's outcome and time for the rate, once it has decided or reached its budget. */
function timed(run: RunView | undefined) {
  if (run?.stats === undefined) return undefined;
  const { status } = run;
  if (status !== 'sat' && status !== 'unsat' && status !== 'unknown') return undefined;
  return { result: { status }, ms: run.stats.ms };
}

/**
 * A run faster than this (ms) is too quick to compare: its time is mostly the call's fixed
 * cost and the clock's jitter, and a rate on it says nothing (−4750 % on a 1 ms baseline).
 */
export const MEASURABLE_MS = 10;

/** A finished comparison: its rate, or both times when one of them is too short to compare. */
export type Comparison =
  | {
      readonly kind: 'rate';
      readonly rate: Rate;
      readonly baselineMs: number;
      readonly chosenMs: number;
    }
  | { readonly kind: 'tooFast'; readonly baselineMs: number; readonly chosenMs: number };

export function comparisonOf(solve: Solve): Comparison | undefined {
  const baseline = timed(solve.runs.find((run) => run.role === 'baseline'));
  const chosen = timed(solve.runs.find((run) => run.role === 'chosen'));
  if (!baseline || !chosen) return undefined;
  if (Math.min(baseline.ms, chosen.ms) < MEASURABLE_MS)
    return { kind: 'tooFast', baselineMs: baseline.ms, chosenMs: chosen.ms };
  const rate = optimisationRate(baseline, chosen);
  return { kind: 'rate', rate, baselineMs: baseline.ms, chosenMs: chosen.ms };
}

/** The run whose answer the page shows (and downloads): the chosen one. */
export const chosenRun = (solve: Solve): RunView | undefined =>
  solve.runs.find((run) => run.role === 'chosen');
