import { Command, InvalidArgumentError, Option } from 'commander';
import {
  HEURISTICS,
  SOLVER_MODES,
  type HeuristicName,
  type SolverModeName,
} from '../../sat/types.ts';
import { runSat } from '../sat/run.ts';
import type { CommandModule } from './module.ts';

/** The options as commander hands them over, after the parsers and choices below. */
interface RawSatOptions {
  heuristic: HeuristicName;
  mode: SolverModeName;
  timeout?: number;
  conflicts?: number;
  print?: boolean;
  out?: string;
  strict?: boolean;
  quiet?: boolean;
  json?: boolean;
  compare?: boolean;
  elim: boolean;
}

const EXAMPLES = `
Exit status (MiniSat convention): 10 satisfiable, 20 unsatisfiable, 0 undecided
(timeout, conflict budget, Ctrl-C), 1 bad input or usage.

The result file (FILE.res beside the input unless --out is given) holds
  s 1 | s 0 | s -1     satisfiable | unsatisfiable | undecided
  v 1 -2 3 ...         for s 1: every variable as a signed literal, on one line
  t 12.3               the solve time in ms

Examples:
  $ percent sat problem.cnf                     solve with CDCL + VSIDS, write problem.res
  $ percent sat problem.cnf --timeout 10000     give up after 10 s (exit 0, s -1)
  $ percent sat problem.cnf --mode dpll --heuristic jw
  $ percent sat problem.cnf --compare           DPLL + first vs CDCL + VSIDS, with the rate
  $ percent sat problem.cnf --no-elim           CDCL without preprocessing
  $ percent sat problem.cnf --json | jq .stats  machine-readable result
  $ percent sat tiny.cnf --print                list the clauses, then solve`;

/** A positive whole number, for `--timeout` and `--conflicts`. */
function positiveInteger(what: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0) {
      throw new InvalidArgumentError(`expected a positive whole number of ${what}.`);
    }
    return n;
  };
}

function satCommand(): Command {
  return new Command('sat')
    .description('Solve a DIMACS CNF file and write its .res result file')
    .argument('<file>', 'DIMACS CNF file (p cnf V C header, clauses ending in 0)')
    .addOption(
      new Option('--heuristic <name>', 'branching heuristic').choices(HEURISTICS).default('vsids'),
    )
    .addOption(
      new Option('--mode <mode>', 'search: plain DPLL or clause learning')
        .choices(SOLVER_MODES)
        .default('cdcl'),
    )
    .option(
      '--timeout <ms>',
      'give up after MS milliseconds of solving',
      positiveInteger('milliseconds'),
    )
    .option('--conflicts <n>', 'give up after N conflicts', positiveInteger('conflicts'))
    .option(
      '--no-elim',
      'skip the variable-elimination preprocessing of CDCL (as MiniSat -no-elim)',
    )
    .option('--out <path>', 'write the result file here instead of FILE.res')
    .addOption(
      new Option('--print', 'list the parsed clauses before solving (not with --json)').conflicts(
        'json',
      ),
    )
    .option('--strict', 'treat a clause count that differs from the header as an error')
    .option('--quiet', 'print only the verdict line (no statistics, no progress)')
    .option('--json', 'print one JSON object: status, solve ms, parse ms, statistics')
    .option('--compare', 'solve twice, DPLL + first and the chosen mode, and print the rate')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, _opts: unknown, command: Command) => {
      const opts = command.opts<RawSatOptions>();
      process.exitCode = await runSat({
        file,
        out: opts.out,
        config: {
          mode: opts.mode,
          heuristic: opts.heuristic,
          timeoutMs: opts.timeout,
          conflicts: opts.conflicts,
          eliminate: opts.elim,
        },
        print: opts.print === true,
        strict: opts.strict === true,
        quiet: opts.quiet === true,
        json: opts.json === true,
        compare: opts.compare === true,
      });
    });
}

export const sat: CommandModule = { create: satCommand };
