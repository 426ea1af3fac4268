import type { Instance } from './sat-data.ts';
import type { ExtraSolver, OursRun, SolverRun } from './sat-runners.ts';

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

/** A sum of times, `censored` when some of the runs were undecided (a lower bound then). */
export interface TimeSum {
  readonly ms: number;
  readonly censored: boolean;
  readonly runs: number;
  readonly decided: number;
}

export function sumTimes(runs: readonly (SolverRun | undefined)[]): TimeSum | undefined {
  const present = runs.filter((r): r is SolverRun => r !== undefined);
  if (present.length === 0) return undefined;
  return {
    ms: present.reduce((total, r) => total + r.ms, 0),
    censored: present.some((r) => r.censored),
    runs: present.length,
    decided: present.filter((r) => !r.censored).length,
  };
}

export interface SetTotals {
  readonly set: string;
  /** Files in the set, and how many of them ran (fewer under `--limit`). */
  readonly available: number;
  readonly files: number;
  readonly counts: Readonly<Record<Judgement, number>>;
  readonly ours: TimeSum;
  readonly parseMs: number;
  readonly minisat?: TimeSum;
  readonly extras: Partial<Record<ExtraSolver, TimeSum>>;
}

export function setTotals(
  set: string,
  available: number,
  results: readonly InstanceResult[],
  extras: readonly ExtraSolver[],
): SetTotals {
  const counts: Record<Judgement, number> = {
    correct: 0,
    wrong: 0,
    undecided: 0,
    unchecked: 0,
    error: 0,
  };
  for (const r of results) counts[judge(r.instance, r.ours)]++;
  const extraSums: Partial<Record<ExtraSolver, TimeSum>> = {};
  for (const name of extras) extraSums[name] = sumTimes(results.map((r) => r.extras[name]));
  return {
    set,
    available,
    files: results.length,
    counts,
    ours: sumTimes(results.map((r) => r.ours)) ?? { ms: 0, censored: false, runs: 0, decided: 0 },
    parseMs: results.reduce((total, r) => total + r.ours.parseMs, 0),
    minisat: sumTimes(results.map((r) => r.minisat)),
    extras: extraSums,
  };
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
