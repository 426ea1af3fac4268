import {
  pickDlis,
  pickFirst,
  pickJeroslowWang,
  pickMoms,
  type BranchingView,
} from './branching.ts';
import { ClauseArena, HEADER } from './clause-arena.ts';
import { NO_LIT, NO_REASON, type Lit, type Var } from './lit.ts';
import type { HeuristicName, SolverStats } from './types.ts';
import { FIRST_REDUCE } from './params.ts';
import { VarHeap } from './var-heap.ts';
import { GlucoseRestarts } from './restarts.ts';
import { grow } from './grow.ts';
import { settleFields } from './shapes.ts';
import type { GaussEngine } from './xor/engine.ts';
import type { Xor } from './xor/xor.ts';
import type { ProofSink } from './proof.ts';

/** What one run of `search` ended with. */

/**
 * The solver's state and kernel in MiniSat's shape: an assignment trail with decision
 * levels, two watched literals per clause, unit propagation, and either conflict-driven
 * learning with backjumping (`learning`) or plain DPLL's chronological backtracking.
 */
export class SolverCore {
  /** Number of variables. */
  numVars = 0;
  /** False once the formula is known unsatisfiable without assumptions. */
  ok = true;
  /** Clause storage. */
  readonly arena = new ClauseArena();
  /** References of problem clauses (size ≥ 2). */
  problem: number[] = [];
  /** References of learned clauses. */
  learnts: number[] = [];
  /** Value per literal: 1 true, −1 false, 0 unassigned. */
  vals = new Int8Array(0);
  /** Decision level at which each variable was assigned. */
  level = new Int32Array(0);
  /**
   * The clause that implied each variable, or NO_REASON for decisions and level-0 facts. The
   * implied literal is at position 0 of a longer reason clause; a binary one may hold it at 1.
   */
  reason = new Int32Array(0);
  /** Assigned literals in assignment order. */
  trail = new Int32Array(0);
  /** Number of literals on the trail. */
  trailSize = 0;
  /** trailLim[d] is the trail size when decision level d + 1 began. */
  trailLim = new Int32Array(1);
  /** Current decision level. */
  levels = 0;
  /** Next trail position to propagate. */
  qhead = 0;
  /** watches[l]: pairs (clause, blocker) of clauses watching l, visited when l becomes false. */
  watches: Int32Array[] = [];
  /** Used length (in Int32 slots, two per watcher) of each watch list. */
  watchSize = new Int32Array(0);
  /**
   * Attached clauses containing each literal: a bound on its watch list, which `attach`
   * keeps at least twice this long (a clause's watch may move to any of its literals).
   */
  occurs = new Int32Array(0);
  /** VSIDS activity per variable. */
  activity = new Float64Array(0);
  /** Current VSIDS bump amount; grows by 1/decay per conflict instead of decaying all. */
  varInc = 1;
  /** Unassigned variables by activity (VSIDS only). */
  readonly heap: VarHeap;
  /** Saved phase: the sign bit (1 = negative) each variable last had. */
  polarity = new Uint8Array(0);
  /** In plain DPLL, 1 for a level whose decision is already the flipped second branch. */
  flipped = new Uint8Array(1);
  /** Scratch marks for conflict analysis. */
  seen = new Uint8Array(0);
  /** Scratch per-literal scores for the dynamic heuristics. */
  scores = new Float64Array(0);
  /** Scratch per-level stamps for computing LBD. */
  levelStamp = new Int32Array(1);
  /** Generation counter for `levelStamp`. */
  stamp = 0;
  /** The learned clause being built; learnt[0] is the asserting literal. */
  learnt: Lit[] = [];
  /** Assumptions responsible for the last unsatAssumptions answer (packed literals). */
  failed: Lit[] = [];
  /** When to restart: Glucose's LBD averages. */
  readonly restarts = new GlucoseRestarts();
  /** Conflict count at which the learned-clause database is next reduced. */
  nextReduce = FIRST_REDUCE;
  /** Reductions so far; each widens the interval to the next one. */
  reductions = 0;
  /** Conflicts + decisions, for the periodic clock check. */
  ticks = 0;
  /** XOR constraints added to the formula (0-based variables). */
  xors: Xor[] = [];
  /** True when XORs were added since `gauss` was built. */
  xorsChanged = false;
  /** Gauss–Jordan elimination over `xors`, or null when there are none. */
  gauss: GaussEngine | null = null;
  /** Where learned and deleted clauses are written as a DRAT proof, or null. */
  proof: ProofSink | null = null;
  readonly stats: SolverStats = {
    decisions: 0,
    propagations: 0,
    conflicts: 0,
    learned: 0,
    restarts: 0,
    deleted: 0,
    eliminated: 0,
    xors: 0,
    ms: 0,
  };

