import {
  pickDlis,
  pickFirst,
  pickJeroslowWang,
  pickMoms,
  type BranchingView,
} from './branching.ts';
import { ClauseArena } from './clause-arena.ts';
import { F64Slot, KernelViews, newKernel, Slot, type KernelExports } from './kernel/kernel.ts';
import type { Lit } from './lit.ts';
import type { HeuristicName, SolverStats } from './types.ts';
import { FIRST_REDUCE } from './params.ts';
import { grow } from './grow.ts';
import { settleFields } from './shapes.ts';
import type { GaussEngine } from './xor/engine.ts';
import type { Xor } from './xor/xor.ts';
import type { ProofSink } from './proof.ts';

/**
 * The solver's state in MiniSat's shape — an assignment trail with decision levels, two
 * watched literals per clause — around the CDCL kernel (kernel/cdcl.ts, WebAssembly), which
 * holds that state in its memory and runs propagation, conflict analysis, backjumping and
 * VSIDS. The fields below that name the kernel's arrays are typed-array views of its memory:
 * `sync` replaces them when the memory grows or a block moves, so code that keeps one in a
 * local must read it again after anything that allocates (an alloc, an attach, `growTo`,
 * `reserveLevels`, a learned clause). The kernel also runs the whole CDCL loop when nothing
 * here must see each assignment (search.ts), and places assumptions for both loops; what
 * stays in JavaScript: plain DPLL's backtracking and branching heuristics, clause-database
 * reduction (reduce.ts), the XOR engine, writing the proof and `analyzeFinal`.
 */
