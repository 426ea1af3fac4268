import type { Instance } from './sat-data.ts';
import { netSum, sumTimes, type TimeSum } from './sat-net.ts';
import type { ExtraSolver, OursRun, SolverRun } from './sat-runners.ts';
import type { SolverName, Startups } from './sat-startup.ts';

/** Everything measured on one instance. */
export interface InstanceResult {
  readonly instance: Instance;
  /** The optimised default (cdcl + vsids). */
  readonly ours: OursRun;
  /** DPLL + first, run on hust/check only (the course table). */
  readonly baseline?: OursRun;
  readonly minisat?: SolverRun;
  readonly extras: Partial<Record<ExtraSolver, SolverRun>>;
}

export type Judgement = 'correct' | 'wrong' | 'undecided' | 'unchecked' | 'error';

/**
 * Our answer against the manifest's `verified` status. A SAT answer of ours is right even
 * where nobody verified the instance, because `percent sat` checks the model against every
 * clause before answering; an UNSAT answer there cannot be checked.
 */
export function judge(instance: Instance, run: SolverRun): Judgement {
  if (run.error) return 'error';
  if (run.verdict === 'UNKNOWN') return 'undecided';
  if (run.verdict === instance.verified) return 'correct';
  if (instance.verified === 'UNKNOWN') return run.verdict === 'SAT' ? 'correct' : 'unchecked';
  return 'wrong';
}

export interface SetTotals {
  readonly set: string;
  /** Files in the set, and how many of them ran (fewer under `--limit`). */
  readonly available: number;
  readonly files: number;
  readonly counts: Readonly<Record<Judgement, number>>;
  /** Ours in-process (solve time, `--json` ms) and its parse time. */
  readonly ours: TimeSum;
  readonly parseMs: number;
  /** MiniSat's own CPU time line. */
  readonly minisat?: TimeSum;
  /** Per solver: process wall times minus that solver's start-up (the metric). */
  readonly net: NetTotals;
  /** The files the other references ran on (`--extras-limit`), every solver on them alike. */
  readonly sample?: { readonly files: number; readonly net: NetTotals };
}

export type NetTotals = Partial<Record<SolverName, TimeSum>>;

const EMPTY: TimeSum = { ms: 0, censored: false, runs: 0, decided: 0 };

export function setTotals(
  set: string,
  available: number,
  results: readonly InstanceResult[],
  startups: Startups,
): SetTotals {
  const counts: Record<Judgement, number> = {
    correct: 0,
    wrong: 0,
    undecided: 0,
    unchecked: 0,
    error: 0,
  };
  for (const r of results) counts[judge(r.instance, r.ours)]++;
  const sampled = results.filter((r) => Object.keys(r.extras).length > 0);
  const sample = { files: sampled.length, net: netTotals(sampled, startups) };
  return {
    set,
    available,
    files: results.length,
    counts,
    ours: sumTimes(results.map((r) => r.ours)) ?? EMPTY,
    parseMs: results.reduce((total, r) => total + r.ours.parseMs, 0),
    minisat: sumTimes(results.map((r) => r.minisat)),
    net: netTotals(results, startups),
    ...(sampled.length > 0 ? { sample } : {}),
  };
}

/** Each solver's runs summed with its start-up subtracted; solvers that did not run absent. */
function netTotals(results: readonly InstanceResult[], startups: Startups): NetTotals {
  const net: NetTotals = {};
  for (const [name, startup] of Object.entries(startups.solvers)) {
    const solver = name as SolverName;
    const sum = netSum(
      results.map((r) => runOf(r, solver)),
      startup.medianMs,
    );
    if (sum !== undefined) net[solver] = sum;
  }
  return net;
}

/** The run of `solver` on this instance, if it ran. */
export function runOf(result: InstanceResult, solver: SolverName): SolverRun | undefined {
  if (solver === 'ours') return result.ours;
  if (solver === 'minisat') return result.minisat;
  return result.extras[solver];
}

/** Every run of ours (optimised and baseline) that answered wrongly or failed. */
export function failures(results: readonly InstanceResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    for (const [label, run] of [
      ['cdcl+vsids', r.ours],
      ['dpll+first', r.baseline],
    ] as const) {
      if (run === undefined) continue;
      const verdict = judge(r.instance, run);
      if (verdict === 'wrong') {
        out.push(
          `WRONG ANSWER: ${r.instance.path} (${label}) said ${run.verdict}, verified ${r.instance.verified}`,
        );
      } else if (verdict === 'error') {
        out.push(`ERROR: ${r.instance.path} (${label}): ${run.note}`);
      }
    }
  }
  return out;
}

/**
 * Answers of the references that contradict the verified status, and their errors: not a
 * failure of ours, but worth a line (a reference that errs is not timing the same work).
 */
export function referenceProblems(results: readonly InstanceResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    const refs: [string, SolverRun | undefined][] = [
      ['minisat', r.minisat],
      ...Object.entries(r.extras),
    ];
    for (const [name, run] of refs) {
      if (run === undefined) continue;
      if (run.error) out.push(`${r.instance.path}: ${name} ${run.note}`);
      else if (judge(r.instance, run) === 'wrong') {
        out.push(
          `${r.instance.path}: ${name} said ${run.verdict}, verified ${r.instance.verified}`,
        );
      }
    }
  }
  return out;
}
