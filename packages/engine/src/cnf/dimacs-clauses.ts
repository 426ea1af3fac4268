/**
 * Where the DIMACS scanner puts clauses: an arena of Int32Array blocks, each clause a
 * `subarray` view of its block. Allocating one typed array per clause (`slice`) costs about
 * twice as much in V8 and dominated parse time for millions of short clauses; views share
 * a few large backing stores instead. A clause view is bounded to its own literals, so
 * writing through one never touches another.
 */

/** Block sizes, in literals: they grow geometrically so small formulas stay small. */
const FIRST_BLOCK = 1024;
const LARGEST_BLOCK = 1 << 16;

export class ClauseArena {
  /**
   * The current block. The scanner's hot loop writes literals here itself (at `end`, calling
   * `moveToNewBlock` when it is full) rather than calling `add` for each.
   */
  block = new Int32Array(FIRST_BLOCK);
  /** Offset of the open clause in `block`. */
  private start = 0;
  /** Offset of the open clause's next literal. */
  end = 0;
  readonly clauses: Int32Array[] = [];

  /** Literals of the clause still waiting for its `0`. */
  get openLength(): number {
    return this.end - this.start;
  }

  add(literal: number): void {
    if (this.end === this.block.length) this.moveToNewBlock();
    this.block[this.end++] = literal;
  }

  /** Ends the open clause (possibly empty: the empty clause) and opens the next one. */
  close(): void {
    this.clauses.push(this.block.subarray(this.start, this.end));
    this.start = this.end;
  }

  /**
   * Continues in a fresh block, carrying over the open clause; a clause longer than the
   * largest block size gets a block of twice its length to itself.
   */
  moveToNewBlock(): void {
    const openLength = this.openLength;
    const size = Math.max(Math.min(this.block.length * 2, LARGEST_BLOCK), openLength * 2);
    const block = new Int32Array(size);
    block.set(this.block.subarray(this.start, this.end));
    this.block = block;
    this.start = 0;
    this.end = openLength;
  }
}
