import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands/index.ts';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

const OVERVIEW = `
Examples:
  $ percent sat problem.cnf             solve a DIMACS file, write problem.res
  $ percent sat problem.cnf --compare   baseline DPLL vs optimised CDCL, with the rate
  $ percent help sat                    every option of a command`;

/**
 * The `percent` program for `args`: when they start with a command's name, only that
 * command is loaded (start-up time); otherwise (`--help`, `help sat`, a typo that deserves
 * a suggestion) every command of commands/index.ts.
 */
export async function buildProgram(args: readonly string[]): Promise<Command> {
  const program = new Command('percent')
    .description('Percent: the percent-sudoku engine and its SAT solver, on the command line')
    .showSuggestionAfterError()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', OVERVIEW)
    .exitOverride();
  const named = COMMANDS.filter((entry) => entry.name === args[0]);
  const modules = await Promise.all(
    (named.length > 0 ? named : COMMANDS).map((entry) => entry.load()),
  );
  for (const module of modules) {
    // Settings such as exitOverride and showHelpAfterError reach subcommands only if copied.
    program.addCommand(module.create().copyInheritedSettings(program));
  }
  return program;
}

/**
 * Runs the CLI on `args` (without node and script) and returns the exit code. Commander
 * prints its own usage errors; a `CliError` is printed as its one-line message; any other
 * error is a bug and is printed with its stack.
 */
export async function runCli(args: readonly string[]): Promise<number> {
  process.exitCode = undefined;
  try {
    await (await buildProgram(args)).parseAsync([...args], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (error) {
    // Commander has printed the help or the usage error already; its code is 0 after
    // `--help` and 1 otherwise (`percent` alone prints the help and exits 1).
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError) {
      process.stderr.write(error.message + '\n');
      return error.exitCode;
    }
    throw error;
  }
}
