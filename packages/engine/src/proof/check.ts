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
import { LratRecorder } from './lrat.ts';
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
  /** Also write the verified proof as LRAT (backward checking only; see lrat.ts). */
  readonly lrat?: boolean;
}

/** The LRAT text of a verified proof, in chunks, or why it could not be written. */
export type LratOutcome =
  | { readonly ok: true; readonly chunks: readonly Uint8Array[] }
  | { readonly ok: false; readonly why: string };

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
  | { readonly status: 'verified'; readonly stats: CheckStats; readonly lrat?: LratOutcome }
  | {
      readonly status: 'failed';
      /** What is wrong and where: `line 12: lemma 1 -3 0 is neither RUP nor RAT`. */
      readonly message: string;
      readonly stats: CheckStats;
    }
  | { readonly status: 'unknown'; readonly reason: 'time' | 'aborted'; readonly stats: CheckStats };

const CHECK_EVERY = 1024;

/** A check under way: yields (done, total) between slices of work, returns its outcome. */
type Checking = Generator<readonly [number, number], Outcome, void>;

/** Sets up a check: the parsed proof, the database with the formula, and its driver. */
function startCheck(cnf: Cnf, proof: Uint8Array, options: CheckOptions) {
  const started = performance.now();
  const stats: CheckStats = { lemmas: 0, skipped: 0, rat: 0, deletions: 0, ignored: 0, ms: 0 };
  const deadline = started + (options.budget?.timeMs ?? Infinity);
  let recorder: LratRecorder | undefined;
  const finish = (outcome: Outcome): CheckResult => {
    stats.ms = performance.now() - started;
    if (typeof outcome !== 'string') return outcome;
    if (outcome !== 'verified') return { status: 'unknown', reason: outcome, stats };
    if (recorder === undefined) return { status: 'verified', stats };
    const written: LratOutcome =
      recorder.refused === undefined
        ? { ok: true, chunks: recorder.chunks() }
        : { ok: false, why: recorder.refused };
    return { status: 'verified', stats, lrat: written };
  };
  /** Between slices: the reason to stop, if any, after reporting progress. */
  const interrupted = ([done, total]: readonly [number, number]) => {
    options.onProgress?.(done, total);
    if (options.signal?.aborted) return 'aborted' as const;
    return performance.now() >= deadline ? ('time' as const) : undefined;
  };
  const parsed = parseProof(proof);
  if (!parsed.ok)
    return { finish, interrupted, checking: undefined, failure: parsed.message, stats };
  const db = new CheckDb(Math.max(cnf.numVars, parsed.maxVar));
  const inputIds = cnf.clauses.map((clause) =>
    db.addClause(Int32Array.from(clause, litFromDimacs)),
  );
  if (options.lrat) {
    recorder = new LratRecorder(inputIds);
    if (options.mode === 'forward') recorder.refuse('LRAT is written by backward checking only');
  }
  const checking =
    options.mode === 'forward'
      ? forward(db, parsed.steps, stats)
      : backward(db, parsed.steps, stats, recorder);
  return { finish, interrupted, checking, failure: '', stats };
}

/** Checks the DRAT proof `proof` (text or binary bytes) of the formula's unsatisfiability. */
export function checkDrat(cnf: Cnf, proof: Uint8Array, options: CheckOptions = {}): CheckResult {
  const { finish, interrupted, checking, failure, stats } = startCheck(cnf, proof, options);
  if (checking === undefined) return finish(failed(failure, stats));
  for (let step = checking.next(); ; step = checking.next()) {
    if (step.done) return finish(step.value);
    const reason = interrupted(step.value);
    if (reason !== undefined) return finish(reason);
  }
}

/**
 * As `checkDrat`, letting the event loop run every `sliceMs` (default 50) so that `signal`
 * (Ctrl-C in the CLI, a Stop button in a worker) can stop a long check.
 */
export async function checkDratAsync(
  cnf: Cnf,
  proof: Uint8Array,
  options: CheckOptions & { readonly sliceMs?: number } = {},
): Promise<CheckResult> {
  const { finish, interrupted, checking, failure, stats } = startCheck(cnf, proof, options);
  if (checking === undefined) return finish(failed(failure, stats));
  const sliceMs = options.sliceMs ?? 50;
  let sliceEnd = performance.now() + sliceMs;
  for (let step = checking.next(); ; step = checking.next()) {
    if (step.done) return finish(step.value);
    if (performance.now() >= sliceEnd) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceEnd = performance.now() + sliceMs;
    }
    const reason = interrupted(step.value);
    if (reason !== undefined) return finish(reason);
  }
}

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
function* forward(db: CheckDb, steps: readonly ProofStep[], stats: CheckStats): Checking {
  for (let i = 0; i < steps.length; i++) {
    if (i % CHECK_EVERY === 0 && i > 0) yield [i, steps.length];
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
function* backward(
  db: CheckDb,
  steps: readonly ProofStep[],
  stats: CheckStats,
  lrat: LratRecorder | undefined,
): Checking {
  const total = 2 * steps.length;
  /** Per step: the clause it added or deleted, or NONE. */
  const ids = new Int32Array(steps.length).fill(NONE);
  let end = -1;
  for (let i = 0; i < steps.length && end < 0; i++) {
    if (i % CHECK_EVERY === 0 && i > 0) yield [i, total];
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
  const refutation: number[] | undefined = lrat ? [] : undefined;
  db.markCore(db.conflict, refutation);
  if (refutation !== undefined) lrat!.refutation(refutation);
  for (let i = end; i >= 0; i--) {
    if ((end - i) % CHECK_EVERY === 0 && i < end) yield [steps.length + end - i, total];
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
    const hints: number[] | undefined = lrat ? [] : undefined;
    const failure = checkLemma(db, step, stats, true, hints);
    if (failure !== undefined) return failed(failure, stats);
    lrat?.lemma(i, id, step.lits, hints!);
  }
  return 'verified';
}

/** Checks one lemma against the clauses before it; a message when it is neither RUP nor RAT. */
function checkLemma(
  db: CheckDb,
  step: ProofStep,
  stats: CheckStats,
  mark: boolean,
  hints?: number[],
): string | undefined {
  stats.lemmas++;
  const lits = step.lits;
  if (db.rup(lits, mark, hints)) return undefined;
  if (lits.length > 0 && db.rat(lits, mark, hints)) {
    stats.rat++;
    return undefined;
  }
  const text = Array.from(lits, (l) => ((l & 1) === 1 ? -((l >> 1) + 1) : (l >> 1) + 1));
  const what = lits.length === 0 ? 'the empty clause' : `lemma ${[...text, 0].join(' ')}`;
  return `${step.at}: ${what} is neither RUP nor RAT (not implied by unit propagation)`;
}
