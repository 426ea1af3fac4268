/**
 * Algebraic normal form of small Boolean functions, to see XORs behind "camouflage": a clause
 * set over k variables whose forbidden assignments are the ones where
 *   (l₁ ∧ l₂) ⊕ (l₃ ∧ l₄) ⊕ … ⊕ x₅ ⊕ … = 1
 * for disjoint pairs of literals is an XOR once each pair's AND gets a variable of its own
 * (Haanpää, Järvisalo, Kaski & Niemelä's mod2c instances hide their XORs this way).
 */

/** A function's forbidden set as an XOR over AND gates of literal pairs and plain variables. */
export interface QuadraticXor {
  /** Pairs of positions (0..k−1) with the sign of each: the literals of an AND gate. */
  readonly gates: readonly (readonly [number, boolean, number, boolean])[];
  /** Positions that occur as plain variables. */
  readonly singles: readonly number[];
  /** The parity the gates and singles must have for an allowed assignment. */
  readonly rhs: 0 | 1;
}

/**
 * `forbidden[a]` is 1 for each ruled-out assignment a of k variables (bit i = position i).
 * Returns the function as a quadratic XOR with at least one gate, or null when its algebraic
 * normal form has a term of degree three or more, or two degree-two terms sharing a variable.
 */
export function quadraticXor(forbidden: Uint8Array, k: number): QuadraticXor | null {
  const anf = Uint8Array.from(forbidden.subarray(0, 1 << k));
  for (let i = 0; i < k; i++) {
    for (let a = 0; a < 1 << k; a++) if ((a & (1 << i)) !== 0) anf[a]! ^= anf[a ^ (1 << i)]!;
  }
  let paired = 0;
  let linear = 0;
  const pairs: [number, number][] = [];
  for (let a = 1; a < 1 << k; a++) {
    if (anf[a] === 0) continue;
    const bits = popcount(a);
    if (bits === 1) linear |= a;
    else if (bits === 2 && (paired & a) === 0) {
      paired |= a;
      const i = 31 - Math.clz32(a & -a);
      pairs.push([i, 31 - Math.clz32(a)]);
    } else return null;
  }
  if (pairs.length === 0) return null;
  // xᵢxⱼ ⊕ βxᵢ ⊕ αxⱼ = (xᵢ ⊕ α)(xⱼ ⊕ β) ⊕ αβ: linear terms of a pair's variables negate inputs.
  let constant = anf[0]!;
  const gates = pairs.map(([i, j]) => {
    const alpha = (linear >> j) & 1;
    const beta = (linear >> i) & 1;
    constant ^= alpha & beta;
    return [i, alpha === 1, j, beta === 1] as const;
  });
  const singles: number[] = [];
  for (let i = 0; i < k; i++) if (((linear & ~paired) >> i) & 1) singles.push(i);
  // Forbidden where the sum is 1, so allowed assignments have sum 0: parity = constant.
  return { gates, singles, rhs: constant as 0 | 1 };
}

function popcount(x: number): number {
  let n = 0;
  for (let y = x; y !== 0; y &= y - 1) n++;
  return n;
}
