/**
 * A DRAT proof checker: forward checking (as DRUP-check and drat-trim's forward mode do). The
 * formula and then each lemma, in order, are kept in a clause database with two watched
 * literals; a lemma is accepted when reverse unit propagation derives a conflict from its
 * negation (RUP), or else when it is a resolution asymmetric tautology on its first literal
 * (RAT: every resolvent with a clause holding that literal's negation is RUP). A deletion
 * takes the clause out, except a clause that is the reason of a top-level fact (drat-trim
 * ignores those too: keeping an implied clause only makes the check stronger, never
 * unsound). The proof is verified once the empty clause is derived.
 *
 * Forward checking verifies every lemma, needed or not (backward checking with core-first
 * propagation, as drat-trim's default, verifies only the ones the refutation uses): simpler,
 * and fast enough for proofs of the size this solver writes in a course's time limits.
 */
import type { Cnf } from '../cnf/formula.ts';
import { litFromDimacs, type Lit } from '../sat/lit.ts';
import { parseProof, type ProofStep } from './parse.ts';

export interface CheckOptions {
  /** Give up (answer unknown) after this many milliseconds. */
  readonly budget?: { readonly timeMs?: number };
  readonly signal?: AbortSignal;
  /** Called every few thousand steps with how many of the proof's steps are done. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface CheckStats {
  /** Lemmas checked (and added). */
  lemmas: number;
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
  const stats: CheckStats = { lemmas: 0, rat: 0, deletions: 0, ignored: 0, ms: 0 };
  const done = (result: CheckResult): CheckResult => {
    stats.ms = performance.now() - started;
    return result;
  };
  const parsed = parseProof(proof);
  if (!parsed.ok) return done({ status: 'failed', message: parsed.message, stats });
  const db = new CheckDb(Math.max(cnf.numVars, parsed.maxVar));
  for (const clause of cnf.clauses) db.addClause(Int32Array.from(clause, litFromDimacs));
  const deadline = started + (options.budget?.timeMs ?? Infinity);
  const steps = parsed.steps;
  for (let i = 0; i < steps.length; i++) {
    if (i % CHECK_EVERY === 0 && i > 0) {
      options.onProgress?.(i, steps.length);
      if (options.signal?.aborted) return done({ status: 'unknown', reason: 'aborted', stats });
      if (performance.now() >= deadline) return done({ status: 'unknown', reason: 'time', stats });
    }
    const step = steps[i]!;
    if (step.deletion) {
      stats.deletions++;
      if (!db.deleteClause(step.lits)) stats.ignored++;
      continue;
    }
    const failure = checkLemma(db, step, stats);
    if (failure !== undefined) return done({ status: 'failed', message: failure, stats });
    if (db.inconsistent) return done({ status: 'verified', stats });
  }
  return done({
    status: 'failed',
    message: db.inconsistent
      ? 'the formula is refuted by unit propagation, yet the proof has no empty clause'
      : 'the proof ends without deriving the empty clause',
    stats,
  });
}

/** Checks one lemma and adds it; a message when it is neither RUP nor RAT. */
function checkLemma(db: CheckDb, step: ProofStep, stats: CheckStats): string | undefined {
  stats.lemmas++;
  const lits = step.lits;
  if (!db.rup(lits)) {
    if (lits.length === 0 || !db.rat(lits)) {
      const text = Array.from(lits, (l) => ((l & 1) === 1 ? -((l >> 1) + 1) : (l >> 1) + 1));
      const what = lits.length === 0 ? 'the empty clause' : `lemma ${[...text, 0].join(' ')}`;
      return `${step.at}: ${what} is neither RUP nor RAT (not implied by unit propagation)`;
    }
    stats.rat++;
  }
  db.addClause(lits);
  return undefined;
}

/** The checker's clause database: two watched literals, a top-level trail, deletion by content. */
class CheckDb {
  /** Literals per clause id; watched literals first. */
  private readonly clauses: Int32Array[] = [];
  private readonly active: number[] = [];
  /** watches[lit]: (clause id, blocker literal) pairs of clauses watching `lit`. */
  private readonly watches: number[][];
  /** Clause ids by their sorted literals, for deletions. */
  private readonly byKey = new Map<string, number[]>();
  /** Value per literal: 1 true, −1 false, 0 open. */
  private readonly vals: Int8Array;
  /** The clause that implied each variable (−1: none). */
  private readonly reason: Int32Array;
  private readonly trail: Int32Array;
  private trailSize = 0;
  private qhead = 0;
  /** True once unit propagation at the top level found a conflict: the formula is refuted. */
  inconsistent = false;

  constructor(numVars: number) {
    this.watches = Array.from({ length: 2 * numVars }, () => []);
    this.vals = new Int8Array(2 * numVars);
    this.reason = new Int32Array(numVars).fill(-1);
    this.trail = new Int32Array(numVars);
  }

