/**
 * `node logic-solver.cjs FILE`: solves one DIMACS file with logic-solver in this process,
 * answering like the native references (SAT-competition `s` line; exit 10 satisfiable,
 * 20 unsatisfiable, 1 on bad input). It has no time limit of its own: the bench kills
 * the process at the limit. Bundled by bench/cli-bundle.ts so start-up stays small.
 */
import { readFileSync } from 'node:fs';
import Logic from 'logic-solver';
import { parseDimacsClauses, solveWithLogic } from './logic-solver-adapter.ts';

function main(file: string | undefined): number {
  if (file === undefined) {
    console.error('usage: logic-solver FILE.cnf');
    return 1;
  }
  try {
    const verdict = solveWithLogic(Logic, parseDimacsClauses(readFileSync(file, 'utf8')));
    console.log(verdict.status === 'SAT' ? 's SATISFIABLE' : 's UNSATISFIABLE');
    return verdict.status === 'SAT' ? 10 : 20;
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = main(process.argv[2]);
