/**
 * A search written to be watched: textbook DPLL and CDCL on a small formula, recording every
 * step — each decision, each unit propagation with its reason clause, each conflict, and for
 * CDCL the conflict's analysis (the implication graph's nodes, the resolution steps down to the
 * first unique implication point, the learned clause and the backjump level). The SAT lab
 * steps through it.
 *
 * Not the solver (`search.ts`): no watched literals, restarts, VSIDS or clause deletion, so that
 * each step follows from the rules a course states. It decides the smallest unassigned
 * variable, true first, and propagates by scanning the clauses in order; its learning is the
 * solver's rule (1-UIP, backjump to the second-highest level of the learned clause), without
 * minimisation. Literals are DIMACS numbers throughout; clause i < formula size is the input's
 * clause i, later ones are the learned clauses in order.
 */
import type { Cnf } from '../cnf/formula.ts';

/** One assignment on the trail: `reason` −1 for a decision. */
export interface TraceAssignment {
  readonly lit: number;
  readonly level: number;
  readonly reason: number;
}

/** A node of a conflict's implication graph: an assignment the analysis met. */
export interface GraphNode extends TraceAssignment {
  /** Position on the trail (order of assignment). */
  readonly at: number;
  /** On the conflict side of the 1-UIP cut (resolved away: assigned after the UIP). */
  readonly conflictSide: boolean;
}

export interface ConflictAnalysis {
  readonly nodes: readonly GraphNode[];
  /** Edges `from` → `to` as variable numbers (`to` was implied by a clause holding ¬from). */
  readonly edges: readonly (readonly [number, number])[];
  /** Resolution steps: each resolves the clause so far with `reason` on variable `pivot`. */
  readonly steps: readonly { readonly pivot: number; readonly reason: number }[];
  /** The first unique implication point: the one literal of the conflict level left. */
  readonly uip: number;
  readonly learned: readonly number[];
  readonly backjump: number;
}

export type TraceEvent =
  | { readonly kind: 'decide'; readonly lit: number; readonly level: number }
  | {
      readonly kind: 'propagate';
      readonly lit: number;
      readonly level: number;
      readonly reason: number;
    }
  | {
      readonly kind: 'conflict';
      readonly clause: number;
      readonly level: number;
      /** CDCL only. */
      readonly analysis?: ConflictAnalysis;
    }
  /** CDCL: the learned clause is added (its index) and the search jumps back to `level`. */
  | { readonly kind: 'learn'; readonly clause: number; readonly level: number }
  /** DPLL: back to `level`, where the decision `lit` is flipped (then propagated as forced). */
  | { readonly kind: 'backtrack'; readonly level: number; readonly lit: number }
  | { readonly kind: 'sat'; readonly model: readonly number[] }
  | { readonly kind: 'unsat' }
  /** The trace stopped at `maxEvents` steps, undecided. */
  | { readonly kind: 'limit' };

export interface Trace {
  /** Every clause: the input's, then the learned ones. */
  readonly clauses: readonly (readonly number[])[];
  readonly inputClauses: number;
  readonly events: readonly TraceEvent[];
}

/** Formulas the lab steps through: at most this many clauses. */
export const TRACE_MAX_CLAUSES = 500;

/** Traces `mode`'s search on `cnf`, stopping after `maxEvents` steps. */
export function traceSearch(cnf: Cnf, mode: 'cdcl' | 'dpll', maxEvents = 2000): Trace {
  const t = new Tracer(cnf, mode === 'cdcl', maxEvents);
  t.run();
  return { clauses: t.clauses, inputClauses: cnf.clauses.length, events: t.events };
}

class Tracer {
  readonly clauses: number[][];
  readonly events: TraceEvent[] = [];
  /** Value per variable: 1, −1, 0 unassigned. */
  private readonly value: Int8Array;
  private readonly level: Int32Array;
  private readonly reason: Int32Array;
  private readonly trail: number[] = [];
  /** trailLim[d]: trail length when level d + 1 began. */
  private readonly trailLim: number[] = [];
  /** DPLL: whether the decision of each level is already its second branch. */
  private readonly flipped: boolean[] = [];

  constructor(
    cnf: Cnf,
    private readonly learning: boolean,
    private readonly maxEvents: number,
  ) {
    this.clauses = cnf.clauses.map((c) => Array.from(c));
    this.value = new Int8Array(cnf.numVars + 1);
    this.level = new Int32Array(cnf.numVars + 1);
    this.reason = new Int32Array(cnf.numVars + 1).fill(-1);
  }

  private get decisionLevel(): number {
    return this.trailLim.length;
  }

  private valueOf(lit: number): number {
    return lit > 0 ? this.value[lit]! : -this.value[-lit]!;
  }

  private assign(lit: number, reason: number): void {
    const v = Math.abs(lit);
    this.value[v] = lit > 0 ? 1 : -1;
    this.level[v] = this.decisionLevel;
    this.reason[v] = reason;
    this.trail.push(lit);
  }

  private full(): boolean {
    return this.events.length >= this.maxEvents;
  }

