/**
 * Bit-packed GF(2) rows: XOR constraints over columns 0..numCols−1, row r occupying the 32-bit
 * words [r·words, (r+1)·words), with its parity in `rhs`. Adding two rows is a word-wise XOR.
 */
export class Gf2Rows {
  /** 32-bit words per row. */
  readonly words: number;
  /** The rows' bits. */
  readonly bits: Uint32Array;
  /** The parity (0 or 1) of each row. */
  readonly rhs: Uint8Array;

  constructor(
    readonly numRows: number,
    readonly numCols: number,
  ) {
    this.words = (numCols + 31) >>> 5;
    this.bits = new Uint32Array(numRows * this.words);
    this.rhs = new Uint8Array(numRows);
  }

  has(r: number, c: number): boolean {
    return (this.bits[r * this.words + (c >>> 5)]! & (1 << (c & 31))) !== 0;
  }

  flip(r: number, c: number): void {
    this.bits[r * this.words + (c >>> 5)]! ^= 1 << (c & 31);
  }

  /** Row `target` += row `source`. */
  add(target: number, source: number): void {
    const { bits, words } = this;
    const t = target * words;
    const s = source * words;
    for (let w = 0; w < words; w++) bits[t + w]! ^= bits[s + w]!;
    this.rhs[target]! ^= this.rhs[source]!;
  }

  /** The lowest column set in row r, or −1 for an empty row. */
  firstCol(r: number): number {
    const { bits, words } = this;
    const base = r * words;
    for (let w = 0; w < words; w++) {
      const x = bits[base + w]!;
      if (x !== 0) return (w << 5) + (31 - Math.clz32(x & -x));
    }
    return -1;
  }

  /** The columns set in row r, ascending. */
  cols(r: number): number[] {
    const out: number[] = [];
    const base = r * this.words;
    for (let w = 0; w < this.words; w++) {
      for (let x = this.bits[base + w]!; x !== 0; x &= x - 1) {
        out.push((w << 5) + (31 - Math.clz32(x & -x)));
      }
    }
    return out;
  }
}

/** What Gauss–Jordan elimination made of a set of rows. */
export interface Echelon {
  /** False when the rows add up to 0 = 1: the XORs have no common solution. */
  readonly consistent: boolean;
  /**
   * The independent rows, in reduced row echelon form: row i's pivot column pivots[i] occurs
   * in no other row. Empty rows (0 = 0) are left out.
   */
  readonly rows: readonly number[];
  readonly pivots: readonly number[];
}

/**
 * Gauss–Jordan elimination in place: each row in turn takes its lowest column as pivot and is
 * added to every other row holding that column. O(rows² · words).
 */
export function reduceRows(m: Gf2Rows): Echelon {
  const rows: number[] = [];
  const pivots: number[] = [];
  for (let r = 0; r < m.numRows; r++) {
    const pivot = m.firstCol(r);
    if (pivot < 0) {
      if (m.rhs[r] === 1) return { consistent: false, rows: [], pivots: [] };
      continue;
    }
    for (let other = 0; other < m.numRows; other++) {
      if (other !== r && m.has(other, pivot)) m.add(other, r);
    }
    rows.push(r);
    pivots.push(pivot);
  }
  return { consistent: true, rows, pivots };
}
