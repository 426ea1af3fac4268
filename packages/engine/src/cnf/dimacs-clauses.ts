/**
 * Where the DIMACS scanner puts clauses: an arena of Int32Array blocks holding each clause as
 * a record [n, literal 1, …, literal n] (records.ts), the clause itself a `subarray` view of
 * its literals. Allocating one typed array per clause (`slice`) costs about twice as much in
 * V8 and dominated parse time for millions of short clauses; views share a few large backing
 * stores instead. A clause view is bounded to its own literals, so writing through one never
 * touches another.
 */
import { registerRecords } from './records.ts';

/** Block sizes, in slots: they grow geometrically so small formulas stay small. */
const FIRST_BLOCK = 1024;
const LARGEST_BLOCK = 1 << 16;

export class ClauseArena {
  /**
   * The current block. The scanner's hot loop writes literals here itself (at `end`, calling
   * `moveToNewBlock` when it is full) rather than calling `add` for each.
   */
  block = new Int32Array(FIRST_BLOCK);
  /** Offset of the open clause's record (its length slot) in `block`. */
  private start = 0;
  /** Offset of the open clause's next literal. */
  end = 1;
  readonly clauses: Int32Array[] = [];
  /** The records of the blocks already left, each cut to its closed clauses. */
  private readonly segments: Int32Array[] = [];

  /** Literals of the clause still waiting for its `0`. */
  get openLength(): number {
    return this.end - this.start - 1;
  }

  add(literal: number): void {
    if (this.end === this.block.length) this.moveToNewBlock();
    this.block[this.end++] = literal;
  }

  /** Ends the open clause (possibly empty: the empty clause) and opens the next one. */
  close(): void {
    const { block, start, end } = this;
    block[start] = end - start - 1;
    this.clauses.push(block.subarray(start + 1, end));
    this.start = end;
    this.end = end + 1;
    if (this.end > block.length) this.moveToNewBlock();
  }

  /**
   * Continues in a fresh block, carrying over the open clause's record; a clause longer than
   * the largest block size gets a block of twice its length to itself.
   */
  moveToNewBlock(): void {
    const open = this.end - this.start;
    const size = Math.max(Math.min(this.block.length * 2, LARGEST_BLOCK), open * 2);
    const block = new Int32Array(size);
    block.set(this.block.subarray(this.start, this.end));
    if (this.start > 0) this.segments.push(this.block.subarray(0, this.start));
    this.block = block;
    this.start = 0;
    this.end = open;
  }

  /** The closed clauses, their records registered (records.ts): the parse is over. */
  finish(): Int32Array[] {
    const segments = [...this.segments];
    if (this.start > 0) segments.push(this.block.subarray(0, this.start));
    registerRecords(this.clauses, segments);
    return this.clauses;
  }
}
