/**
 * XOR constraints (parity constraints over GF(2)): x₁ ⊕ x₂ ⊕ … ⊕ xₖ = rhs. As clauses an XOR
 * over k variables is 2^(k−1) clauses of k literals, one per assignment of the wrong parity;
 * `detectXors` finds them in a CNF and the Gauss–Jordan engine reasons about them together.
 */

/** An XOR constraint: an odd number of the variables is true exactly when `rhs` is 1. */
export interface Xor {
  /** Distinct 0-based variables (DIMACS variable v is v − 1), ascending. */
  readonly vars: Int32Array;
  /** The parity the variables' values must have. */
  readonly rhs: 0 | 1;
}

/** Parity of the set bits of a 32-bit word. */
export function parity32(x: number): number {
  let y = x ^ (x >>> 16);
  y ^= y >>> 8;
  y ^= y >>> 4;
  y ^= y >>> 2;
  y ^= y >>> 1;
  return y & 1;
}

/** The number of set bits of a 32-bit word. */
export function popcount32(x: number): number {
  let y = x - ((x >>> 1) & 0x55555555);
  y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
  return (Math.imul((y + (y >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The sum (mod 2) of two XORs over sorted variable lists: shared variables cancel. */
export function addXors(a: Xor, b: Xor): Xor {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  const x = a.vars;
  const y = b.vars;
  while (i < x.length || j < y.length) {
    if (j >= y.length || (i < x.length && x[i]! < y[j]!)) out.push(x[i++]!);
    else if (i >= x.length || y[j]! < x[i]!) out.push(y[j++]!);
    else {
      i++;
      j++;
    }
  }
  return { vars: Int32Array.from(out), rhs: (a.rhs ^ b.rhs) as 0 | 1 };
}

/** Whether the 0/1 values (`model[v + 1]` for 0-based v, as a DIMACS model) satisfy the XOR. */
export function satisfiesXor(xor: Xor, model: ArrayLike<number>): boolean {
  let sum = 0;
  for (const v of xor.vars) sum ^= model[v + 1] === 1 ? 1 : 0;
  return sum === xor.rhs;
}
