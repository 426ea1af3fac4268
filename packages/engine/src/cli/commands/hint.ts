import { Command } from 'commander';
import type { VariantIdName } from '../../sudoku/variant.ts';
import { runHint } from '../sudoku/hint.ts';
import { variantOption } from '../sudoku/options.ts';
import type { CommandModule } from './module.ts';

interface RawHintOptions {
  board?: string;
  variant: VariantIdName;
  json?: boolean;
}

const HELP = `
PUZZLE and BOARD: 81 characters each (1-9 digits, 0 or . blanks), or a file holding one such
line. The board is the player's progress: the puzzle's givens plus their own entries (blanks
where a given belongs are filled in; changing a given is an error).

The hint, in order: entries that differ from the unique solution (fix these first); else the
next step a person can take, with the eliminations it needs; else, when no technique applies,
one digit revealed. The board below marks <changed> and [reason] cells.
--json prints { puzzle, board, variant, hint, look }: hint.kind is wrong, step, reveal or solved.

Examples:
  $ percent hint puzzle.txt --board progress.txt
  $ percent hint 830600190002018000000030000040102005005000008289003700020000080000370040900024003 --variant classic --json`;

function hintCommand(): Command {
  return new Command('hint')
    .description("Give the next hint for a player's board")
    .argument('<puzzle>', 'the puzzle: FILE, - for stdin, or the 81 characters')
    .option('--board <board>', 'the player board (default: the puzzle as given)')
    .addOption(variantOption())
    .option('--json', 'one JSON object instead of text')
    .addHelpText('after', HELP)
    .action(async (puzzle: string, _opts: unknown, command: Command) => {
      const opts = command.opts<RawHintOptions>();
      process.exitCode = await runHint({
        puzzle,
        board: opts.board,
        variant: opts.variant,
        json: opts.json === true,
      });
    });
}

export const hint: CommandModule = { create: hintCommand };
