import { Command } from 'commander';
import type { VariantIdName } from '../../sudoku/variant.ts';
import { runGrade } from '../sudoku/grade.ts';
import { variantOption } from '../sudoku/options.ts';
import type { CommandModule } from './module.ts';

interface RawGradeOptions {
  variant: VariantIdName;
  json?: boolean;
  steps?: boolean;
}

const HELP = `
The puzzle: 81 characters on the command line (1-9 givens, 0 or . blanks), or a file of such
lines (every puzzle is graded; blank lines and # comments skipped), or - for stdin. Each must
have exactly one solution.

The grade: difficulty (easy, medium, hard, or expert when the techniques alone get stuck and
search is needed), a finer score, the hardest technique used, and how often each was used.
--json prints one object per puzzle per line: { where, puzzle, variant, grade, steps? }.

Examples:
  $ percent grade puzzles.txt
  $ percent grade 000000010400000000020000000000050407008000300001090000300400200050100000000806000 --variant classic --steps
  $ percent grade puzzles.txt --json | jq .grade.difficulty`;

function gradeCommand(): Command {
  return new Command('grade')
    .description('Grade puzzles by the human techniques they need')
    .argument('<puzzle>', 'FILE of puzzles, - for stdin, or the 81-character puzzle itself')
    .addOption(variantOption())
    .option('--steps', "also list every step's explanation")
    .option('--json', 'one JSON object per puzzle per line')
    .addHelpText('after', HELP)
    .action(async (puzzle: string, _opts: unknown, command: Command) => {
      const opts = command.opts<RawGradeOptions>();
      process.exitCode = await runGrade({
        puzzle,
        variant: opts.variant,
        json: opts.json === true,
        steps: opts.steps === true,
      });
    });
}

export const grade: CommandModule = { create: gradeCommand };
