/**
 * A DRAT proof checker. The formula and the proof's lemmas go into a clause database with two
 * watched literals (check-db.ts). A lemma is accepted when reverse unit propagation derives a
 * conflict from its negation (RUP), or else when it is a resolution asymmetric tautology on
 * its first literal (RAT: every resolvent with a clause holding that literal's negation is
 * RUP). A deletion takes the clause out, except a clause that is the reason of a top-level
 * fact (drat-trim ignores those too: keeping an implied clause only makes the check stronger,
 * never unsound). The proof is verified once the empty clause is derived.
 *
 * Backward checking (the default, as drat-trim's): a forward pass adds every lemma unchecked
 * until unit propagation refutes the clauses; then, going back through the proof, each lemma
 * is taken out and checked only if a derivation already checked used it (its "core" mark,
 * starting from the final conflict) — lemmas the refutation never needs are skipped. Forward
 * checking (`mode: 'forward'`) checks every lemma in order, as DRUP-check does.
 */
import type { Cnf } from '../cnf/formula.ts';
import { litFromDimacs } from '../sat/lit.ts';
import { CheckDb, NONE } from './check-db.ts';
import { parseProof, type ProofStep } from './parse.ts';

export const CheckMode = { backward: 'backward', forward: 'forward' } as const;
export type CheckModeName = (typeof CheckMode)[keyof typeof CheckMode];

export interface CheckOptions {
  /** Default `backward`. */
  readonly mode?: CheckModeName;
  /** Give up (answer unknown) after this many milliseconds. */
  readonly budget?: { readonly timeMs?: number };
  readonly signal?: AbortSignal;
  /** Called every few thousand steps with how much of the work is done, out of `total`. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface CheckStats {
  /** Lemmas checked. */
  lemmas: number;
  /** Lemmas backward checking skipped: the refutation does not use them. */
  skipped: number;
  /** Lemmas that needed the RAT check. */
  rat: number;
  deletions: number;
  /** Deletions ignored: of a clause not in the database, or of a top-level fact's reason. */
  ignored: number;
  ms: number;
}

export type CheckResult =
  | { readonly status: 'verified'; readonly stats: CheckStats }
  | {
      readonly status: 'failed';
      /** What is wrong and where: `line 12: lemma 1 -3 0 is neither RUP nor RAT`. */
      readonly message: string;
      readonly stats: CheckStats;
    }
  | { readonly status: 'unknown'; readonly reason: 'time' | 'aborted'; readonly stats: CheckStats };

const CHECK_EVERY = 1024;

/** Checks the DRAT proof `proof` (text or binary bytes) of the formula's unsatisfiability. */
export function checkDrat(cnf: Cnf, proof: Uint8Array, options: CheckOptions = {}): CheckResult {
  const started = performance.now();
  const stats: CheckStats = { lemmas: 0, skipped: 0, rat: 0, deletions: 0, ignored: 0, ms: 0 };
  const done = (result: CheckResult): CheckResult => {
    stats.ms = performance.now() - started;
    return result;
  };
  const parsed = parseProof(proof);
  if (!parsed.ok) return done({ status: 'failed', message: parsed.message, stats });
  const db = new CheckDb(Math.max(cnf.numVars, parsed.maxVar));
  for (const clause of cnf.clauses) db.addClause(Int32Array.from(clause, litFromDimacs));
  const deadline = started + (options.budget?.timeMs ?? Infinity);
  /** Between steps: the reason to stop, if any, after reporting progress. */
  const interrupted = (done: number, total: number): 'time' | 'aborted' | undefined => {
    options.onProgress?.(done, total);
    if (options.signal?.aborted) return 'aborted';
    return performance.now() >= deadline ? 'time' : undefined;
  };
  const run = options.mode === 'forward' ? forward : backward;
  const outcome = run(db, parsed.steps, stats, interrupted);
  if (typeof outcome !== 'string') return done(outcome);
  return done(
    outcome === 'verified'
      ? { status: 'verified', stats }
      : { status: 'unknown', reason: outcome, stats },
  );
}

