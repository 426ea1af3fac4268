import { pigeonhole } from '../cnf/generators.ts';
import { Solver } from './solver.ts';

/** True once this process's kernel has been primed. */
let primed = false;

/**
 * Runs the search once, in this process, on a tiny formula that takes the kernel's rarer
 * branches (binary clauses propagated and in conflict, binary and longer clauses learned,
 * backjumps): about 0.35 ms in a fresh process. V8 optimises `propagate`, `analyze` and
 * `attach` from the type feedback their first calls leave; a branch never taken by then (a
 * formula of 3-clauses meets its first binary clause only when it learns one) has none, and
 * taking it later throws the optimised code away — back to the baseline tier for another
 * 10–20 ms of a fresh process. Feedback is kept per function, so this formula's calls serve
 * every solver after it.
 */
export function primeKernel(): void {
  if (primed) return;
  primed = true;
  const solver = new Solver(12);
  for (const clause of pigeonhole(4, 3).clauses) solver.addClause(clause);
  solver.solve();
}
