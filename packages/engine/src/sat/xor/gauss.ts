import { NO_REASON } from '../lit.ts';
import type { SolverCore } from '../solver-core.ts';
import type { Gf2Rows } from './rows.ts';
import { parity32 } from './xor.ts';

/** Makes a reason (implied literal first) or conflict clause in the arena; returns its reference. */
export type ClauseMaker = (s: SolverCore, lits: Int32Array, size: number) => number;

/**
 * One matrix of Gauss–Jordan elimination inside the search (CryptoMiniSat 5's scheme, after
 * Han & Jiang 2012). The rows stay in reduced row echelon form: each row has a basic column that
 * occurs in no other row. A row watches its basic column and one non-basic column:
 * - when its watched non-basic column is assigned, it looks for another unassigned one; if there
 *   is none, the row is unit on its basic variable (propagated) or, that one assigned too,
 *   satisfied or conflicting;
 * - when its basic column is assigned, an unassigned non-basic column becomes basic instead and
 *   is eliminated from every other row (which may make those rows unit);
 * so rows are visited only when one of their two watched columns is assigned. Changes to the
 * matrix are never undone: any equivalent echelon form serves after backtracking, and a watched
 * column assigned without replacement is the row's latest-assigned one, undone first.
 * Columns count as assigned for watching once the engine has processed them from the trail
 * (`done`); values are read from the solver.
 */
export class GaussMatrix {
  /** 32-bit words per row. */
  readonly words: number;
  /** Row bits (rows × words), reduced row echelon form. */
  readonly bits: Uint32Array;
  /** Parity of each row. */
  readonly rhs: Uint8Array;
  /** The basic column of each row. */
  readonly basic: Int32Array;
  /** The non-basic column each row watches. */
  readonly watched: Int32Array;
  /** Rows watching each column (as basic or non-basic), and their number. */
  readonly watchRows: Int32Array[];
  readonly watchLen: Int32Array;
  /** Bit per column: processed from the trail; and among those, true. */
  readonly done: Uint32Array;
  readonly trues: Uint32Array;
  /** Scratch: a copy of the watch list being visited; the literals of a clause being built. */
  private visit = new Int32Array(16);
  private lits: Int32Array;

  constructor(
    /** The solver variable of each column. */
    readonly colVar: Int32Array,
    rows: Gf2Rows,
    picked: readonly number[],
    pivots: readonly number[],
    private readonly makeClause: ClauseMaker,
  ) {
    const numRows = picked.length;
    const numCols = colVar.length;
    this.words = rows.words;
    this.bits = new Uint32Array(numRows * this.words);
    this.rhs = new Uint8Array(numRows);
    this.basic = Int32Array.from(pivots);
    this.watched = new Int32Array(numRows);
    this.watchRows = Array.from({ length: numCols }, () => new Int32Array(4));
    this.watchLen = new Int32Array(numCols);
    this.done = new Uint32Array(this.words);
    this.trues = new Uint32Array(this.words);
    this.lits = new Int32Array(numCols);
    for (let i = 0; i < numRows; i++) {
      const r = picked[i]!;
      this.bits.set(rows.bits.subarray(r * this.words, (r + 1) * this.words), i * this.words);
      this.rhs[i] = rows.rhs[r]!;
      const other = this.nextCol(i, this.basic[i]!, -1);
      this.watched[i] = other;
      this.watch(this.basic[i]!, i);
      this.watch(other, i);
    }
  }

  get numRows(): number {
    return this.rhs.length;
  }

  has(r: number, c: number): boolean {
    return (this.bits[r * this.words + (c >>> 5)]! & (1 << (c & 31))) !== 0;
  }

  /** Records column c as processed from the trail with value `isTrue`. */
  markDone(c: number, isTrue: boolean): void {
    const bit = 1 << (c & 31);
    this.done[c >>> 5]! |= bit;
    if (isTrue) this.trues[c >>> 5]! |= bit;
  }

  unmarkDone(c: number): void {
    const mask = ~(1 << (c & 31));
    this.done[c >>> 5]! &= mask;
    this.trues[c >>> 5]! &= mask;
  }

  private watch(c: number, r: number): void {
    const n = this.watchLen[c]!;
    let list = this.watchRows[c]!;
    if (n === list.length) {
      const bigger = new Int32Array(2 * n);
      bigger.set(list);
      this.watchRows[c] = list = bigger;
    }
    list[n] = r;
    this.watchLen[c] = n + 1;
  }

  private unwatch(c: number, r: number): void {
    const list = this.watchRows[c]!;
    const n = this.watchLen[c]! - 1;
    const at = list.indexOf(r);
    if (at < 0 || at > n) return;
    list[at] = list[n]!;
    this.watchLen[c] = n;
  }

  /**
   * A column of row r other than `skip1`/`skip2` that is not processed and, when `vals` (the
   * solver's literal values) is given, not assigned either; −1 if none.
   */
  private nextCol(r: number, skip1: number, skip2: number, vals?: Int8Array): number {
    const { bits, words, done, colVar } = this;
    const base = r * words;
    for (let w = 0; w < words; w++) {
      for (let x = bits[base + w]! & ~done[w]!; x !== 0; x &= x - 1) {
        const c = (w << 5) + (31 - Math.clz32(x & -x));
        if (c === skip1 || c === skip2) continue;
        if (vals === undefined || vals[colVar[c]! << 1] === 0) return c;
      }
    }
    return -1;
  }

