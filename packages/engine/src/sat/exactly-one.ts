import type { Rng } from '../rng.ts';
import { popcount } from '../bits.ts';
import { Search } from './exactly-one-search.ts';
import type { Budget } from './types.ts';

/**
 * A DPLL solver for formulas made only of exactly-one constraints — the shape of a sudoku's
 * CNF, where every cell holds one digit and every house holds each digit once. Each group
 * is propagated natively as a cardinality constraint (one var true ⇒ the rest false; all
 * but one false ⇒ the last true) instead of as 36 binary clauses plus one long clause, and
 * branching takes the open group with the fewest candidates. A group's unassigned variables are
 * a bitmask (so a group has at most 31 variables — a sudoku's have 9): propagation visits only
 * the free ones and finds a group's last candidate with one count-trailing-zeros. Same
 * literals (DIMACS numbers), assumptions, budgets and three-valued answers as the CDCL
 * `Solver`; it also counts models.
 */
export interface ExactlyOneOptions {
  /** DIMACS literals that must hold. */
  readonly assumptions?: readonly number[];
  /** Stop after this many models (default 1); `count` reports how many were found. */
  readonly limit?: number;
  readonly budget?: Budget;
  readonly signal?: AbortSignal;
  /** Branch on a random candidate of the chosen group instead of the first (for generators). */
  readonly rng?: Rng;
}

export type ExactlyOneResult =
  | {
      readonly status: 'done';
      /** Models found, at most `limit`. */
      readonly count: number;
      /** The first model found (`model[v] === 1` when v is true), when count > 0. */
      readonly model: Uint8Array | undefined;
      /** Backtracks made. */
      readonly conflicts: number;
    }
  | {
      readonly status: 'unknown';
      readonly reason: 'time' | 'conflicts' | 'aborted';
      readonly count: number;
    };

export class ExactlyOneSolver {
  /** Number of variables (DIMACS 1..numVars; index v − 1 inside). */
  readonly numVars: number;
  /** Groups in CSR form: variables of group g are groupVars[groupStart[g] .. groupStart[g+1]). */
  private readonly groupStart: Int32Array;
  private readonly groupVars: Int32Array;
  /** Groups containing each variable, CSR: varGroups[varStart[v] .. varStart[v+1]). */
  private readonly varStart: Int32Array;
  private readonly varGroups: Int32Array;
  /** Value per variable: 1 true, −1 false, 0 unassigned. */
  private readonly value: Int8Array;
  /** The variable that is true in each group, or −1. */
  private readonly trueIn: Int32Array;
  /** Bit p of freeMask[g] is set while the group's p-th variable is unassigned. */
  private readonly freeMask: Int32Array;
  /** 1 << (position of the variable in the group), parallel to varGroups. */
  private readonly varBit: Int32Array;
  /** Assigned literals (2·v + 1 for false) in assignment order. */
  private readonly trail: Int32Array;
  private trailSize = 0;
  /** Next trail entry to propagate. */
  private qhead = 0;
  /** Set by an assignment that breaks a group. */
  private conflict = false;
  /** Groups that fell to one candidate (or none) with no true variable, awaiting a look. */
  private readonly pending: Int32Array;
  private pendingSize = 0;
  /** Each group's full mask, to reset `freeMask` in one copy. */
  private readonly fullMasks: Int32Array;