export class SolverCore {
  /** False once the formula is known unsatisfiable without assumptions. */
  ok = true;
  /** The WebAssembly kernel. */
  readonly kernel: KernelExports;
  /** Current views of the kernel's memory. */
  private views!: KernelViews;
  /** The kernel's header slots (Slot): trail size, queue head, decision level, … */
  regs!: Int32Array;
  /** Clause storage. */
  readonly arena: ClauseArena;
  /** References of problem clauses (size ≥ 2). */
  problem: number[] = [];
  /** References of learned clauses. */
  learnts: number[] = [];
  /** Value per literal: 1 true, −1 false, 0 unassigned. */
  vals!: Int8Array;
  /** Decision level at which each variable was assigned. */
  level!: Int32Array;
  /**
   * The clause that implied each variable, or NO_REASON for decisions and level-0 facts. The
   * implied literal is at position 0 of a longer reason clause; a binary one may hold it at 1.
   */
  reason!: Int32Array;
  /** Assigned literals in assignment order. */
  trail!: Int32Array;
  /** trailLim[d] is the trail size when decision level d + 1 began. */
  trailLim!: Int32Array;
  /** The learned clause the kernel's `learn` built; learnt[0] is the asserting literal. */
  learnt!: Int32Array;
  /** Where a clause is written for the kernel's `addClause`. */
  input!: Int32Array;
  /** The references of the clauses the kernel's last `run` learned. */
  runLearnts!: Int32Array;
  /** In plain DPLL, 1 for a level whose decision is already the flipped second branch. */
  flipped = new Uint8Array(1);
  /** Scratch marks for `analyzeFinal`. */
  marks = new Uint8Array(0);
  /** Scratch per-literal scores for the dynamic heuristics. */
  scores = new Float64Array(0);
  /** Assumptions responsible for the last unsatAssumptions answer (packed literals). */
  failed: Lit[] = [];
  /** Conflict count at which the learned-clause database is next reduced. */
  nextReduce = FIRST_REDUCE;
  /** Reductions so far; each widens the interval to the next one. */
  reductions = 0;
  /**
   * Whether the kernel's loop may carry the search (search.ts `kernelRuns`); tests turn it off
   * to hold it to JavaScript's loop, the same search.
   */
  kernelLoop = true;
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
  /** Counters; `propagations` is the kernel's, read by `collectStats`. */
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
    this.kernel = newKernel(heuristic === 'vsids');
    this.arena = new ClauseArena(this);
    this.adopt(new KernelViews(this.kernel));
    // The search's counters and fields keep one representation throughout (shapes.ts); the
    // propagation count is read from the kernel's f64 slot.
    settleFields(this);
    settleFields(this.stats, ['ms', 'propagations']);
  }

  /** Rebuilds the views of the kernel's memory when it grew or a block moved. */
  sync(): void {
    if (this.views.stale()) this.adopt(new KernelViews(this.kernel));
  }

  /** Makes `views` the solver's fields (set here only: the constructor and `sync`). */
  private adopt(views: KernelViews): void {
    this.views = views;
    this.regs = views.regs;
    this.vals = views.vals;
    this.level = views.level;
    this.reason = views.reason;
    this.trail = views.trail;
    this.trailLim = views.trailLim;
    this.learnt = views.learnt;
    this.input = views.input;
    this.runLearnts = views.runLearnts;
    this.arena.mem = views.mem;
  }

  /** Number of variables. */
  get numVars(): number {
    return this.regs[Slot.numVars]!;
  }

  /** Number of literals on the trail. */
  get trailSize(): number {
    return this.regs[Slot.trailSize]!;
  }

  set trailSize(size: number) {
    this.regs[Slot.trailSize] = size;
  }

  /** Next trail position to propagate. */
  get qhead(): number {
    return this.regs[Slot.qhead]!;
  }

  set qhead(position: number) {
    this.regs[Slot.qhead] = position;
  }

  /** Current decision level. */
  get levels(): number {
    return this.regs[Slot.levels]!;
  }

  /** The statistics, with the kernel's propagation count. */
  collectStats(): SolverStats {
    this.stats.propagations = this.views.regsF64[F64Slot.propagations]!;
    return this.stats;
  }

  /** Grows every per-variable array to hold `n` variables; new variables are unassigned. */
  growTo(n: number): void {
    const old = this.numVars;
    if (n <= old) return;
    this.kernel.growTo(n);
    this.sync();
    if (this.marks.length < n) {
      const c = Math.max(n, 2 * this.marks.length);
      this.marks = grow(this.marks, c);
      this.flipped = grow(this.flipped, c + 1);
      this.scores = new Float64Array(2 * c);
    }
  }

  /**
   * Makes room for `n` decision levels. Every assumption opens a level, even a repeated or
   * already-true one, so a solve call may need up to numVars + assumptions levels.
   */
  reserveLevels(n: number): void {
    this.kernel.reserveLevels(n);
    this.sync();
    this.flipped = grow(this.flipped, n + 1);
  }

  // ---- assignment -------------------------------------------------------------------------

  enqueue(lit: Lit, from: number): void {
    this.kernel.enqueue(lit, from);
  }

  newDecisionLevel(): void {
    this.kernel.newDecisionLevel();
    this.flipped[this.levels] = 0;
  }

  /** Undoes every assignment above decision level `target`, saving phases for VSIDS. */
  backtrack(target: number): void {
    if (this.levels <= target) return;
    const stop = this.trailLim[target]!;
    this.kernel.backtrack(target);
    if (this.gauss !== null) this.gauss.backtrack(stop);
  }

  // ---- clauses ----------------------------------------------------------------------------

  /** Watches every clause of `crs` (size ≥ 2 each), in one call into the kernel. */
  attachAll(crs: readonly number[]): void {
    this.reserveInput(crs.length);
    this.input.set(crs);
    this.kernel.attachAll(crs.length);
    this.sync();
  }

  /** Makes room in `input` for a clause of `length` literals. */
  reserveInput(length: number): void {
    if (length <= this.input.length) return;
    this.kernel.reserveInput(length);
    this.sync();
  }

  /** Forgets every watch and occurrence count, before all live clauses are attached again. */
  detachAll(): void {
    this.kernel.detachAll();
  }

  /**
   * Unit propagation over the watched literals (the kernel's). Returns the conflicting clause,
   * or NO_REASON when the queue ran dry without conflict. Allocates nothing.
   */
  propagate(): number {
    return this.kernel.propagate();
  }

  // ---- branching --------------------------------------------------------------------------

  /** The next decision literal, or NO_LIT when the formula is satisfied. */
  pickBranchLiteral(): Lit {
    if (this.heuristic === 'vsids') return this.kernel.pickBranch();
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