  constructor(
    /** Conflict-driven learning (CDCL) rather than plain DPLL. */
    readonly learning: boolean,
    readonly heuristic: HeuristicName,
  ) {
    this.heap = new VarHeap(this.activity, 0);
    // varInc grows by 1/decay: a fraction from the first conflict on.
    settleFields(this, ['varInc']);
    settleFields(this.stats, ['ms']);
  }

  /** Grows every per-variable array to hold `n` variables; new variables are unassigned. */
  growTo(n: number): void {
    const old = this.numVars;
    if (n <= old) return;
    const cap = Math.max(n, this.level.length);
    if (cap > this.level.length || this.vals.length < 2 * n) {
      const c = Math.max(n, this.level.length * 2);
      this.vals = grow(this.vals, 2 * c);
      this.level = grow(this.level, c);
      this.reason = grow(this.reason, c);
      this.trail = grow(this.trail, c);
      this.trailLim = grow(this.trailLim, c + 1);
      this.watchSize = grow(this.watchSize, 2 * c);
      this.occurs = grow(this.occurs, 2 * c);
      this.activity = grow(this.activity, c);
      this.polarity = grow(this.polarity, c);
      this.flipped = grow(this.flipped, c + 1);
      this.seen = grow(this.seen, c);
      this.scores = new Float64Array(2 * c);
      this.levelStamp = grow(this.levelStamp, c + 1);
      this.heap.grow(c, this.activity);
    }
    for (let v = old; v < n; v++) {
      this.reason[v] = NO_REASON;
      this.polarity[v] = 1;
      this.watches.push(new Int32Array(4), new Int32Array(4));
      if (this.heuristic === 'vsids') this.heap.insert(v);
    }
    this.numVars = n;
  }

  /**
   * Makes room for `n` decision levels. Every assumption opens a level, even a repeated or
   * already-true one, so a solve call may need up to numVars + assumptions levels.
   */
  reserveLevels(n: number): void {
    if (n + 1 <= this.trailLim.length) return;
    this.trailLim = grow(this.trailLim, n + 1);
    this.flipped = grow(this.flipped, n + 1);
    this.levelStamp = grow(this.levelStamp, n + 1);
  }

  // ---- assignment -------------------------------------------------------------------------

  enqueue(lit: Lit, from: number): void {
    const v = lit >> 1;
    this.vals[lit] = 1;
    this.vals[lit ^ 1] = -1;
    this.level[v] = this.levels;
    this.reason[v] = from;
    this.trail[this.trailSize++] = lit;
  }

  newDecisionLevel(): void {
    this.trailLim[this.levels++] = this.trailSize;
    this.flipped[this.levels] = 0;
  }

  /** Undoes every assignment above decision level `target`, saving phases for VSIDS. */
  backtrack(target: number): void {
    if (this.levels <= target) return;
    const { trail, vals, reason, polarity, heap } = this;
    const stop = this.trailLim[target]!;
    const vsids = this.heuristic === 'vsids';
    for (let i = this.trailSize - 1; i >= stop; i--) {
      const lit = trail[i]!;
      const v = lit >> 1;
      vals[lit] = 0;
      vals[lit ^ 1] = 0;
      reason[v] = NO_REASON;
      polarity[v] = lit & 1;
      if (vsids) heap.insert(v);
    }
    this.trailSize = stop;
    this.qhead = stop;
    this.levels = target;
    if (this.gauss !== null) this.gauss.backtrack(stop);
  }

  // ---- clauses ----------------------------------------------------------------------------

  /**
   * Watches the first two literals of clause `cr` (size ≥ 2). A binary clause is watched as
   * ~cr (negative) with the other literal as blocker: propagate needs nothing else.
   */
  attach(cr: number): void {
    const mem = this.arena.mem;
    const base = cr + HEADER;
    const size = mem[cr]!;
    // Room in each literal's list for every attached clause that contains it, so a watch
    // moved there during propagate always fits (propagate itself never grows a list).
    for (let i = base; i < base + size; i++) this.reserveWatch(mem[i]!);
    const a = mem[base]!;
    const b = mem[base + 1]!;
    const ref = size === 2 ? ~cr : cr;
    this.watch(a, ref, b);
    this.watch(b, ref, a);
  }

  /** Forgets every watch and occurrence count, before all live clauses are attached again. */
  detachAll(): void {
    this.watchSize.fill(0);
    this.occurs.fill(0);
  }

  private watch(lit: Lit, cr: number, blocker: Lit): void {
    const n = this.watchSize[lit]!;
    const ws = this.watches[lit]!;
    ws[n] = cr;
    ws[n + 1] = blocker;
    this.watchSize[lit] = n + 2;
  }