  /** `groups`: each a list of DIMACS variables, exactly one of which must be true. */
  constructor(numVars: number, groups: readonly (readonly number[])[]) {
    this.numVars = numVars;
    const g = groups.length;
    this.groupStart = new Int32Array(g + 1);
    const counts = new Int32Array(numVars + 1);
    let total = 0;
    groups.forEach((vars, i) => {
      this.groupStart[i] = total;
      total += vars.length;
      for (const v of vars) {
        if (!Number.isInteger(v) || v < 1 || v > numVars)
          throw new RangeError(`variable ${v} of group ${i} is not in 1..${numVars}`);
        counts[v - 1]!++;
      }
    });
    this.groupStart[g] = total;
    this.groupVars = Int32Array.from(groups.flat(), (v) => v - 1);
    this.varStart = new Int32Array(numVars + 1);
    for (let v = 0; v < numVars; v++) this.varStart[v + 1] = this.varStart[v]! + counts[v]!;
    this.varGroups = new Int32Array(total);
    this.varBit = new Int32Array(total);
    const fill = this.varStart.slice(0, numVars);
    for (let i = 0; i < g; i++) {
      for (let k = this.groupStart[i]!; k < this.groupStart[i + 1]!; k++) {
        const at = fill[this.groupVars[k]!]!++;
        this.varGroups[at] = i;
        this.varBit[at] = 1 << (k - this.groupStart[i]!);
      }
    }
    this.value = new Int8Array(numVars);
    this.trueIn = new Int32Array(g).fill(-1);
    this.fullMasks = new Int32Array(g);
    for (let i = 0; i < g; i++) {
      const size = this.groupStart[i + 1]! - this.groupStart[i]!;
      if (size > 31) throw new RangeError(`group ${i} has ${size} variables; at most 31`);
      this.fullMasks[i] = size === 0 ? 0 : (2 ** size - 1) | 0;
    }
    this.freeMask = this.fullMasks.slice();
    this.trail = new Int32Array(numVars);
    // A group is queued when it drops to one free variable and again at none: twice at most.
    this.pending = new Int32Array(2 * g + 1);
  }

  /** Searches for up to `limit` models under the assumptions. The solver is reusable. */
  solve(options: ExactlyOneOptions = {}): ExactlyOneResult {
    const search = new Search(options);
    const root = this.assumeAll(options.assumptions ?? []);
    const result = root ? this.run(search) : undefined;
    this.undoTo(0);
    return result ?? { status: 'done', count: 0, model: undefined, conflicts: 0 };
  }

  private assumeAll(assumptions: readonly number[]): boolean {
    for (const d of assumptions) {
      const v = Math.abs(d) - 1;
      if (!Number.isInteger(d) || d === 0 || v >= this.numVars)
        throw new RangeError(`assumption ${d} is not a literal over 1..${this.numVars}`);
      const want = d > 0 ? 1 : -1;
      if (this.value[v] === -want) return false;
      if (this.value[v] === 0) this.assign(v, want);
      if (this.conflict) return false;
    }
    return this.propagate();
  }

  /** Depth-first search with chronological backtracking; decisions are "v true", retried as "v false". */
  private run(search: Search): ExactlyOneResult {
    const decisions: number[] = [];
    const marks: number[] = [];
    for (;;) {
      const group = this.pickGroup();
      if (group === -2) {
        // Every group has its true variable: a model.
        search.found(this.value);
        if (search.count >= search.limit) return search.done();
      } else if (group >= 0) {
        const v = this.pickVar(group, search.rng);
        decisions.push(v);
        marks.push(this.trailSize);
        this.assign(v, 1);
        if (!this.conflict && this.propagate()) continue;
      }
      // Conflict (or a model to step past): flip the deepest decision still on its first branch.
      search.conflicts++;
      if (!this.flip(decisions, marks)) return search.done();
      const stop = search.check();
      if (stop !== undefined) return { status: 'unknown', reason: stop, count: search.count };
    }
  }

  private flip(decisions: number[], marks: number[]): boolean {
    for (;;) {
      const v = decisions.pop();
      if (v === undefined) return false;
      const mark = marks.pop()!;
      this.undoTo(mark);
      if (v < 0) continue; // already the second branch
      decisions.push(~v);
      marks.push(mark);
      this.assign(v, -1);
      if (!this.conflict && this.propagate()) return true;
    }
  }

  /** The open group with the fewest unassigned variables; −2 when all are satisfied, −1 on a dead end. */
  private pickGroup(): number {
    const { trueIn, freeMask } = this;
    let best = -2;
    let bestFree = Infinity;
    for (let g = 0; g < freeMask.length; g++) {
      if (trueIn[g] !== -1) continue;
      const f = popcount(freeMask[g]!);
      if (f < bestFree) {
        if (f === 0) return -1;
        bestFree = f;
        best = g;
        if (f <= 2) break;
      }
    }
    return best;
  }

  private pickVar(group: number, rng: Rng | undefined): number {
    const start = this.groupStart[group]!;
    const end = this.groupStart[group + 1]!;
    let skip = rng ? rng.int(popcount(this.freeMask[group]!)) : 0;
    for (let k = start; k < end; k++) {
      const v = this.groupVars[k]!;
      if (this.value[v] === 0 && skip-- === 0) return v;
    }
    throw new Error('internal error: an open group has no unassigned variable');
  }