  /** Adds a clause (input or checked lemma) at the top level, propagating what it implies. */
  addClause(input: Int32Array): void {
    if (this.inconsistent) return;
    const lits = uniqueLits(input);
    if (lits === null) return; // a tautology
    const id = this.clauses.length;
    const key = keyOf(lits); // while still sorted by literal
    // Watch open or true literals first: a clause watching a false literal is never woken.
    lits.sort((a, b) => this.vals[b]! - this.vals[a]!);
    this.clauses.push(lits);
    this.active.push(1);
    const same = this.byKey.get(key);
    if (same) same.push(id);
    else this.byKey.set(key, [id]);
    if (lits.length >= 2) {
      this.watches[lits[0]!]!.push(id, lits[1]!);
      this.watches[lits[1]!]!.push(id, lits[0]!);
    }
    const first = lits.length === 0 ? -1 : this.vals[lits[0]!]!;
    if (lits.length === 0 || first === -1) this.inconsistent = true;
    else if (first === 0 && (lits.length === 1 || this.vals[lits[1]!] === -1)) {
      this.assign(lits[0]!, id);
      if (this.propagate()) this.inconsistent = true;
    }
  }

  /** Removes a clause with these literals; false when there is none or it must stay. */
  deleteClause(input: Int32Array): boolean {
    const lits = uniqueLits(input);
    if (lits === null) return false;
    const ids = this.byKey.get(keyOf(lits));
    const id = ids?.pop();
    if (id === undefined) return false;
    const clause = this.clauses[id]!;
    // A top-level fact's reason stays (a unit clause always is one).
    const implied = clause.find((l) => this.vals[l] === 1 && this.reason[l >> 1] === id);
    if (implied !== undefined || clause.length < 2) {
      ids!.push(id);
      return false;
    }
    this.active[id] = 0;
    return true;
  }

  /** Whether the negation of `lits` propagates to a conflict (reverse unit propagation). */
  rup(lits: Int32Array): boolean {
    if (this.inconsistent) return true;
    const mark = this.trailSize;
    let conflict = false;
    for (let i = 0; i < lits.length && !conflict; i++) {
      const value = this.vals[lits[i]!]!;
      if (value === 1) conflict = true;
      else if (value === 0) this.assign(lits[i]! ^ 1, -1);
    }
    if (!conflict) conflict = this.propagate();
    this.backtrack(mark);
    return conflict;
  }

  /** RAT on the first literal: every non-tautological resolvent on it is RUP. */
  rat(lits: Int32Array): boolean {
    const pivot = lits[0]!;
    for (let id = 0; id < this.clauses.length; id++) {
      const other = this.clauses[id]!;
      if (this.active[id] === 0 || !other.includes(pivot ^ 1)) continue;
      const resolvent = Int32Array.from([...lits, ...other.filter((l) => l !== (pivot ^ 1))]);
      if (uniqueLits(resolvent) !== null && !this.rup(resolvent)) return false;
    }
    return true;
  }

  private assign(lit: Lit, reason: number): void {
    this.vals[lit] = 1;
    this.vals[lit ^ 1] = -1;
    this.reason[lit >> 1] = reason;
    this.trail[this.trailSize++] = lit;
  }

  private backtrack(mark: number): void {
    while (this.trailSize > mark) {
      const lit = this.trail[--this.trailSize]!;
      this.vals[lit] = 0;
      this.vals[lit ^ 1] = 0;
      this.reason[lit >> 1] = -1;
    }
    this.qhead = Math.min(this.qhead, mark);
  }

  /**
   * Unit propagation from `qhead`; true on a conflict. Watch lists hold (clause, blocker)
   * pairs, as MiniSat's: a true blocker skips the clause without reading it.
   */
  private propagate(): boolean {
    const { vals, clauses, active, watches } = this;
    while (this.qhead < this.trailSize) {
      const falseLit = this.trail[this.qhead++]! ^ 1;
      const list = watches[falseLit]!;
      let j = 0;
      let i = 0;
      let conflict = false;
      while (i < list.length) {
        const id = list[i]!;
        const blocker = list[i + 1]!;
        i += 2;
        if (active[id] === 0) continue; // dropped lazily
        if (vals[blocker] === 1) {
          list[j++] = id;
          list[j++] = blocker;
          continue;
        }
        const c = clauses[id]!;
        if (c[0] === falseLit) {
          c[0] = c[1]!;
          c[1] = falseLit;
        }
        const first = c[0]!;
        if (first !== blocker && vals[first] === 1) {
          list[j++] = id;
          list[j++] = first;
          continue;
        }
        let moved = false;
        for (let k = 2; k < c.length; k++) {
          if (vals[c[k]!] !== -1) {
            c[1] = c[k]!;
            c[k] = falseLit;
            watches[c[1]!]!.push(id, first);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[j++] = id;
        list[j++] = first;
        if (vals[first] === -1) {
          conflict = true;
          while (i < list.length) list[j++] = list[i++]!;
        } else this.assign(first, id);
      }
      list.length = j;
      if (conflict) return true;
    }
    return false;
  }
}

/** The literals sorted with repeats removed; null for a tautology. */
function uniqueLits(input: Int32Array): Int32Array | null {
  const sorted = Int32Array.from(input).sort();
  let j = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (j > 0 && sorted[j - 1] === (sorted[i]! ^ 1)) return null;
    if (j === 0 || sorted[j - 1] !== sorted[i]) sorted[j++] = sorted[i]!;
  }
  return sorted.slice(0, j);
}

/** The key of a clause's literals, sorted (as `uniqueLits` gives them). */
const keyOf = (sorted: Int32Array): string => sorted.join(' ');
