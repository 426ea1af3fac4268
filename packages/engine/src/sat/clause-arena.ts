import type { Lit } from './lit.ts';
import { settleFields } from './shapes.ts';

/**
 * All clauses live in one growable Int32Array, as in MiniSat's region allocator: a clause
 * reference (`cr`) is the offset of its header. Layout: [size, flags, lit0, lit1, …]. The
 * first two literals are the watched ones; in a reason clause lit0 is the implied literal.
 */
export const HEADER = 2;
const FLAG_LEARNT = 1;
const FLAG_DELETED = 2;
const LBD_SHIFT = 2;

export class ClauseArena {
  /** Clause storage; replaced (not resized in place) when it grows, so reread after alloc. */
  mem: Int32Array;
  /** First free slot. */
  top = 0;
  /** Slots taken by deleted clauses, reclaimed by `compact`. */
  wasted = 0;

  constructor() {
    // Stored twice so V8 treats `mem` as mutable from the start (see shapes.ts): the first
    // `reserve` would otherwise discard the optimised propagate compiled against it.
    this.mem = new Int32Array(0);
    this.mem = new Int32Array(1 << 12);
    settleFields(this);
  }

  alloc(lits: ArrayLike<Lit>, learnt: boolean, lbd: number): number {
    const size = lits.length;
    const need = this.top + HEADER + size;
    if (need > this.mem.length) this.reserve(need);
    const cr = this.top;
    const mem = this.mem;
    mem[cr] = size;
    mem[cr + 1] = (learnt ? FLAG_LEARNT : 0) | (lbd << LBD_SHIFT);
    for (let i = 0; i < size; i++) mem[cr + HEADER + i] = lits[i]!;
    this.top = need;
    return cr;
  }

  size(cr: number): number {
    return this.mem[cr]!;
  }

  lit(cr: number, i: number): Lit {
    return this.mem[cr + HEADER + i]!;
  }

  isLearnt(cr: number): boolean {
    return (this.mem[cr + 1]! & FLAG_LEARNT) !== 0;
  }

  isDeleted(cr: number): boolean {
    return (this.mem[cr + 1]! & FLAG_DELETED) !== 0;
  }

  lbd(cr: number): number {
    return this.mem[cr + 1]! >>> LBD_SHIFT;
  }

  markDeleted(cr: number): void {
    this.mem[cr + 1]! |= FLAG_DELETED;
    this.wasted += HEADER + this.mem[cr]!;
  }

  /**
   * Copies the live clauses `crs` into a fresh arena, in order, and rewrites `crs` with their
   * new references. Returns a map old → new for the caller's other references (reasons).
   */
  compact(crs: number[][]): (oldCr: number) => number {
    const old = this.mem;
    const fresh = new Int32Array(Math.max(1 << 12, (this.top - this.wasted) * 2));
    let top = 0;
    const forward = new Map<number, number>();
    for (const list of crs) {
      for (let i = 0; i < list.length; i++) {
        const cr = list[i]!;
        const len = HEADER + old[cr]!;
        fresh.set(old.subarray(cr, cr + len), top);
        forward.set(cr, top);
        list[i] = top;
        top += len;
      }
    }
    this.mem = fresh;
    this.top = top;
    this.wasted = 0;
    return (oldCr) => forward.get(oldCr) ?? -1;
  }

  private reserve(need: number): void {
    let cap = this.mem.length;
    while (cap < need) cap *= 2;
    const mem = new Int32Array(cap);
    mem.set(this.mem.subarray(0, this.top));
    this.mem = mem;
  }
}