type Interrupted = (done: number, total: number) => 'time' | 'aborted' | undefined;
type Outcome = 'verified' | 'time' | 'aborted' | CheckResult;

const failed = (message: string, stats: CheckStats): CheckResult => ({
  status: 'failed',
  message,
  stats,
});

const noEmptyClause = (db: CheckDb, stats: CheckStats): CheckResult =>
  failed(
    db.inconsistent
      ? 'the formula is refuted by unit propagation, yet the proof has no empty clause'
      : 'the proof ends without deriving the empty clause',
    stats,
  );

/** Every lemma checked in order, until one refutes the clauses. */
function forward(
  db: CheckDb,
  steps: readonly ProofStep[],
  stats: CheckStats,
  stop: Interrupted,
): Outcome {
  for (let i = 0; i < steps.length; i++) {
    if (i % CHECK_EVERY === 0 && i > 0) {
      const reason = stop(i, steps.length);
      if (reason !== undefined) return reason;
    }
    const step = steps[i]!;
    if (step.deletion) {
      stats.deletions++;
      if (db.deleteClause(step.lits) === NONE) stats.ignored++;
      continue;
    }
    const failure = checkLemma(db, step, stats, false);
    if (failure !== undefined) return failed(failure, stats);
    db.addClause(step.lits);
    if (db.inconsistent) return 'verified';
  }
  return noEmptyClause(db, stats);
}

/**
 * Lemmas added unchecked until the clauses are refuted; then, back from there, each lemma
 * taken out and checked when the refutation (as checked so far) uses it.
 */
function backward(
  db: CheckDb,
  steps: readonly ProofStep[],
  stats: CheckStats,
  stop: Interrupted,
): Outcome {
  const total = 2 * steps.length;
  /** Per step: the clause it added or deleted, or NONE. */
  const ids = new Int32Array(steps.length).fill(NONE);
  let end = -1;
  for (let i = 0; i < steps.length && end < 0; i++) {
    if (i % CHECK_EVERY === 0 && i > 0) {
      const reason = stop(i, total);
      if (reason !== undefined) return reason;
    }
    const step = steps[i]!;
    if (step.deletion) {
      stats.deletions++;
      ids[i] = db.deleteClause(step.lits);
      if (ids[i] === NONE) stats.ignored++;
    } else {
      ids[i] = db.addClause(step.lits);
      if (db.inconsistent) end = i;
    }
  }
  if (end < 0) return noEmptyClause(db, stats);
  db.markCore(db.conflict);
  for (let i = end; i >= 0; i--) {
    if ((end - i) % CHECK_EVERY === 0 && i < end) {
      const reason = stop(steps.length + end - i, total);
      if (reason !== undefined) return reason;
    }
    const step = steps[i]!;
    const id = ids[i]!;
    if (id === NONE) continue;
    if (step.deletion) {
      db.restore(id);
      continue;
    }
    db.removeLemma(id);
    if (db.core[id] === 0) {
      stats.skipped++;
      continue;
    }
    const failure = checkLemma(db, step, stats, true);
    if (failure !== undefined) return failed(failure, stats);
  }
  return 'verified';
}

/** Checks one lemma against the clauses before it; a message when it is neither RUP nor RAT. */
function checkLemma(
  db: CheckDb,
  step: ProofStep,
  stats: CheckStats,
  mark: boolean,
): string | undefined {
  stats.lemmas++;
  const lits = step.lits;
  if (db.rup(lits, mark)) return undefined;
  if (lits.length > 0 && db.rat(lits, mark)) {
    stats.rat++;
    return undefined;
  }
  const text = Array.from(lits, (l) => ((l & 1) === 1 ? -((l >> 1) + 1) : (l >> 1) + 1));
  const what = lits.length === 0 ? 'the empty clause' : `lemma ${[...text, 0].join(' ')}`;
  return `${step.at}: ${what} is neither RUP nor RAT (not implied by unit propagation)`;
}
