import { litFromDimacs, litToDimacs, NO_REASON, type Lit } from './lit.ts';
import { search, SearchStatus, type SearchLimits, type SearchStatusCode } from './search.ts';
import { HEADER } from './clause-arena.ts';
import { AddClause, Slot } from './kernel/kernel.ts';
import { SolverCore } from './solver-core.ts';
import { addBatch, addRecords } from './load-batch.ts';
import { recordsOf } from '../cnf/records.ts';
import type { SolveOptions, SolveResult, SolverOptions, SolverStats } from './types.ts';
import { GaussEngine } from './xor/engine.ts';
import { satisfiesXor } from './xor/xor.ts';

/** How long `solveAsync` works before it lets the event loop run (and an abort fire). */
const DEFAULT_SLICE_MS = 50;

type MutableLimits = { -readonly [K in keyof SearchLimits]: SearchLimits[K] };

/**
 * The SAT solver: a formula grows by `addClause` (also between calls — incremental), and each
 * `solve` answers sat with a checked model, unsat, or unknown when its budget runs out.
 * Learned clauses are kept across calls, so thousands of questions under different
 * assumptions to one formula get cheaper as it learns.
 */
export class Solver {
  private readonly core: SolverCore;
  /** True while a `solveAsync` is between slices; the formula may not change then. */
  private busy = false;
  /** True once the proof holds the empty clause. */
  private proofClosed = false;
  /** Packed literals of the clause being added (see `scratchLits`). */
  private scratch = new Int32Array(64);

  constructor(numVars = 0, options: SolverOptions = {}) {
    this.core = new SolverCore((options.mode ?? 'cdcl') === 'cdcl', options.heuristic ?? 'vsids');
    this.core.growTo(numVars);
    this.core.proof = options.proof ?? null;
  }

  get numVars(): number {
    return this.core.numVars;
  }

  /** Cumulative statistics of every call so far. */
  get stats(): SolverStats {
    return { ...this.core.collectStats() };
  }

  /** Adds a variable and returns its DIMACS number. */
  newVar(): number {
    this.assertIdle();
    this.core.growTo(this.core.numVars + 1);
    // Gauss–Jordan's tables are sized to the variables it was built for: build it anew.
    if (this.core.gauss !== null) this.core.xorsChanged = true;
    return this.core.numVars;
  }

  /**
   * Adds a clause of DIMACS literals. Returns false once the formula is known to be
   * unsatisfiable (every later solve answers unsat). Throws RangeError for literal 0, a
   * non-integer or a variable above `numVars` — a caller's bug, not a formula property.
   */
  addClause(dimacs: ArrayLike<number>): boolean {
    this.assertIdle();
    return this.add(dimacs);
  }

  /**
   * Adds every clause of `clauses`, as `addClause` one by one would (same checks, same
   * answer), for a whole formula at once: the clause arena is sized for them first instead
   * of growing while they load, and they go into the kernel in batches (load-batch.ts).
   */
  addClauses(clauses: readonly ArrayLike<number>[]): boolean {
    this.assertIdle();
    const core = this.core;
    const records = recordsOf(clauses);
    let slots = core.arena.top;
    if (records === undefined) {
      for (const clause of clauses) slots += HEADER + clause.length;
    } else {
      // A record is [n, literals]: one slot fewer than the arena's clause header and literals.
      slots += clauses.length * (HEADER - 1);
      for (const segment of records) slots += segment.length;
    }
    core.arena.reserve(slots);
    const addOne = (clause: ArrayLike<number>) => this.add(clause);
    if (records !== undefined && core.ok && core.proof === null) {
      return addRecords(core, records, addOne) && core.ok;
    }
    for (let next = 0; next < clauses.length; next++) {
      if (core.ok && core.proof === null) next = addBatch(core, clauses, next, addOne);
      if (next < 0) return false;
      if (next < clauses.length && !this.add(clauses[next]!)) return false;
    }
    return core.ok;
  }

