import { Command } from 'commander';
import { batchRequest, type RawBatchOptions } from '../sudoku/batch.ts';
import { runEndgames } from '../sudoku/endgames.ts';
import { countParser, parseSeed, variantOption } from '../sudoku/options.ts';
import type { CommandModule } from './module.ts';

/** Far above the 10⁶; memory stays flat (one seen-set entry per 1,000 grids). */
export const MAX_ENDGAMES = 10_000_000;

const HELP = `
Output: one solved grid per line, 81 digits row by row; all lines distinct. The same --seed
(and variant and count) gives the same file; without one a random seed is used and printed on
stderr in the summary, so any run can be repeated.

Examples:
  $ percent endgames --count 1000000 --variant classic --out endgames.txt
  $ percent endgames --count 5 --seed 42`;

function endgamesCommand(): Command {
  return new Command('endgames')
    .description('Write N distinct solved grids (endgames)')
    .requiredOption('--count <n>', 'how many grids', countParser(MAX_ENDGAMES))
    .addOption(variantOption())
    .option('--seed <seed>', 'a number or word; the same seed gives the same grids', parseSeed)
    .option('--out <path>', 'write the grids here instead of stdout')
    .option('--quiet', 'no progress and no summary on stderr')
    .addHelpText('after', HELP)
    .action(async (_opts: unknown, command: Command) => {
      process.exitCode = await runEndgames(batchRequest(command.opts<RawBatchOptions>()));
    });
}

export const endgames: CommandModule = { create: endgamesCommand };