  /** XOR of the current values of row r's assigned variables other than column `skip`. */
  private sum(s: SolverCore, r: number, skip: number): number {
    const { bits, words, done, trues, colVar } = this;
    const vals = s.vals;
    const base = r * words;
    let acc = 0;
    for (let w = 0; w < words; w++) {
      const row = bits[base + w]!;
      acc ^= row & trues[w]!;
      for (let x = row & ~done[w]!; x !== 0; x &= x - 1) {
        const c = (w << 5) + (31 - Math.clz32(x & -x));
        if (vals[colVar[c]! << 1] === 1) acc ^= 1 << (c & 31);
      }
    }
    if ((trues[skip >>> 5]! & (1 << (skip & 31))) !== 0) acc ^= 1 << (skip & 31);
    else if ((done[skip >>> 5]! & (1 << (skip & 31))) === 0 && vals[colVar[skip]! << 1] === 1) {
      acc ^= 1 << (skip & 31);
    }
    return parity32(acc);
  }

  /**
   * Column c was just processed from the trail: visits the rows watching it. Returns a
   * conflict clause, or NO_REASON.
   */
  onAssigned(s: SolverCore, c: number): number {
    const n = this.watchLen[c]!;
    if (n > this.visit.length) this.visit = new Int32Array(2 * n);
    const visit = this.visit;
    visit.set(this.watchRows[c]!.subarray(0, n));
    this.watchLen[c] = 0;
    let conflict = NO_REASON;
    for (let i = 0; i < n; i++) {
      const r = visit[i]!;
      if (conflict !== NO_REASON) this.watch(c, r);
      else if (this.basic[r] === c) conflict = this.basicAssigned(s, r, c);
      else if (this.watched[r] === c) conflict = this.watchedAssigned(s, r, c);
    }
    return conflict;
  }

  /** Row r's watched non-basic column c was assigned. */
  private watchedAssigned(s: SolverCore, r: number, c: number): number {
    if (this.watchAnother(s, r)) return NO_REASON;
    this.watch(c, r);
    return this.settle(s, r, this.basic[r]!);
  }

  /** Watches an unassigned non-basic column of row r, if it has one; false when not. */
  private watchAnother(s: SolverCore, r: number): boolean {
    const next = this.nextCol(r, this.basic[r]!, -1, s.vals);
    if (next < 0) return false;
    this.watched[r] = next;
    this.watch(next, r);
    return true;
  }

  /** Row r's basic column c was assigned: another column becomes basic, or the row settles. */
  private basicAssigned(s: SolverCore, r: number, c: number): number {
    const w = this.watched[r]!;
    const next = this.nextCol(r, c, w, s.vals);
    if (next < 0) {
      this.watch(c, r);
      return this.settle(s, r, w);
    }
    this.basic[r] = next;
    this.watch(next, r);
    let conflict = NO_REASON;
    for (let other = 0; other < this.numRows; other++) {
      if (other === r || !this.has(other, next)) continue;
      this.addRow(other, r);
      const found = this.rewatch(s, other, c);
      if (conflict === NO_REASON) conflict = found;
    }
    return conflict;
  }

  private addRow(target: number, source: number): void {
    const { bits, words } = this;
    const t = target * words;
    const from = source * words;
    for (let w = 0; w < words; w++) bits[t + w]! ^= bits[from + w]!;
    this.rhs[target]! ^= this.rhs[source]!;
  }

  /**
   * Row r just had a row added that holds column c (being processed): its watched column may
   * have left the row, and without an unassigned replacement the row is unit.
   */
  private rewatch(s: SolverCore, r: number, c: number): number {
    const w = this.watched[r]!;
    if (this.has(r, w)) return NO_REASON;
    this.unwatch(w, r);
    if (this.watchAnother(s, r)) return NO_REASON;
    this.watched[r] = c;
    this.watch(c, r);
    return this.settle(s, r, this.basic[r]!);
  }

  /**
   * Every column of row r but possibly `open` is assigned: propagates `open` when it is
   * unassigned, else reports a conflict when the row's parity is wrong.
   */
  private settle(s: SolverCore, r: number, open: number): number {
    const v = this.colVar[open]!;
    const want = this.rhs[r]! ^ this.sum(s, r, open);
    const value = s.vals[v << 1]!;
    if (value === 0) {
      const lit = (v << 1) | (want ^ 1);
      s.enqueue(lit, this.clause(s, r, open, lit));
      return NO_REASON;
    }
    if ((value === 1 ? 1 : 0) === want) return NO_REASON;
    return this.clause(s, r, -1, -1);
  }

  /** The clause of the false literals of row r's variables, `implied` (column `open`) first. */
  private clause(s: SolverCore, r: number, open: number, implied: number): number {
    const lits = this.lits;
    let size = 0;
    if (open >= 0) lits[size++] = implied;
    const { bits, words, colVar } = this;
    const base = r * words;
    for (let w = 0; w < words; w++) {
      for (let x = bits[base + w]!; x !== 0; x &= x - 1) {
        const c = (w << 5) + (31 - Math.clz32(x & -x));
        if (c === open) continue;
        const v = colVar[c]!;
        lits[size++] = (v << 1) | (s.vals[v << 1] === 1 ? 1 : 0);
      }
    }
    return this.makeClause(s, lits, size);
  }
}