  /**
   * Adds one clause through the kernel's `addClause` (which sorts it, drops false and repeated
   * literals and stores it). An Int32Array (the parser's clauses) goes to the kernel as it is,
   * which checks its range; other arrays are checked here first, since copying them into the
   * kernel's Int32Array would truncate a fraction.
   */
  private add(dimacs: ArrayLike<number>): boolean {
    const core = this.core;
    if (!(dimacs instanceof Int32Array) || !core.ok) this.scratchLits(dimacs, 'clause');
    if (!core.ok) return false;
    core.backtrack(0);
    const n = dimacs.length;
    core.reserveInput(n);
    core.input.set(dimacs);
    const result = core.kernel.addClause(n);
    if (result >= 0) {
      core.problem.push(result);
      core.sync();
    } else if (result === AddClause.satisfied) {
      return true;
    } else if (result === AddClause.invalid) {
      this.scratchLits(dimacs, 'clause');
    }
    const kept = core.regs[Slot.kept]!;
    // Shortened by top-level facts (or a repeated literal): a lemma of the proof.
    if (kept < n) core.proof?.add(core.input.subarray(0, kept));
    if (result === AddClause.empty) {
      core.ok = false;
    } else if (result === AddClause.unit) {
      core.enqueue(core.input[0]!, NO_REASON);
      if (core.propagate() !== NO_REASON) core.ok = false;
    }
    return core.ok;
  }

  /**
   * Adds an XOR constraint: an odd number of the DIMACS variables `vars` is true when `odd`.
   * The search reasons about all XORs together by Gauss–Jordan elimination . A
   * variable listed twice cancels out. Returns false once the formula is known unsatisfiable.
   */
  addXor(vars: ArrayLike<number>, odd: boolean): boolean {
    this.assertIdle();
    const core = this.core;
    if (core.proof !== null) throw new Error('an XOR constraint has no place in a DRAT proof');
    const ids = this.toLits(vars, 'XOR').map((lit) => {
      if ((lit & 1) === 1)
        throw new RangeError(`XOR variable ${litToDimacs(lit)}: expected a positive variable`);
      return lit >> 1;
    });
    ids.sort((a, b) => a - b);
    const kept: number[] = [];
    for (const v of ids) {
      if (kept[kept.length - 1] === v) kept.pop();
      else kept.push(v);
    }
    if (!core.ok) return false;
    if (kept.length === 0) {
      if (odd) core.ok = false;
      return core.ok;
    }
    core.xors.push({ vars: Int32Array.from(kept), rhs: odd ? 1 : 0 });
    core.xorsChanged = true;
    core.stats.xors++;
    return true;
  }

  /** Solves synchronously; only the time and conflict budgets (and an already-aborted signal) stop it. */
  solve(options: SolveOptions = {}): SolveResult {
    this.assertIdle();
    const started = performance.now();
    const limits = this.prepare(options, started);
    if (limits === undefined) return this.finish(SearchStatus.unsat, started);
    if (options.signal?.aborted) return this.finish(SearchStatus.aborted, started);
    return this.finish(search(this.core, limits), started);
  }

