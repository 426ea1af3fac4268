import { HEADER } from '../clause-arena.ts';
import { NO_REASON } from '../lit.ts';
import { XOR_REASON_SLOTS } from '../params.ts';
import type { SolverCore } from '../solver-core.ts';
import { GaussMatrix } from './gauss.ts';
import { Gf2Rows, reduceRows } from './rows.ts';
import type { Xor } from './xor.ts';

/**
 * A connected set of XORs gets a matrix only while elimination stays cheap: rows² · words is
 * the cost of Gauss–Jordan elimination, about a millisecond per few million.
 */
const MAX_ELIMINATION_WORK = 50_000_000;

/**
 * Gauss–Jordan elimination over the solver's XOR constraints. Built at decision level 0: the
 * XORs are simplified by the level-0 facts, split into independent (variable-disjoint) sets,
 * and each set is brought into reduced row echelon form — a row 0 = 1 refutes the formula, a
 * one-variable row is a fact. Each set with rows left becomes a `GaussMatrix` that propagates
 * during the search; its reasons and conflicts are clauses in the solver's arena (`reasons`),
 * freed once they are no longer the reason of an assignment.
 */
export class GaussEngine {
  readonly matrices: GaussMatrix[] = [];
  /** Per solver variable: the index of its matrix, or −1; and its column there. */
  readonly matrixOf: Int32Array;
  readonly colOf: Int32Array;
  /** Next trail position to process. */
  head = 0;
  /** Processed assignments and their trail positions, undone on backtrack. */
  private doneVar: Int32Array;
  private donePos: Int32Array;
  private doneSize = 0;
  /** Reason and conflict clauses made by the matrices, and their total size in arena slots. */
  reasons: number[] = [];
  reasonSlots = 0;
  /**
   * `reasonSlots` above which the arena is compacted: twice what the last compaction had to
   * keep, so reasons still locked can never make every step compact.
   */
  compactAt = XOR_REASON_SLOTS;

  private constructor(numVars: number) {
    this.matrixOf = new Int32Array(numVars).fill(-1);
    this.colOf = new Int32Array(numVars);
    this.doneVar = new Int32Array(numVars);
    this.donePos = new Int32Array(numVars);
  }

  /**
   * Builds the engine for `xors` at level 0 of `s` (after propagation). Sets `s.ok = false`
   * and returns null when the XORs refute the formula. Facts found are enqueued at level 0;
   * the caller propagates them.
   */
  static build(s: SolverCore, xors: readonly Xor[]): GaussEngine | null {
    const engine = new GaussEngine(s.numVars);
    const live = simplify(s, xors);
    if (live === null) {
      s.ok = false;
      return null;
    }
    engine.head = s.trailSize;
    for (const group of components(live, s.numVars)) {
      if (!engine.addComponent(s, group)) {
        s.ok = false;
        return null;
      }
    }
    return engine;
  }

  /** Eliminates one independent set of XORs; false when it is inconsistent. */
  private addComponent(s: SolverCore, group: readonly Xor[]): boolean {
    const cols: number[] = [];
    const index = new Map<number, number>();
    for (const x of group) {
      for (const v of x.vars) {
        if (!index.has(v)) {
          index.set(v, cols.length);
          cols.push(v);
        }
      }
    }
    const rows = new Gf2Rows(group.length, cols.length);
    if (group.length * group.length * rows.words > MAX_ELIMINATION_WORK) return true;
    group.forEach((x, r) => {
      for (const v of x.vars) rows.flip(r, index.get(v)!);
      rows.rhs[r] = x.rhs;
    });
    const echelon = reduceRows(rows);
    if (!echelon.consistent) return false;
    const picked: number[] = [];
    const pivots: number[] = [];
    echelon.rows.forEach((r, i) => {
      const pivot = echelon.pivots[i]!;
      if (rows.cols(r).length === 1) {
        const v = cols[pivot]!;
        const lit = (v << 1) | (rows.rhs[r]! ^ 1);
        if (s.vals[lit] === 0) s.enqueue(lit, NO_REASON);
        else if (s.vals[lit] === -1) s.ok = false;
      } else {
        picked.push(r);
        pivots.push(pivot);
      }
    });
    if (!s.ok) return false;
    if (picked.length === 0) return true;
    const m = this.matrices.length;
    const colVar = Int32Array.from(cols);
    this.matrices.push(
      new GaussMatrix(colVar, rows, picked, pivots, (core, lits, size) =>
        this.makeClause(core, lits, size),
      ),
    );
    cols.forEach((v, c) => {
      this.matrixOf[v] = m;
      this.colOf[v] = c;
    });
    return true;
  }

  makeClause(s: SolverCore, lits: Int32Array, size: number): number {
    const cr = s.arena.alloc(lits.subarray(0, size), true, 0);
    this.reasons.push(cr);
    this.reasonSlots += HEADER + size;
    return cr;
  }

