/**
 * logic-solver (npm; MiniSat compiled to JavaScript with Emscripten) as a DIMACS solver.
 * It has no DIMACS reader, so this reads the file here and feeds each clause to the
 * solver through its public API: `solver.require(Logic.or(literals))`, then `solve()`.
 * Only the few members used are typed (see logic-solver's README for the API).
 */

/** The part of `require('logic-solver')` the adapter uses. */
export interface LogicApi {
  readonly Solver: new () => LogicSolver;
  or(terms: readonly string[]): unknown;
  disablingAssertions<T>(run: () => T): T;
}

interface LogicSolver {
  require(formula: unknown): void;
  solve(): LogicSolution | null;
}

interface LogicSolution {
  getTrueVars(): string[];
}

/** A DIMACS formula: clauses as lists of signed variable numbers. */
export interface DimacsClauses {
  readonly vars: number;
  readonly clauses: readonly (readonly number[])[];
}

/**
 * Reads DIMACS CNF: `c` comment lines, the `p cnf V C` header, clauses ending in 0 across
 * any line breaks. Stops at SATLIB's `%` trailer line. Throws with the line number on a
 * token that is not an integer or a literal beyond the header's variable count.
 */
export function parseDimacsClauses(text: string): DimacsClauses {
  const clauses: number[][] = [];
  let vars = -1;
  let current: number[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line === '' || line.startsWith('c')) continue;
    if (line.startsWith('%')) break;
    if (line.startsWith('p')) {
      const header = /^p\s+cnf\s+(\d+)\s+(\d+)$/.exec(line);
      if (header === null) throw new Error(`${where}: bad header '${line}'`);
      vars = Number(header[1]);
      continue;
    }
    if (vars < 0) throw new Error(`${where}: clause before the 'p cnf' header`);
    for (const token of line.split(/\s+/)) {
      const literal = Number(token);
      if (!Number.isInteger(literal)) throw new Error(`${where}: '${token}' is not a literal`);
      if (Math.abs(literal) > vars) throw new Error(`${where}: ${literal} exceeds ${vars} vars`);
      if (literal !== 0) current.push(literal);
      else {
        clauses.push(current);
        current = [];
      }
    }
  }
  if (vars < 0) throw new Error("no 'p cnf' header");
  if (current.length > 0) clauses.push(current);
  return { vars, clauses };
}

/** logic-solver's variable name for DIMACS variable `v` (names may not be all digits). */
function term(literal: number): string {
  return literal > 0 ? `x${literal}` : `-x${-literal}`;
}

/** The verdict, and for SAT the set of true variables, checked against every clause. */
export type AdapterVerdict =
  { readonly status: 'SAT'; readonly trueVars: ReadonlySet<number> } | { readonly status: 'UNSAT' };

/** Feeds every clause to a fresh `Logic.Solver` and solves. Throws when a model is wrong. */
export function solveWithLogic(logic: LogicApi, cnf: DimacsClauses): AdapterVerdict {
  const solution = logic.disablingAssertions(() => {
    const solver = new logic.Solver();
    for (const clause of cnf.clauses) solver.require(logic.or(clause.map(term)));
    return solver.solve();
  });
  if (solution === null) return { status: 'UNSAT' };
  const trueVars = new Set(solution.getTrueVars().map((name) => Number(name.slice(1))));
  const broken = cnf.clauses.findIndex(
    (clause) => !clause.some((lit) => trueVars.has(Math.abs(lit)) === lit > 0),
  );
  if (broken >= 0) throw new Error(`logic-solver's model falsifies clause ${broken + 1}`);
  return { status: 'SAT', trueVars };
}
