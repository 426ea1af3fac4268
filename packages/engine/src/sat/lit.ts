/**
 * Packed literals, MiniSat style: variable v (0-based) has the positive literal 2·v and the
 * negative literal 2·v + 1, so `lit ^ 1` negates and `lit >> 1` is the variable. Arrays
 * indexed by literal have 2·numVars entries.
 */
export type Lit = number;
/** A 0-based variable index inside the solver (DIMACS variable v is index v − 1). */
export type Var = number;

export const NO_LIT: Lit = -1;
/** A clause reference: an offset into the clause arena, or NO_REASON. */
export const NO_REASON = -1;

/** DIMACS literal (±v, v ≥ 1) → packed literal. */
export const litFromDimacs = (d: number): Lit => (d > 0 ? (d - 1) << 1 : ((-d - 1) << 1) | 1);
/** Packed literal → DIMACS literal. */
export const litToDimacs = (lit: Lit): number =>
  (lit & 1) === 1 ? -((lit >> 1) + 1) : (lit >> 1) + 1;
