/**
 * Clause records: clauses laid out one after another as [n, literal 1, …, literal n] in a few
 * Int32Array segments — the form the solver's kernel loads (its `addClauses`). The DIMACS
 * parser writes its clauses that way, each clause a `subarray` view of its record's literals,
 * and registers the segments here under the clause array of the Cnf it returns: a solver
 * loading that array then copies a few segments into the kernel instead of visiting clause
 * after clause in JavaScript, which in a fresh process is most of what loading costs.
 *
 * The records stay true while the array does: an edit to a clause's literals goes through its
 * view into the record itself, and a Cnf's `clauses` is read-only (an array of another length
 * is not recognised: `recordsOf` checks the count).
 */
interface Registered {
  readonly segments: readonly Int32Array[];
  readonly count: number;
}

const registered = new WeakMap<readonly ArrayLike<number>[], Registered>();

/** Says that `segments` hold exactly the records of `clauses`, in order. */
export function registerRecords(
  clauses: readonly ArrayLike<number>[],
  segments: readonly Int32Array[],
): void {
  registered.set(clauses, { segments, count: clauses.length });
}

/** The record segments of `clauses`, when the parser registered them. */
export function recordsOf(
  clauses: readonly ArrayLike<number>[],
): readonly Int32Array[] | undefined {
  const entry = registered.get(clauses);
  return entry !== undefined && entry.count === clauses.length ? entry.segments : undefined;
}
