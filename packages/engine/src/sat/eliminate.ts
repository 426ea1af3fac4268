import type { Cnf } from '../cnf/formula.ts';
import { litFromDimacs, litToDimacs, type Lit, type Var } from './lit.ts';
import { OccurrenceDb } from './occurrences.ts';
import type { ProofSink } from './proof.ts';

/** A resolvent longer than this keeps its variable (MiniSat's `clause_lim`). */
const MAX_RESOLVENT = 20;
/** Variables with more clause pairs than this are not tried: checking alone costs too much. */
const MAX_PAIRS = 10_000;
/** Work limit of the first subsumption pass, in clause and literal visits. */
const SUBSUME_STEPS = 10_000_000;
/** Default work limit of the whole preprocessing: well under a second, whatever the input. */
const DEFAULT_STEPS = 30_000_000;
/** Check the clock and the signal after this many clauses or candidate variables. */
const CHECK_EVERY = 64;

export interface EliminationLimits {
  /** Stop simplifying (keeping what was done) after this many literal visits. */
  readonly steps?: number;
  /** …or at this `performance.now()`. */
  readonly deadline?: number;
  readonly signal?: AbortSignal;
  /** 1 for each variable (0-based) that must stay, e.g. one of an XOR the search reasons about. */
  readonly frozen?: Uint8Array;
  /** Write every step as DRAT: resolvents and strengthened clauses added, replaced ones deleted. */
  readonly proof?: ProofSink;
}

/** A formula after preprocessing, equisatisfiable with the input. */
export interface Simplified {
  /** False when preprocessing alone derived the empty clause: the input is unsatisfiable. */
  readonly ok: boolean;
  /** The remaining clauses over the same variables, top-level facts as unit clauses. */
  readonly cnf: Cnf;
  /** Variables eliminated by resolution; they occur in no clause of `cnf`. */
  readonly eliminated: number;
  /** Sets the eliminated variables of a model of `cnf` (in place) so that it satisfies the input. */
  extend(model: Uint8Array): void;
}

/**
 * SatELite-style preprocessing (Eén & Biere 2005): top-level unit propagation, subsumption,
 * self-subsuming strengthening, and bounded variable elimination — a variable is replaced
 * by all resolvents of its clauses when that does not add clauses and no resolvent is long.
 * Work is bounded by `limits`; stopping early leaves a correct, less simplified formula.
 */
export function eliminateVariables(formula: Cnf, limits: EliminationLimits = {}): Simplified {
  const e = new Eliminator(formula.numVars, limits);
  for (const clause of formula.clauses) if (!e.addInput(clause)) break;
  e.run();
  return e.result();
}

class Eliminator {
  private readonly db: OccurrenceDb;
  /** 1 for an eliminated variable. */
  private readonly eliminated: Uint8Array;
  /** 1 for a variable whose clauses changed since it was last tried. */
  private readonly touched: Uint8Array;
  /** The clauses of eliminated variables, pivot literal first, in elimination order. */
  private readonly stack: Int32Array[] = [];
  /** Scratch marks per literal for resolution, compared against `stamp`. */
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly maxSteps: number;
  private stopped = false;

  constructor(
    private readonly numVars: number,
    private readonly limits: EliminationLimits,
  ) {
    this.db = new OccurrenceDb(numVars);
    this.eliminated = new Uint8Array(numVars);
    this.touched = new Uint8Array(numVars);
    this.mark = new Int32Array(2 * numVars);
    this.maxSteps = limits.steps ?? DEFAULT_STEPS;
    this.db.onTouch = (v) => (this.touched[v] = 1);
    this.db.proof = limits.proof ?? null;
  }

  /** Adds an input clause (DIMACS); false once the formula is known unsatisfiable. */
  addInput(clause: Int32Array): boolean {
    const lits = new Int32Array(clause.length);
    for (let i = 0; i < clause.length; i++) lits[i] = litFromDimacs(clause[i]!);
    lits.sort();
    let j = 0;
    for (let i = 0; i < lits.length; i++) {
      const lit = lits[i]!;
      if (j > 0 && lits[j - 1] === (lit ^ 1)) return true; // a tautology
      if (j === 0 || lits[j - 1] !== lit) lits[j++] = lit;
    }
    // A clause that repeated a literal is stored shorter: for the proof, a lemma.
    this.db.add(lits.subarray(0, j), j < clause.length);
    return this.db.ok;
  }

  run(): void {
    const db = this.db;
    if (!db.propagate()) return;
    // Shortest first: they subsume the most. Capped, as on some formulas the lists are long.
    const bySize = [...db.clauses.keys()].sort(
      (a, b) => db.clauses[a]!.length - db.clauses[b]!.length,
    );
    for (let i = 0; i < bySize.length; i++) {
      if (db.steps > SUBSUME_STEPS || (i % CHECK_EVERY === 0 && this.outOfBudget())) break;
      const ci = bySize[i]!;
      if (db.alive[ci] === 1) db.backwardSubsume(ci);
      if (!db.propagate()) return;
    }
    const frozen = this.limits.frozen;
    let candidates = Array.from({ length: this.numVars }, (_, v) => v);
    while (candidates.length > 0 && !this.stopped) {
      this.touched.fill(0);
      const cost = (v: Var): number => db.live(2 * v).length * db.live(2 * v + 1).length;
      const order = candidates.map((v) => ({ v, cost: cost(v) })).sort((a, b) => a.cost - b.cost);
      for (let i = 0; i < order.length; i++) {
        if (i % CHECK_EVERY === 0 && this.outOfBudget()) return;
        const v = order[i]!.v;
        if (this.eliminated[v] === 1 || db.value[2 * v] !== 0 || frozen?.[v] === 1) continue;
        if (this.tryEliminate(v) && !db.propagate()) return;
      }
      candidates = [];
      for (let v = 0; v < this.numVars; v++) if (this.touched[v] === 1) candidates.push(v);
    }
  }