  /**
   * Solves in slices of `sliceMs`, yielding to the event loop between them so that timers,
   * I/O and an AbortSignal can run. Same answers as `solve`.
   */
  async solveAsync(options: SolveOptions & { sliceMs?: number } = {}): Promise<SolveResult> {
    this.assertIdle();
    const started = performance.now();
    const limits = this.prepare(options, started);
    if (limits === undefined) return this.finish(SearchStatus.unsat, started);
    const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
    this.busy = true;
    try {
      for (;;) {
        if (options.signal?.aborted) return this.finish(SearchStatus.aborted, started);
        limits.sliceEnd = performance.now() + sliceMs;
        const status = search(this.core, limits);
        if (status !== SearchStatus.paused) return this.finish(status, started);
        options.onProgress?.({
          ...this.core.collectStats(),
          ms: this.core.stats.ms + performance.now() - started,
        });
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } finally {
      this.busy = false;
    }
  }

  /** Search limits for one call, or undefined when the formula is already known unsat. */
  private prepare(options: SolveOptions, started: number): MutableLimits | undefined {
    const assumptions = Int32Array.from(this.toLits(options.assumptions ?? [], 'assumption'));
    if (!this.core.ok) return undefined;
    this.core.backtrack(0);
    if (this.core.xorsChanged && !this.buildGauss()) return undefined;
    this.core.reserveLevels(this.core.numVars + assumptions.length);
    const { budget } = options;
    return {
      assumptions,
      conflictLimit:
        budget?.conflicts !== undefined ? this.core.stats.conflicts + budget.conflicts : Infinity,
      deadline: budget?.timeMs !== undefined ? started + budget.timeMs : Infinity,
      sliceEnd: Infinity,
      signal: options.signal,
    };
  }

  /** (Re)builds the Gauss–Jordan matrices at level 0; false when the XORs refute the formula. */
  private buildGauss(): boolean {
    const core = this.core;
    core.xorsChanged = false;
    core.gauss = null;
    if (core.propagate() !== NO_REASON) return (core.ok = false);
    core.gauss = GaussEngine.build(core, core.xors);
    if (core.ok && core.propagate() !== NO_REASON) core.ok = false;
    return core.ok;
  }

  private finish(status: SearchStatusCode, started: number): SolveResult {
    const core = this.core;
    let result: SolveResult;
    const stats = (): SolverStats => {
      core.stats.ms += performance.now() - started;
      return { ...core.collectStats() };
    };
    switch (status) {
      case SearchStatus.sat: {
        const model = this.extractModel();
        result = { status: 'sat', model, stats: stats() };
        break;
      }
      case SearchStatus.unsat:
        this.closeProof();
        result = { status: 'unsat', failedAssumptions: [], stats: stats() };
        break;
      case SearchStatus.unsatAssumptions:
        result = {
          status: 'unsat',
          failedAssumptions: core.failed.map(litToDimacs),
          stats: stats(),
        };
        break;
      default:
        result = { status: 'unknown', reason: unknownReason(status), stats: stats() };
    }
    core.backtrack(0);
    return result;
  }

  /** Ends the proof of an unsat answer with the empty clause, once. */
  private closeProof(): void {
    if (this.core.proof === null || this.proofClosed) return;
    this.proofClosed = true;
    this.core.proof.add([]);
  }

  /** The current assignment as a model (unassigned variables false), checked against every clause. */
  private extractModel(): Uint8Array {
    const core = this.core;
    const { vals, numVars, problem } = core;
    const model = new Uint8Array(numVars + 1);
    for (let v = 0; v < numVars; v++) model[v + 1] = vals[v << 1] === 1 ? 1 : 0;
    // The kernel checks the stored clauses (the same rule on the same assignment, at machine
    // speed: in a fresh process this loop in JavaScript cost ~2.5 ms on 8,000 clauses).
    core.reserveInput(problem.length);
    core.input.set(problem);
    if (core.kernel.firstFalsified(problem.length) >= 0) {
      throw new Error('internal error: the model falsifies a clause');
    }
    for (const xor of this.core.xors) {
      if (!satisfiesXor(xor, model)) throw new Error('internal error: the model falsifies an XOR');
    }
    return model;
  }

  private toLits(dimacs: ArrayLike<number>, what: string): Lit[] {
    const n = this.scratchLits(dimacs, what);
    return Array.from(this.scratch.subarray(0, n));
  }

  /**
   * Converts the DIMACS literals to packed ones at the start of `scratch`, a buffer reused by
   * every call (valid until the next), and returns how many: loading a formula allocates
   * nothing per clause. Throws RangeError for a literal out of range.
   */
  private scratchLits(dimacs: ArrayLike<number>, what: string): number {
    const n = this.core.numVars;
    if (this.scratch.length < dimacs.length) this.scratch = new Int32Array(2 * dimacs.length);
    const lits = this.scratch;
    for (let i = 0; i < dimacs.length; i++) {
      const d = dimacs[i]!;
      if (!Number.isInteger(d) || d === 0 || Math.abs(d) > n) {
        throw new RangeError(
          `${what} literal ${d} at position ${i}: expected a nonzero integer with variable in 1..${n}`,
        );
      }
      lits[i] = litFromDimacs(d);
    }
    return dimacs.length;
  }

  private assertIdle(): void {
    if (this.busy) throw new Error('the solver is busy with solveAsync');
  }
}

function unknownReason(status: SearchStatusCode): 'time' | 'conflicts' | 'aborted' {
  if (status === SearchStatus.conflictBudget) return 'conflicts';
  if (status === SearchStatus.timeBudget) return 'time';
  return 'aborted';
}
