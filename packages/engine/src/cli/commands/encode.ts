import { Command } from 'commander';
import type { VariantIdName } from '../../sudoku/variant.ts';
import { runEncode } from '../sudoku/encode.ts';
import { variantOption } from '../sudoku/options.ts';
import type { CommandModule } from './module.ts';

interface RawEncodeOptions {
  variant: VariantIdName;
  out?: string;
  quiet?: boolean;
}

const HELP = `
The puzzle: 81 characters on the command line (1-9 givens, 0 or . blanks), or a file holding
one such line (blank lines and # comments skipped), or - for stdin.

Numbering (the course design's): variable (r-1)*81 + (c-1)*9 + d, for 1-based row r,
column c and digit d, is true when that cell holds that digit. 729 variables. The comment
lines at the top of the file repeat this and list the variant's extra houses.

Examples:
  $ percent encode puzzle.txt --out puzzle.cnf && percent sat puzzle.cnf
  $ percent encode 003020600900305001001806400008102900700000008006708200002609500800203009005010300 --variant classic
  $ percent encode puzzle.txt --out p.cnf && minisat p.cnf p.out`;

function encodeCommand(): Command {
  return new Command('encode')
    .description("Write a puzzle's DIMACS CNF, for any SAT solver")
    .argument('<puzzle>', 'FILE with one puzzle, - for stdin, or the 81-character puzzle itself')
    .addOption(variantOption())
    .option('--out <path>', 'write the CNF here (e.g. puzzle.cnf) instead of stdout')
    .option('--quiet', 'no warning and no summary on stderr')
    .addHelpText('after', HELP)
    .action(async (puzzle: string, _opts: unknown, command: Command) => {
      const opts = command.opts<RawEncodeOptions>();
      process.exitCode = await runEncode({
        puzzle,
        variant: opts.variant,
        out: opts.out,
        quiet: opts.quiet === true,
      });
    });
}

export const encode: CommandModule = { create: encodeCommand };