  /** Counts one more attached clause containing `lit` and grows its watch list to match. */
  private reserveWatch(lit: Lit): void {
    const need = 2 * ++this.occurs[lit]!;
    const ws = this.watches[lit]!;
    if (need <= ws.length) return;
    const bigger = new Int32Array(Math.max(need, 2 * ws.length));
    bigger.set(ws);
    this.watches[lit] = bigger;
  }

  /**
   * Unit propagation over the watched literals. Returns the conflicting clause, or
   * NO_REASON when the queue ran dry without conflict. The hottest loop of the solver:
   * assignments and watch pushes are inlined and the trail size kept in a local.
   */
  propagate(): number {
    const { vals, watches, watchSize, trail, level, reason } = this;
    const mem = this.arena.mem;
    const currentLevel = this.levels;
    let trailSize = this.trailSize;
    let qhead = this.qhead;
    let conflict = NO_REASON;
    let dequeued = 0;
    while (qhead < trailSize) {
      const falseLit = trail[qhead++]! ^ 1;
      dequeued++;
      const ws = watches[falseLit]!;
      const n = watchSize[falseLit]!;
      let i = 0;
      let j = 0;
      while (i < n) {
        const cr = ws[i]!;
        const blocker = ws[i + 1]!;
        i += 2;
        const blockerValue = vals[blocker];
        if (blockerValue === 1) {
          ws[j++] = cr;
          ws[j++] = blocker;
          continue;
        }
        if (cr < 0) {
          // A binary clause (stored as ~cr): the blocker is its other literal, so it is
          // decided without reading the arena.
          ws[j++] = cr;
          ws[j++] = blocker;
          if (blockerValue === -1) {
            conflict = ~cr;
            qhead = trailSize;
            while (i < n) ws[j++] = ws[i++]!;
          } else {
            const v = blocker >> 1;
            vals[blocker] = 1;
            vals[blocker ^ 1] = -1;
            level[v] = currentLevel;
            reason[v] = ~cr;
            trail[trailSize++] = blocker;
          }
          continue;
        }
        // Keep the false literal in position 1, so position 0 is the one that may be implied.
        const base = cr + HEADER;
        let first = mem[base]!;
        if (first === falseLit) {
          first = mem[base + 1]!;
          mem[base] = first;
          mem[base + 1] = falseLit;
        }
        if (first !== blocker && vals[first] === 1) {
          ws[j++] = cr;
          ws[j++] = first;
          continue;
        }
        // Look for a new literal to watch.
        const end = base + mem[cr]!;
        let k = base + 2;
        while (k < end && vals[mem[k]!] === -1) k++;
        if (k < end) {
          const lit = mem[k]!;
          mem[base + 1] = lit;
          mem[k] = falseLit;
          const other = watches[lit]!;
          const m = watchSize[lit]!;
          other[m] = cr;
          other[m + 1] = first;
          watchSize[lit] = m + 2;
          continue;
        }
        // The clause is unit or conflicting under the current assignment.
        ws[j++] = cr;
        ws[j++] = first;
        if (vals[first] === -1) {
          conflict = cr;
          qhead = trailSize;
          while (i < n) ws[j++] = ws[i++]!;
        } else {
          const v = first >> 1;
          vals[first] = 1;
          vals[first ^ 1] = -1;
          level[v] = currentLevel;
          reason[v] = cr;
          trail[trailSize++] = first;
        }
      }
      watchSize[falseLit] = j;
    }
    this.stats.propagations += dequeued;
    this.qhead = qhead;
    this.trailSize = trailSize;
    return conflict;
  }

  // ---- branching --------------------------------------------------------------------------

  bumpVar(v: Var): void {
    const activity = this.activity;
    if ((activity[v]! += this.varInc) > 1e100) {
      for (let i = 0; i < this.numVars; i++) activity[i]! *= 1e-100;
      this.varInc *= 1e-100;
    }
    this.heap.increased(v);
  }

  /** The next decision literal, or NO_LIT when the formula is satisfied. */
  pickBranchLiteral(): Lit {
    if (this.heuristic === 'vsids') {
      const { heap, vals, polarity } = this;
      while (heap.size > 0) {
        const v = heap.removeMax();
        if (vals[v << 1] === 0) return (v << 1) | polarity[v]!;
      }
      return NO_LIT;
    }
    const view: BranchingView = {
      mem: this.arena.mem,
      problem: this.problem,
      vals: this.vals,
      scores: this.scores,
    };
    switch (this.heuristic) {
      case 'first':
        return pickFirst(view);
      case 'dlis':
        return pickDlis(view);
      case 'moms':
        return pickMoms(view);
      case 'jw':
        return pickJeroslowWang(view);
    }
  }
}
