import type { Cnf } from '../../cnf/formula.ts';
import { describeClauses } from '../../cnf/dimacs-write.ts';
import type { SolveResult } from '../../sat/types.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { onInterrupt } from '../io/interrupt.ts';
import { writeLines } from '../io/output.ts';
import { optimisationRate } from '../../sat/rate.ts';
import { readCnf } from './read-cnf.ts';
import {
  formatCompareReport,
  formatJson,
  formatSingleReport,
  type InputSummary,
} from './report.ts';
import { resTarget, writeResFile } from './res-file.ts';
import { solveTimed, verdictText, type SolveConfig, type TimedResult } from './solve.ts';
import { openProofFile, proofLine, type ProofRequest } from './proof-file.ts';

/** `percent sat` after option parsing; see commands/sat.ts for the meaning of each. */
export interface SatRequest {
  readonly file: string;
  readonly out?: string;
  readonly config: SolveConfig;
  readonly print: boolean;
  readonly strict: boolean;
  readonly quiet: boolean;
  readonly json: boolean;
  readonly compare: boolean;
  /** `--proof FILE`: write a DRAT proof there (single file, CDCL, not with --compare). */
  readonly proof?: ProofRequest;
}

/** The course design's baseline for `--compare`: plain DPLL, first open literal. */
export const BASELINE = { mode: 'dpll', heuristic: 'first' } as const;

/** Reads, optionally lists, solves, writes the `.res` file, reports; returns the exit code. */
export async function runSat(request: SatRequest): Promise<number> {
  const { cnf, warnings, parseMs } = await readCnf(request.file, {
    strict: request.strict,
    showProgress: !request.quiet,
  });
  if (request.print) await writeLines(describeClauses(cnf));
  const input: InputSummary = {
    file: request.file,
    vars: cnf.numVars,
    clauses: cnf.clauses.length,
    warnings: warnings.length,
    parseMs,
    resPath: resTarget(request.file, request.out),
  };
  return request.compare ? runCompare(request, cnf, input) : runSingle(request, cnf, input);
}

async function runSingle(request: SatRequest, cnf: Cnf, input: InputSummary): Promise<number> {
  const proof = request.proof && openProofFile(request.proof);
  let run: TimedResult;
  try {
    run = await withInterrupt((signal) => solveTimed(cnf, request.config, signal, proof?.writer));
  } finally {
    proof?.close();
  }
  writeResFile(input.resPath, run.result, cnf.numVars, run.ms);
  const unsat = run.result.status === 'unsat';
  const about =
    proof && (await withInterrupt((signal) => proof.finish(cnf, unsat, signal), 'the proof'));
  if (request.json) print(formatJson(input, run, undefined, about && { ...about }));
  else if (request.quiet) print(verdictText(run.result));
  else {
    print(formatSingleReport(input, run));
    if (about) print(proofLine(about));
  }
  return exitCodeOf(run.result);
}

async function runCompare(request: SatRequest, cnf: Cnf, input: InputSummary): Promise<number> {
  const { timeoutMs, conflicts } = request.config;
  const [baseline, optimised] = await withInterrupt(async (signal) => [
    await solveTimed(cnf, { ...BASELINE, timeoutMs, conflicts }, signal),
    await solveTimed(cnf, request.config, signal),
  ]);
  const rate = optimisationRate(baseline, optimised);
  // The `.res` file records the optimised run, or the baseline when only the baseline decided.
  const reported = optimised.result.status === 'unknown' ? baseline : optimised;
  writeResFile(input.resPath, reported.result, cnf.numVars, reported.ms);
  if (request.json) print(formatJson(input, reported, { baseline, optimised, rate }));
  else if (request.quiet) print(verdictText(reported.result));
  else print(formatCompareReport(input, baseline, optimised, rate));
  checkAgreement(baseline, optimised);
  return exitCodeOf(reported.result);
}

/** Both runs decided and disagree: one of them is wrong, which must never pass silently. */
function checkAgreement(baseline: TimedResult, optimised: TimedResult): void {
  const a = baseline.result.status;
  const b = optimised.result.status;
  if (a === 'unknown' || b === 'unknown' || a === b) return;
  throw new CliError(
    `percent: INTERNAL ERROR: the runs disagree: baseline says ${verdictText(baseline.result)}, ` +
      `optimised says ${verdictText(optimised.result)}`,
  );
}

/** Runs `work` with SIGINT wired to an abort signal, the handler removed afterwards. */
async function withInterrupt<T>(
  work: (signal: AbortSignal) => Promise<T>,
  what?: string,
): Promise<T> {
  const interrupt = onInterrupt(ExitCode.interrupted, what);
  try {
    return await work(interrupt.signal);
  } finally {
    interrupt.dispose();
  }
}

function print(text: string): void {
  process.stdout.write(text + '\n');
}

export function exitCodeOf(result: SolveResult): number {
  if (result.status === 'sat') return ExitCode.satisfiable;
  return result.status === 'unsat' ? ExitCode.unsatisfiable : ExitCode.ok;
}