  /**
   * Processes the trail from `head`: every assigned matrix variable visits the rows watching
   * it. Implied literals are enqueued (with reason clauses) and processed in turn. Returns a
   * conflict clause, or NO_REASON once the whole trail is processed.
   */
  propagate(s: SolverCore): number {
    if (this.matrices.length === 0) {
      this.head = s.trailSize;
      return NO_REASON;
    }
    const { matrixOf, colOf, matrices } = this;
    while (this.head < s.trailSize) {
      const pos = this.head++;
      // Read afresh: a reason clause made below may have moved the kernel's memory.
      const lit = s.trail[pos]!;
      const v = lit >> 1;
      const m = matrixOf[v]!;
      if (m < 0) continue;
      const matrix = matrices[m]!;
      const c = colOf[v]!;
      matrix.markDone(c, (lit & 1) === 0);
      this.doneVar[this.doneSize] = v;
      this.donePos[this.doneSize++] = pos;
      const conflict = matrix.onAssigned(s, c);
      if (conflict !== NO_REASON) return conflict;
    }
    return NO_REASON;
  }

  /** Forgets the processing of trail positions from `stop` on (the solver backtracked there). */
  backtrack(stop: number): void {
    if (this.head > stop) this.head = stop;
    while (this.doneSize > 0 && this.donePos[this.doneSize - 1]! >= stop) {
      const v = this.doneVar[--this.doneSize]!;
      this.matrices[this.matrixOf[v]!]!.unmarkDone(this.colOf[v]!);
    }
  }

  /**
   * Deletes the reason clauses that no assignment relies on any more (call between
   * propagation and the next decision, then compact the arena).
   */
  dropUnlocked(s: SolverCore): void {
    const kept: number[] = [];
    let slots = 0;
    const mem = s.arena.mem;
    for (const cr of this.reasons) {
      const p = mem[cr + HEADER]!;
      if (s.reason[p >> 1] === cr && s.vals[p] === 1) {
        kept.push(cr);
        slots += HEADER + mem[cr]!;
      } else s.arena.markDeleted(cr);
    }
    this.reasons = kept;
    this.reasonSlots = slots;
    this.compactAt = Math.max(XOR_REASON_SLOTS, 2 * slots);
  }

  /** Whether the reason clauses have grown enough to be worth a compaction of the arena. */
  wantsCompaction(): boolean {
    return this.reasonSlots > this.compactAt;
  }
}

/**
 * At a full assignment: a conflict clause (the false literals of all its variables) for an
 * XOR of `xors` the assignment violates, or NO_REASON. XORs outside every matrix are enforced
 * only here, lazily, so the answers hold for the clauses and the XORs together.
 */
export function violatedXor(s: SolverCore, engine: GaussEngine, xors: readonly Xor[]): number {
  for (const x of xors) {
    let sum = 0;
    for (const v of x.vars) sum ^= s.vals[v << 1] === 1 ? 1 : 0;
    if (sum === x.rhs) continue;
    const lits = Int32Array.from(x.vars, (v) => (v << 1) | (s.vals[v << 1] === 1 ? 1 : 0));
    return engine.makeClause(s, lits, lits.length);
  }
  return NO_REASON;
}

/**
 * The XORs without their level-0 variables (a true one flips the parity). A resulting unit is
 * enqueued; null when one becomes 0 = 1 or contradicts a fact.
 */
function simplify(s: SolverCore, xors: readonly Xor[]): Xor[] | null {
  const out: Xor[] = [];
  for (const x of xors) {
    const vars: number[] = [];
    let rhs = x.rhs as number;
    for (const v of x.vars) {
      const value = s.vals[v << 1]!;
      if (value === 0) vars.push(v);
      else if (value === 1) rhs ^= 1;
    }
    if (vars.length === 0) {
      if (rhs === 1) return null;
    } else if (vars.length === 1) {
      const lit = (vars[0]! << 1) | (rhs ^ 1);
      if (s.vals[lit] === -1) return null;
      if (s.vals[lit] === 0) s.enqueue(lit, NO_REASON);
    } else out.push({ vars: Int32Array.from(vars), rhs: rhs as 0 | 1 });
  }
  // A unit may have assigned a variable of another XOR: simplify again until none does.
  return out.some((x) => x.vars.some((v) => s.vals[v << 1] !== 0)) ? simplify(s, out) : out;
}

/**
 * The XORs worth a matrix when their clauses are in the formula too: those in sets sharing
 * variables that hold two or more XORs longer than equivalences, at least a quarter of the
 * set. One XOR alone, or (mostly) equivalences, propagate as well through their clauses;
 * circuits have many equivalences and a stray XOR, and Gauss–Jordan would only cost there.
 */
export function worthMatrix(xors: readonly Xor[], numVars: number): Xor[] {
  const empty = xors.filter((x) => x.vars.length === 0);
  const groups = components(
    xors.filter((x) => x.vars.length > 0),
    numVars,
  );
  return [
    ...empty,
    ...groups
      .filter((group) => {
        const long = group.filter((x) => x.vars.length > 2).length;
        return long >= 2 && 4 * long >= group.length;
      })
      .flat(),
  ];
}

/** The XORs grouped into sets that share no variable (union–find over variables). */
function components(xors: readonly Xor[], numVars: number): Xor[][] {
  const parent = new Int32Array(numVars).map((_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]!]!;
      v = parent[v]!;
    }
    return v;
  };
  for (const x of xors) {
    const root = find(x.vars[0]!);
    for (const v of x.vars) parent[find(v)] = root;
  }
  const groups = new Map<number, Xor[]>();
  for (const x of xors) {
    const root = find(x.vars[0]!);
    const group = groups.get(root);
    if (group === undefined) groups.set(root, [x]);
    else group.push(x);
  }
  return [...groups.values()];
}