  /** Eliminates `v` when its non-tautological resolvents are no more than its clauses. */
  private tryEliminate(v: Var): boolean {
    const db = this.db;
    const pos = db.live(2 * v).slice();
    const neg = db.live(2 * v + 1).slice();
    if (pos.length * neg.length > MAX_PAIRS || !this.resolventsFit(v, pos, neg)) return false;
    const resolvents = this.resolvents(v, pos, neg);
    this.eliminated[v] = 1;
    // DRAT: the resolvents are lemmas while their parents are still there; then the parents go.
    db.holdDeletes();
    for (const ci of [...pos, ...neg]) {
      const lits = db.clauses[ci]!;
      const pivot = lits.includes(2 * v) ? 2 * v : 2 * v + 1;
      this.stack.push(Int32Array.from([pivot, ...lits.filter((q) => q !== pivot)]));
      db.kill(ci);
    }
    for (const r of resolvents) {
      const ci = db.add(r, true);
      if (ci >= 0) db.backwardSubsume(ci);
    }
    db.releaseDeletes();
    return true;
  }

  /** Whether resolving on `v` gives at most |pos| + |neg| clauses, none longer than the limit. */
  private resolventsFit(v: Var, pos: readonly number[], neg: readonly number[]): boolean {
    const { clauses } = this.db;
    let count = 0;
    for (const p of pos) {
      this.markClause(clauses[p]!);
      for (const n of neg) {
        const size = this.resolventSize(clauses[p]!.length, clauses[n]!, 2 * v + 1);
        if (size < 0) continue;
        if (size > MAX_RESOLVENT || ++count > pos.length + neg.length) return false;
      }
    }
    return true;
  }

  /** Every non-tautological resolvent of the clauses `pos` (holding v) and `neg` (holding ¬v). */
  private resolvents(v: Var, pos: readonly number[], neg: readonly number[]): Lit[][] {
    const { clauses } = this.db;
    const out: Lit[][] = [];
    for (const p of pos) {
      this.markClause(clauses[p]!);
      const rest = clauses[p]!.filter((q) => q !== 2 * v);
      for (const n of neg) {
        if (this.resolventSize(rest.length + 1, clauses[n]!, 2 * v + 1) < 0) continue;
        const added = clauses[n]!.filter((q) => q !== 2 * v + 1 && this.mark[q] !== this.stamp);
        out.push([...rest, ...added]);
      }
    }
    return out;
  }

  private markClause(lits: Int32Array): void {
    const stamp = ++this.stamp;
    for (const lit of lits) this.mark[lit] = stamp;
  }

  /**
   * The size of the resolvent of the marked clause (`marked` literals, the pivot's positive
   * literal among them) with `neg`, whose pivot literal is `pivot`; −1 for a tautology.
   */
  private resolventSize(marked: number, neg: Int32Array, pivot: Lit): number {
    const { mark, stamp } = this;
    let size = marked - 1;
    this.db.steps += neg.length;
    for (const q of neg) {
      if (q === pivot) continue;
      if (mark[q ^ 1] === stamp) return -1;
      if (mark[q] !== stamp) size++;
    }
    return size;
  }

  private outOfBudget(): boolean {
    const { limits } = this;
    this.stopped ||=
      this.db.steps >= this.maxSteps ||
      limits.signal?.aborted === true ||
      (limits.deadline !== undefined && performance.now() >= limits.deadline);
    return this.stopped;
  }

  result(): Simplified {
    const { db, stack } = this;
    const clauses: Int32Array[] = db.units.map((lit) => Int32Array.of(litToDimacs(lit)));
    for (let ci = 0; ci < db.clauses.length; ci++) {
      if (db.alive[ci] === 1) clauses.push(toDimacs(db.clauses[ci]!));
    }
    if (!db.ok) clauses.push(new Int32Array(0));
    return {
      ok: db.ok,
      cnf: { numVars: this.numVars, clauses },
      eliminated: this.eliminated.reduce((sum, x) => sum + x, 0),
      extend: (model) => extendModel(stack, model),
    };
  }
}

function toDimacs(lits: Int32Array): Int32Array {
  const out = new Int32Array(lits.length);
  for (let i = 0; i < lits.length; i++) out[i] = litToDimacs(lits[i]!);
  return out;
}

/**
 * Walks the eliminated clauses from the last eliminated variable back: a clause the model
 * falsifies gets its pivot literal made true. Each variable's value then satisfies all of its
 * clauses, because the remaining formula held their resolvents.
 */
function extendModel(stack: readonly Int32Array[], model: Uint8Array): void {
  const isTrue = (lit: Lit): boolean => (model[(lit >> 1) + 1] === 1) === ((lit & 1) === 0);
  for (let i = stack.length - 1; i >= 0; i--) {
    const clause = stack[i]!;
    if (!clause.some(isTrue)) model[(clause[0]! >> 1) + 1] = (clause[0]! & 1) === 0 ? 1 : 0;
  }
}
