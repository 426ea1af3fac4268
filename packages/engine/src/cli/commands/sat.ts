import { Command, InvalidArgumentError, Option } from 'commander';
import {
  HEURISTICS,
  SOLVER_MODES,
  type HeuristicName,
  type SolverModeName,
} from '../../sat/types.ts';
import { availableParallelism } from 'node:os';
import { CliError } from '../errors.ts';
import { isFolderMode } from '../sat/inputs.ts';
import { runSat } from '../sat/run.ts';
import type { SolveConfig } from '../sat/solve.ts';
import type { CommandModule } from './module.ts';
import { CLI_PROOF_FORMATS, type CliProofFormat } from '../sat/proof-file.ts';

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
  xor: boolean;
  jobs: number;
  proof?: string;
  proofFormat: CliProofFormat;
}

const EXAMPLES = `
Exit status of one file (MiniSat convention): 10 satisfiable, 20 unsatisfiable,
0 undecided (timeout, conflict budget, Ctrl-C), 1 bad input or usage.

Folder mode: several files, or a folder (every .cnf below it, subfolders included,
names starting with . skipped). Each file is solved on one of --jobs worker threads and
gets its .res beside it (or below --out DIR, keeping the layout); a table (file, vars,
clauses, status, ms, conflicts) streams in input order, then a summary. A bad file is an
ERROR row with its file:line:column message and the others go on. --timeout and
--conflicts apply to each file. Progress (N of M files) goes to stderr on a terminal.
--json prints one JSON object per file as it finishes, then {"summary":true,...}.
Exit status: 0 every file solved (whatever the verdicts), 1 some file failed,
130 Ctrl-C (finished .res files are kept, the summary covers them).

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
  $ percent sat tiny.cnf --print                list the clauses, then solve
  $ percent sat hole6.cnf --proof hole6.drat    UNSAT with a DRAT proof, then
  $ percent check hole6.cnf hole6.drat          check it (or: drat-trim hole6.cnf hole6.drat)
  $ percent sat cnf/ --jobs 2 --timeout 5000    every .cnf below cnf/, two threads
  $ percent sat a.cnf b.cnf --out results/      results/a.res, results/b.res
  $ percent sat cnf/ --json > runs.jsonl        one JSON line per file, then the summary`;

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
    .description('Solve DIMACS CNF files and write their .res result files')
    .argument(
      '<file...>',
      'DIMACS CNF file (p cnf V C header, clauses ending in 0); several files or a folder: folder mode',
    )
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
    .option('--no-xor', 'skip XOR detection and Gauss-Jordan elimination (CDCL)')
    .option(
      '--jobs <n>',
      "folder mode: worker threads (by default this machine's available parallelism)",
      positiveInteger('threads'),
      availableParallelism(),
    )
    .option(
      '--out <path>',
      'write the result file here instead of FILE.res: a file name, or a folder (existing, or ending in /) for NAME.res',
    )
    .addOption(
      new Option('--print', 'list the parsed clauses before solving (not with --json)').conflicts(
        'json',
      ),
    )
    .option('--strict', 'treat a clause count that differs from the header as an error')
    .option(
      '--quiet',
      'print only the verdict line (no statistics, no progress); folder mode: only the summary',
    )
    .option(
      '--json',
      'print one JSON object: status, solve ms, parse ms, statistics; folder mode: one per line',
    )
    .option('--compare', 'solve twice, DPLL + first and the chosen mode, and print the rate')
    .option(
      '--proof <file>',
      'write a DRAT proof of an UNSAT answer to FILE (CDCL, one file; Gauss–Jordan off in the search, contradictory XORs proved)',
    )
    .addOption(
      new Option(
        '--proof-format <format>',
        'DRAT as text or binary (drat-trim reads both), or LRAT (checked and made from DRAT)',
      )
        .choices(CLI_PROOF_FORMATS)
        .default('text'),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (files: string[], _opts: unknown, command: Command) => {
      const opts = command.opts<RawSatOptions>();
      if (opts.proof !== undefined) checkProofUse(files, opts);
      process.exitCode = isFolderMode(files)
        ? await runFolderMode(files, opts)
        : await runSat({
            file: files[0]!,
            out: opts.out,
            config: solveConfig(opts),
            print: opts.print === true,
            strict: opts.strict === true,
            quiet: opts.quiet === true,
            json: opts.json === true,
            compare: opts.compare === true,
            ...(opts.proof !== undefined && {
              proof: { path: opts.proof, format: opts.proofFormat },
            }),
          });
    });
}

function solveConfig(opts: RawSatOptions): SolveConfig {
  return {
    mode: opts.mode,
    heuristic: opts.heuristic,
    timeoutMs: opts.timeout,
    conflicts: opts.conflicts,
    eliminate: opts.elim,
    xor: opts.xor,
  };
}

/** `--proof` needs one file and a search that learns clauses, and is its own run. */
function checkProofUse(files: string[], opts: RawSatOptions): void {
  const why = isFolderMode(files)
    ? 'works on one file, not in folder mode'
    : opts.compare
      ? 'does not go with --compare (two searches, one proof file)'
      : opts.mode === 'dpll'
        ? 'needs --mode cdcl: plain DPLL learns no clauses to write'
        : undefined;
  if (why !== undefined) throw new CliError(`percent: --proof ${why}`);
}

/** Folder mode, loaded only when asked for (it brings the worker pool). */
async function runFolderMode(paths: string[], opts: RawSatOptions): Promise<number> {
  if (opts.compare || opts.print) {
    const option = opts.compare ? '--compare' : '--print';
    throw new CliError(`percent: ${option} works on one file, not in folder mode`);
  }
  const { runFolder } = await import('../sat/folder.ts');
  return runFolder({
    paths,
    out: opts.out,
    config: solveConfig(opts),
    strict: opts.strict === true,
    quiet: opts.quiet === true,
    json: opts.json === true,
    jobs: opts.jobs,
  });
}

export const sat: CommandModule = { create: satCommand };
