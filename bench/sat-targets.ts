import path from 'node:path';
import { ms } from './markdown.ts';
import { judge, sumTimes, type InstanceResult, type SetTotals, type TimeSum } from './sat-judge.ts';
import type { SolverRun } from './sat-runners.ts';

/**
 * The issue's four targets, each as one markdown bullet (plus sub-bullets for exceptions),
 * judged on what this run measured.
 */
export function renderTargets(
  results: readonly InstanceResult[],
  totals: readonly SetTotals[],
  minisatLimitMs: number | undefined,
): string {
  return [
    coverageTarget(results, minisatLimitMs),
    ratioTarget(totals),
    rateTarget(results),
    checkSpeedTarget(results),
  ].join('\n');
}

const MAX_LISTED = 30;

/** (1) Every uf/uuf instance up to 250 variables and every hust instance minisat decides. */
function coverageTarget(
  results: readonly InstanceResult[],
  minisatLimitMs: number | undefined,
): string {
  const minisatPresent = minisatLimitMs !== undefined;
  const inScope = results.filter(
    (r) =>
      (/^u?uf\d+-/.test(r.instance.set) && r.instance.vars <= 250) ||
      r.instance.set.startsWith('hust/'),
  );
  // Without minisat in this run, fall back to the manifest: decided by minisat when verified.
  const minisatDecides = (r: InstanceResult): boolean =>
    minisatPresent
      ? r.minisat !== undefined && !r.minisat.censored
      : r.instance.verifiedBy.startsWith('minisat');
  const scope = inScope.filter(minisatDecides);
  const misses = scope.filter((r) => judge(r.instance, r.ours) !== 'correct');
  const source = minisatPresent
    ? `within ${minisatLimitMs / 1000} s in this run`
    : 'per MANIFEST.tsv, minisat being absent';
  const head =
    `1. **Every uf/uuf instance up to 250 variables and every hust instance that minisat decides` +
    ` (${source}) is decided correctly:** ${misses.length === 0 ? 'met' : '**not met**'}` +
    ` — ${scope.length - misses.length} of ${scope.length}.`;
  const listed = misses
    .slice(0, MAX_LISTED)
    .map(
      (r) => `   - ${r.instance.path}: ${r.ours.verdict}${r.ours.note ? ` (${r.ours.note})` : ''}`,
    );
  if (misses.length > MAX_LISTED) listed.push(`   - … and ${misses.length - MAX_LISTED} more`);
  return [head, ...listed].join('\n');
}

/** (2) Total time on uf250 + uuf250 against minisat, target at most 3×. */
function ratioTarget(totals: readonly SetTotals[]): string {
  const sets = totals.filter((t) => t.set === 'uf250-1065' || t.set === 'uuf250-1065');
  const label = '2. **Total time on uf250 + uuf250 vs minisat (target ≤ 3×):**';
  const minisatSums = sets.map((t) => t.minisat).filter((s): s is TimeSum => s !== undefined);
  if (sets.length < 2 || minisatSums.length < 2) {
    return `${label} not measured (needs both sets${minisatSums.length < sets.length ? ' and minisat' : ''}).`;
  }
  const ours = sets.reduce((s, t) => s + t.ours.ms, 0);
  const ref = minisatSums.reduce((s, t) => s + t.ms, 0);
  const files = sets.reduce((s, t) => s + t.files, 0);
  const available = sets.reduce((s, t) => s + t.available, 0);
  const censored = sets.some((t) => t.ours.censored);
  const ratio = ours / ref;
  const verdict = censored ? '**not met** (some undecided)' : ratio <= 3 ? 'met' : '**not met**';
  const partial = files < available ? ` (only ${files} of ${available} files)` : '';
  return `${label} ${ms(ours, censored)} ms ours vs ${ms(ref)} ms minisat = ${censored ? '≥ ' : ''}${ratio.toFixed(2)}× — ${verdict}${partial}.`;
}

/** The course's rate `(t − t_o) / t` over runs, with its bound when some did not finish. */
export function rateOf(baseline: TimeSum | undefined, optimised: TimeSum | undefined): string {
  if (baseline === undefined || optimised === undefined || baseline.ms <= 0) return 'n/a';
  if (baseline.censored && optimised.censored) return 'n/a';
  const value = `${(((baseline.ms - optimised.ms) / baseline.ms) * 100).toFixed(1)}%`;
  if (baseline.censored) return `≥ ${value}`;
  return optimised.censored ? `≤ ${value}` : value;
}

export function runRate(baseline: SolverRun | undefined, optimised: SolverRun): string {
  return rateOf(sumTimes([baseline]), sumTimes([optimised]));
}

/** (3) The optimisation rate of cdcl + vsids over dpll + first on hust/check. */
function rateTarget(results: readonly InstanceResult[]): string {
  const check = results.filter((r) => r.baseline !== undefined);
  const label = '3. **Optimisation rate on hust/check, (t − t_o) / t over the summed times:**';
  if (check.length === 0) return `${label} not measured (hust/check did not run).`;
  const rate = rateOf(sumTimes(check.map((r) => r.baseline)), sumTimes(check.map((r) => r.ours)));
  const bound = rate.startsWith('≥')
    ? ' (a lower bound: some baseline runs hit the time limit)'
    : '';
  return `${label} ${rate} over ${check.length} instances${bound}; per instance in the table below.`;
}

/** (4) hust/check instances 1–7 and 11 each decided in under 5 s. */
function checkSpeedTarget(results: readonly InstanceResult[]): string {
  const wanted = new Set([1, 2, 3, 4, 5, 6, 7, 11]);
  const check = results.filter(
    (r) => r.instance.set === 'hust/check' && wanted.has(checkNumber(r.instance.path)),
  );
  const label = '4. **hust/check 1–7 and 11 each under 5 s:**';
  if (check.length === 0) return `${label} not measured (hust/check did not run).`;
  const slow = check.filter((r) => r.ours.censored || r.ours.ms >= 5000);
  const verdict = slow.length === 0 ? 'met' : '**not met**';
  const partial = check.length < wanted.size ? ` (only ${check.length} of ${wanted.size} ran)` : '';
  const times = check.map(
    (r) => `#${checkNumber(r.instance.path)} ${ms(r.ours.ms, r.ours.censored)} ms`,
  );
  return `${label} ${verdict}${partial} — ${times.join(', ')}.`;
}

/** The course table's instance number, from file names like `4-unsatisfied.cnf`. */
export function checkNumber(file: string): number {
  return Number.parseInt(path.basename(file), 10);
}
