import { Command } from 'commander';
import type { VariantIdName } from '../../sudoku/variant.ts';
import { variantOption } from '../sudoku/options.ts';
import { runSolve } from '../sudoku/solve.ts';
import type { CommandModule } from './module.ts';

interface RawSolveOptions {
  variant: VariantIdName;
  out?: string;
  quiet?: boolean;
}

const HELP = `
Input: one puzzle per line, 81 characters row by row: 1-9 for givens, 0 or . for blanks.
Blank lines and lines starting with # are skipped (line numbers still count them).

Output: one line per puzzle, in the same order:
  <81 digits>          the solution (unique)
  unsolvable           no solution
  multiple             more than one solution
  invalid: <reason>    not 81 cells, a bad character, or givens that already clash

Progress (count and rate) and a summary go to stderr. Ctrl-C stops cleanly: the answers so far
are written. Exit status: 0 every line was a puzzle, 1 some were invalid (each named on stderr
as file:line:column) or bad usage, 130 interrupted.

Examples:
  $ percent solve puzzles.txt --out solutions.txt
  $ percent solve puzzles.txt --variant classic | head
  $ percent generate --count 100 | cut -d' ' -f1 | percent solve -`;

function solveCommand(): Command {
  return new Command('solve')
    .description('Solve a file of puzzles, one per line, streamed')
    .argument('[file]', 'puzzle file; - or nothing reads stdin')
    .addOption(variantOption())
    .option('--out <path>', 'write the answers here instead of stdout')
    .option('--quiet', 'no progress and no summary on stderr')
    .addHelpText('after', HELP)
    .action(async (file: string | undefined, _opts: unknown, command: Command) => {
      const opts = command.opts<RawSolveOptions>();
      process.exitCode = await runSolve({
        file,
        out: opts.out,
        variant: opts.variant,
        quiet: opts.quiet === true,
      });
    });
}

export const solve: CommandModule = { create: solveCommand };
