import type { Lit } from './lit.ts';
import { settleFields } from './shapes.ts';
import { Slot, type KernelExports } from './kernel/kernel.ts';

/**
 * All clauses live in one block of the kernel's memory, as in MiniSat's region allocator: a
 * clause reference (`cr`) is the slot offset of its header. Layout: [size, flags, lit0, lit1,
 * …]. The first two literals are the watched ones; in a reason clause lit0 is the implied
 * literal. Layout and flags are the kernel's too (kernel/cdcl.ts).
 */
export const HEADER = 2;
const FLAG_LEARNT = 1;
const FLAG_DELETED = 2;
const LBD_SHIFT = 2;
/** In `compact`'s copy of the old arena: a moved clause's new reference, with this bit set. */
const MOVED = 1 << 30;

/** What the arena needs of its solver: the kernel, and fresh views after memory moved. */
export interface ArenaHost {
  readonly kernel: KernelExports;
  /** The kernel's header slots (a view). */
  readonly regs: Int32Array;
  /** Rebuilds every view of the kernel's memory when it grew or a block moved. */
  sync(): void;
}

export class ClauseArena {
  /**
   * The arena's slots: a view of the kernel's memory that the solver replaces when the memory
   * grows or the arena moves — reread it after `alloc`, `reserve` or an attach.
   */
  mem: Int32Array = new Int32Array(0);
  /** Slots taken by deleted clauses, reclaimed by `compact`. */
  wasted = 0;

  constructor(private readonly host: ArenaHost) {
    settleFields(this);
  }

  /** First free slot. */
  get top(): number {
    return this.host.regs[Slot.arenaTop]!;
  }

  alloc(lits: ArrayLike<Lit>, learnt: boolean, lbd: number): number {
    return this.allocFrom(lits, lits.length, learnt, lbd);
  }

  /** As `alloc`, for the first `size` literals of `lits`. */
  allocFrom(lits: ArrayLike<Lit>, size: number, learnt: boolean, lbd: number): number {
    const cr = this.host.kernel.allocClause(size, learnt ? 1 : 0, lbd);
    this.host.sync();
    const mem = this.mem;
    for (let i = 0; i < size; i++) mem[cr + HEADER + i] = lits[i]!;
    return cr;
  }

  /** Makes room for `need` slots in all (clauses allocated until then need no move). */
  reserve(need: number): void {
    this.host.kernel.reserveArena(need);
    this.host.sync();
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
   * Moves the live clauses `crs` to the front of the arena, in order, and rewrites `crs` with
   * their new references. Returns a map old → new for the caller's other references (reasons).
   */
  compact(crs: number[][]): (oldCr: number) => number {
    const mem = this.mem;
    const old = mem.slice(0, this.top);
    let top = 0;
    for (const list of crs) {
      for (let i = 0; i < list.length; i++) {
        const cr = list[i]!;
        const len = HEADER + old[cr]!;
        mem.set(old.subarray(cr, cr + len), top);
        // The copy's flags slot of a moved clause now says where it went (MiniSat's relocation).
        old[cr + 1] = top | MOVED;
        list[i] = top;
        top += len;
      }
    }
    this.host.regs[Slot.arenaTop] = top;
    this.wasted = 0;
    return (oldCr) => ((old[oldCr + 1]! & MOVED) !== 0 ? old[oldCr + 1]! & ~MOVED : -1);
  }
}
