import { closeSync, openSync, readFileSync } from 'node:fs';
import { Command } from 'commander';
import { checkDratAsync, type CheckResult } from '../../proof/check.ts';
import { CliError } from '../errors.ts';
import { onInterrupt } from '../io/interrupt.ts';
import { createProgress, type Progress } from '../io/progress.ts';
import { ExitCode } from '../exit-codes.ts';
import { writeChunk } from '../sat/proof-file.ts';
import { readCnf } from '../sat/read-cnf.ts';
import type { CommandModule } from './module.ts';

const EXAMPLES = `
Checks that PROOF (DRAT, text or binary, as percent sat --proof, CaDiCaL or Kissat write
it) refutes the DIMACS formula CNF: every lemma must follow by reverse unit propagation
(RUP) or be a resolution asymmetric tautology on its first literal (RAT), and the proof must
derive the empty clause. Backward checking, as drat-trim's: lemmas are added until unit
propagation refutes the formula, then checked from there back to the start, only those the
refutation uses (the rest are counted as skipped); --forward checks every lemma in order.

Prints "s VERIFIED" (exit 0) or "s NOT VERIFIED" with the first failing step, e.g.
"line 12: lemma 1 -3 0 is neither RUP nor RAT" (exit 1); "s UNKNOWN" after --timeout
or Ctrl-C (exit 0).

Examples:
  $ percent sat hole6.cnf --proof hole6.drat
  $ percent check hole6.cnf hole6.drat
  $ percent check big.cnf big.drat --timeout 60000`;

interface CheckOptionsRaw {
  timeout?: string;
  quiet?: boolean;
  json?: boolean;
  forward?: boolean;
  lrat?: string;
}

function checkCommand(): Command {
  return new Command('check')
    .description('Check a DRAT proof that a DIMACS formula is unsatisfiable')
    .argument('<cnf>', 'the DIMACS CNF file the proof is about')
    .argument('<proof>', 'the DRAT proof, text or binary')
    .option('--timeout <ms>', 'give up after MS milliseconds (s UNKNOWN)')
    .option('--quiet', 'print only the s line')
    .option('--json', 'print one JSON object: status, message, statistics')
    .option('--forward', 'check every lemma in order (default: backward, the used ones only)')
    .option('--lrat <file>', 'write the verified proof as LRAT to FILE (backward checking)')
    .addHelpText('after', EXAMPLES)
    .action(async (cnfPath: string, proofPath: string, opts: CheckOptionsRaw) => {
      process.exitCode = await runCheck(cnfPath, proofPath, opts);
    });
}

async function runCheck(cnfPath: string, proofPath: string, opts: CheckOptionsRaw) {
  const timeMs = opts.timeout === undefined ? undefined : Number(opts.timeout);
  if (timeMs !== undefined && !(Number.isInteger(timeMs) && timeMs > 0))
    throw new CliError('percent: --timeout: expected a positive whole number of milliseconds.');
  if (opts.lrat !== undefined && opts.forward)
    throw new CliError('percent: --lrat comes from backward checking: drop --forward.');
  const { cnf } = await readCnf(cnfPath, { strict: false, showProgress: !opts.quiet });
  let proof: Uint8Array;
  try {
    proof = readFileSync(proofPath);
  } catch (error) {
    throw new CliError(`percent: cannot read the proof ${proofPath}: ${(error as Error).message}`);
  }
  const interrupt = onInterrupt(ExitCode.interrupted, 'the check');
  // A percentage on a TTY (created at the first report, which knows the total).
  let progress: Progress | undefined;
  const onProgress = (done: number, total: number): void => {
    if (opts.quiet) return;
    progress ??= createProgress(`checking ${proofPath}`, total);
    progress.update(done);
  };
  let result;
  try {
    const mode = opts.forward ? 'forward' : 'backward';
    const { signal } = interrupt;
    const lrat = opts.lrat !== undefined;
    const options = { mode, budget: { timeMs }, signal, onProgress, lrat } as const;
    result = await checkDratAsync(cnf, proof, options);
  } finally {
    progress?.clear();
    interrupt.dispose();
  }
  const { stats } = result;
  const lratLine = opts.lrat === undefined ? undefined : writeLrat(opts.lrat, result);
  const line =
    result.status === 'verified'
      ? 's VERIFIED'
      : result.status === 'failed'
        ? 's NOT VERIFIED'
        : 's UNKNOWN';
  const message = result.status === 'failed' ? `${proofPath}: ${result.message}` : undefined;
  if (opts.json) {
    process.stdout.write(
      JSON.stringify({
        status: result.status,
        ...(message && { message }),
        stats,
        ...(lratLine && { lrat: lratLine }),
      }) + '\n',
    );
  } else {
    if (message && !opts.quiet) process.stdout.write(`c ${message}\n`);
    if (!opts.quiet)
      process.stdout.write(
        `c ${stats.lemmas} lemmas checked (${stats.rat} by RAT), ${stats.skipped} skipped as ` +
          `unused, ${stats.deletions} deletions ` +
          `(${stats.ignored} ignored), ${stats.ms.toFixed(1)} ms\n`,
      );
    if (lratLine && !opts.quiet) process.stdout.write(`c ${lratLine}\n`);
    process.stdout.write(line + '\n');
  }
  return result.status === 'failed' ? ExitCode.usage : ExitCode.ok;
}

/** Writes the LRAT of a verified proof to `file`; the line that says what was written. */
function writeLrat(file: string, result: CheckResult): string {
  if (result.status !== 'verified') return `no LRAT written to ${file}: the proof is not verified`;
  if (result.lrat === undefined || !result.lrat.ok)
    return `no LRAT written to ${file}: ${result.lrat?.ok === false ? result.lrat.why : 'none made'}`;
  let bytes = 0;
  try {
    const fd = openSync(file, 'w');
    for (const chunk of result.lrat.chunks) {
      writeChunk(fd, chunk);
      bytes += chunk.length;
    }
    closeSync(fd);
  } catch (error) {
    throw new CliError(`percent: cannot write the LRAT proof ${file}: ${(error as Error).message}`);
  }
  return `LRAT written to ${file}: ${result.stats.lemmas} lemmas with hints, ${bytes} bytes`;
}

export const check: CommandModule = { create: checkCommand };