  run(): void {
    for (;;) {
      if (this.full()) return void this.events.push({ kind: 'limit' });
      const conflict = this.propagate();
      if (conflict === 'limit') return void this.events.push({ kind: 'limit' });
      if (conflict >= 0) {
        if (!this.resolveConflict(conflict)) return void this.events.push({ kind: 'unsat' });
        continue;
      }
      const v = this.value.indexOf(0, 1);
      if (v === -1) {
        const model = Array.from({ length: this.value.length - 1 }, (_, i) =>
          this.value[i + 1] === 1 ? i + 1 : -(i + 1),
        );
        return void this.events.push({ kind: 'sat', model });
      }
      this.trailLim.push(this.trail.length);
      this.flipped.push(false);
      this.assign(v, -1);
      this.events.push({ kind: 'decide', lit: v, level: this.decisionLevel });
    }
  }

  /** Unit propagation by scanning the clauses in order: a conflict clause, −1, or 'limit'. */
  private propagate(): number | 'limit' {
    for (let changed = true; changed;) {
      changed = false;
      for (let ci = 0; ci < this.clauses.length; ci++) {
        let open = 0;
        let last = 0;
        let satisfied = false;
        for (const lit of this.clauses[ci]!) {
          const value = this.valueOf(lit);
          if (value === 1) {
            satisfied = true;
            break;
          }
          if (value === 0) {
            open++;
            last = lit;
          }
        }
        if (satisfied) continue;
        if (open === 0) return ci;
        if (open === 1) {
          if (this.full()) return 'limit';
          this.assign(last, ci);
          this.events.push({ kind: 'propagate', lit: last, level: this.decisionLevel, reason: ci });
          changed = true;
        }
      }
    }
    return -1;
  }

  /** Handles a conflict; false when it refutes the formula. */
  private resolveConflict(ci: number): boolean {
    const level = this.decisionLevel;
    if (level === 0) {
      this.events.push({ kind: 'conflict', clause: ci, level });
      return false;
    }
    if (!this.learning) {
      this.events.push({ kind: 'conflict', clause: ci, level });
      return this.flipLastDecision();
    }
    const analysis = this.analyze(ci);
    this.events.push({ kind: 'conflict', clause: ci, level, analysis });
    this.backtrackTo(analysis.backjump);
    const learned = this.clauses.length;
    this.clauses.push(analysis.learned.slice());
    this.events.push({ kind: 'learn', clause: learned, level: analysis.backjump });
    return true;
  }

  /** 1-UIP analysis of conflict clause `ci` at the current level. */
  private analyze(ci: number): ConflictAnalysis {
    const level = this.decisionLevel;
    const seen = new Set<number>();
    const learned: number[] = [];
    const steps: { pivot: number; reason: number }[] = [];
    let pending = 0;
    const take = (clause: readonly number[], skip: number) => {
      for (const lit of clause) {
        const v = Math.abs(lit);
        if (v === skip || seen.has(v) || this.level[v] === 0) continue;
        seen.add(v);
        if (this.level[v] === level) pending++;
        else learned.push(lit);
      }
    };
    take(this.clauses[ci]!, 0);
    let index = this.trail.length - 1;
    let uip = 0;
    for (;;) {
      while (!seen.has(Math.abs(this.trail[index]!))) index--;
      const lit = this.trail[index]!;
      const v = Math.abs(lit);
      index--;
      pending--;
      if (pending === 0) {
        uip = -lit;
        break;
      }
      const reason = this.reason[v]!;
      steps.push({ pivot: v, reason });
      take(this.clauses[reason]!, v);
    }
    const clause = [uip, ...learned];
    const backjump = learned.reduce((m, lit) => Math.max(m, this.level[Math.abs(lit)]!), 0);
    return { ...this.graph(ci, seen, uip), steps, uip, learned: clause, backjump };
  }

  /** The implication graph of the conflict: the analysis's assignments and their edges. */
  private graph(ci: number, seen: ReadonlySet<number>, uip: number) {
    const uipAt = this.trail.indexOf(-uip);
    const nodes: GraphNode[] = [];
    const edges: [number, number][] = [];
    this.trail.forEach((lit, at) => {
      const v = Math.abs(lit);
      if (!seen.has(v)) return;
      const reason = this.reason[v]!;
      const conflictSide = this.level[v] === this.decisionLevel && at > uipAt;
      nodes.push({ lit, level: this.level[v]!, reason, at, conflictSide });
      if (reason < 0) return;
      for (const q of this.clauses[reason]!) {
        const u = Math.abs(q);
        if (u !== v && seen.has(u)) edges.push([u, v]);
      }
    });
    for (const q of this.clauses[ci]!) if (seen.has(Math.abs(q))) edges.push([Math.abs(q), 0]);
    return { nodes, edges };
  }

  private backtrackTo(level: number): void {
    if (this.decisionLevel <= level) return;
    const keep = this.trailLim[level]!;
    for (const lit of this.trail.splice(keep)) {
      const v = Math.abs(lit);
      this.value[v] = 0;
      this.reason[v] = -1;
    }
    this.trailLim.length = level;
    this.flipped.length = level;
  }

  /** DPLL: undo to the last decision still on its first branch and take the other one. */
  private flipLastDecision(): boolean {
    let level = this.decisionLevel;
    while (level > 0 && this.flipped[level - 1]) level--;
    if (level === 0) return false;
    const decision = this.trail[this.trailLim[level - 1]!]!;
    this.backtrackTo(level - 1);
    this.trailLim.push(this.trail.length);
    this.flipped.push(true);
    this.assign(-decision, -1);
    this.events.push({ kind: 'backtrack', level, lit: -decision });
    return true;
  }
}
