/**
 * A CNF formula in DIMACS terms: variables are 1..numVars and a literal is a signed
 * variable (+v or -v). This is the engine's exchange format; the solver converts it to
 * its own packed literals (2·var + sign) internally.
 */
export interface Cnf {
  /** The `V` of the `p cnf V C` header: variables are 1..numVars. */
  readonly numVars: number;
  /** Each clause as DIMACS literals, without the terminating 0. */
  readonly clauses: readonly Int32Array[];
}

/** Builds a Cnf from plain arrays, e.g. in tests: `cnf(3, [[1, -2], [2, 3]])`. */
export function cnf(numVars: number, clauses: readonly (readonly number[])[]): Cnf {
  return { numVars, clauses: clauses.map((c) => Int32Array.from(c)) };
}

/**
 * Checks an assignment against every clause. `model[v]` is 1 when variable v is true,
 * anything else is false; index 0 is unused. Returns the index of the first clause the
 * assignment falsifies, or -1 when every clause holds.
 */
export function firstFalsifiedClause(formula: Cnf, model: ArrayLike<number>): number {
  const { clauses } = formula;
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    let satisfied = false;
    for (let j = 0; j < clause.length; j++) {
      const lit = clause[j]!;
      if ((model[Math.abs(lit)] === 1) === lit > 0) {
        satisfied = true;
        break;
      }
    }
    if (!satisfied) return i;
  }
  return -1;
}

/** The model as signed DIMACS literals 1..numVars, the form of a `v` line. */
export function modelToLiterals(model: ArrayLike<number>, numVars: number): Int32Array {
  const out = new Int32Array(numVars);
  for (let v = 1; v <= numVars; v++) out[v - 1] = model[v] === 1 ? v : -v;
  return out;
}
