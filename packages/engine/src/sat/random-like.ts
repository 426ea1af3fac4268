import type { Cnf } from '../cnf/formula.ts';

/**
 * Whether a formula has the shape of uniform random k-SAT, on which the look the whole-formula
 * pipeline takes after its short first search (full XOR detection, then elimination) finds
 * nothing it would use:
 * - every clause has the same length k ≥ 3, so an XOR can only be in its direct encoding, which
 *   the first look has counted already, and no AND gate (binary clauses) can hide one;
 * - fewer than `share` of the variables are sure candidates for elimination (|pos| · |neg| ≤
 *   |pos| + |neg|: a literal in at most one clause, or two and two), so elimination cannot
 *   remove enough to be worth a fresh search — only what it eliminates in turn adds to that,
 *   and on random formulas that is little.
 * Measured before this rule on uf/uuf 125–200 (44 files past the first search): detection and
 * elimination took 3–5 and 4–11 ms a file, found no XOR, and their result was always set aside
 * (the probe's solver went on).
 */
export function uniformRandomLike(formula: Cnf, share: number): boolean {
  const { numVars, clauses } = formula;
  const k = clauses[0]?.length ?? 0;
  if (k < 3) return false;
  // Occurrences of literal +v at 2v, of −v at 2v + 1.
  const occurs = new Int32Array(2 * numVars + 2);
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    if (clause.length !== k) return false;
    for (let j = 0; j < k; j++) {
      const lit = clause[j]!;
      occurs[lit > 0 ? 2 * lit : 1 - 2 * lit]!++;
    }
  }
  let sure = 0;
  for (let v = 1; v <= numVars; v++) {
    const pos = occurs[2 * v]!;
    const neg = occurs[2 * v + 1]!;
    if (pos * neg <= pos + neg) sure++;
  }
  return sure < share * numVars;
}