  private assign(v: number, val: 1 | -1): void {
    const { varGroups, varBit, freeMask, trueIn } = this;
    const end = this.varStart[v + 1]!;
    this.value[v] = val;
    if (val === 1) {
      this.trail[this.trailSize++] = v << 1;
      for (let k = this.varStart[v]!; k < end; k++) {
        const g = varGroups[k]!;
        freeMask[g]! &= ~varBit[k]!;
        if (trueIn[g] === -1) trueIn[g] = v;
        else this.conflict = true;
      }
    } else {
      this.trail[this.trailSize++] = (v << 1) | 1;
      for (let k = this.varStart[v]!; k < end; k++) {
        const g = varGroups[k]!;
        const m = (freeMask[g] = freeMask[g]! & ~varBit[k]!);
        if ((m & (m - 1)) === 0 && trueIn[g] === -1) this.pending[this.pendingSize++] = g;
      }
    }
  }

  /**
   * Propagates until nothing changes; false on conflict. A true variable falsifies the rest
   * of its groups; a group that lost its last-but-one candidate (queued when it happened)
   * forces the last one, or is a conflict when none is left. The solver's hottest loop:
   * assignments are inlined and the queue heads kept in locals.
   */
  private propagate(): boolean {
    const {
      trail,
      value,
      varStart,
      varGroups,
      varBit,
      groupStart,
      groupVars,
      trueIn,
      freeMask,
      pending,
    } = this;
    let qhead = this.qhead;
    let trailSize = this.trailSize;
    let pendingSize = this.pendingSize;
    let ok = true;
    for (;;) {
      if (pendingSize > 0) {
        const g = pending[--pendingSize]!;
        if (trueIn[g] !== -1) continue;
        const left = freeMask[g]!;
        if (left === 0) {
          ok = false;
          break;
        }
        const u = groupVars[groupStart[g]! + 31 - Math.clz32(left & -left)]!;
        value[u] = 1;
        trail[trailSize++] = u << 1;
        const uEnd = varStart[u + 1]!;
        for (let k = varStart[u]!; k < uEnd; k++) {
          const h = varGroups[k]!;
          freeMask[h]! &= ~varBit[k]!;
          if (trueIn[h] === -1) trueIn[h] = u;
          else ok = false;
        }
        if (!ok) break;
        continue;
      }
      if (qhead >= trailSize) break;
      const lit = trail[qhead++]!;
      if ((lit & 1) === 1) continue;
      const v = lit >> 1;
      const vEnd = varStart[v + 1]!;
      for (let k = varStart[v]!; k < vEnd; k++) {
        const g = varGroups[k]!;
        const start = groupStart[g]!;
        for (let m = freeMask[g]!; m !== 0; m &= m - 1) {
          const u = groupVars[start + 31 - Math.clz32(m & -m)]!;
          value[u] = -1;
          trail[trailSize++] = (u << 1) | 1;
          const uEnd = varStart[u + 1]!;
          for (let j = varStart[u]!; j < uEnd; j++) {
            const h = varGroups[j]!;
            const left = (freeMask[h] = freeMask[h]! & ~varBit[j]!);
            if ((left & (left - 1)) === 0 && trueIn[h] === -1) pending[pendingSize++] = h;
          }
        }
      }
    }
    this.qhead = qhead;
    this.trailSize = trailSize;
    this.pendingSize = pendingSize;
    return ok;
  }

  private undoTo(size: number): void {
    const { trail, value, varStart, varGroups, varBit, trueIn, freeMask } = this;
    this.pendingSize = 0;
    if (size === 0) {
      // Cheaper than undoing a full trail entry by entry.
      value.fill(0);
      trueIn.fill(-1);
      freeMask.set(this.fullMasks);
      this.trailSize = 0;
    }
    let trailSize = this.trailSize;
    while (trailSize > size) {
      const v = trail[--trailSize]! >> 1;
      value[v] = 0;
      const vEnd = varStart[v + 1]!;
      for (let k = varStart[v]!; k < vEnd; k++) {
        const g = varGroups[k]!;
        freeMask[g]! |= varBit[k]!;
        if (trueIn[g] === v) trueIn[g] = -1;
      }
    }
    this.trailSize = trailSize;
    this.qhead = Math.min(this.qhead, size);
    this.conflict = false;
  }
}
