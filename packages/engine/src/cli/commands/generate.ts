import { Command, Option } from 'commander';
import { DIFFICULTIES, type DifficultyName } from '../../sudoku/logic/index.ts';
import { SYMMETRIES, type SymmetryName } from '../../sudoku/symmetry.ts';
import { batchRequest, type RawBatchOptions } from '../sudoku/batch.ts';
import { runGenerate } from '../sudoku/generate.ts';
import {
  countParser,
  parseHoles,
  parseMilliseconds,
  parseSeed,
  variantOption,
  type HolesRange,
} from '../sudoku/options.ts';
import type { CommandModule } from './module.ts';

interface RawGenerateOptions extends RawBatchOptions {
  difficulty?: DifficultyName;
  holes?: HolesRange;
  symmetry: SymmetryName;
  timeout: number;
}

export const MAX_GENERATE = 1_000_000;
const DEFAULT_TIMEOUT_MS = 10_000;

const HELP = `
Output: one puzzle per line: 81 characters row by row (1-9 givens, 0 blanks), a space, its
difficulty (easy, medium, hard, expert = needs search), a space, its score (finer: grows with
the techniques needed). Every puzzle has exactly one solution. Without --difficulty and
--holes each puzzle is as sparse as uniqueness allows.

The same --seed with the same options gives the same file; without one a random seed is used
and printed on stderr, so any run can be repeated. A puzzle that does not fit the options in
--timeout ms stops the run (exit 1) with the lines so far written.

Examples:
  $ percent generate --count 10 --difficulty medium --seed 7
  $ percent generate --count 1000 --variant classic --holes 45-55 --symmetry rotational --out p.txt
  $ percent generate --count 100 | cut -d' ' -f1 | percent solve`;

function generateCommand(): Command {
  return new Command('generate')
    .description('Generate unique puzzles, each with its grade')
    .option('--count <n>', 'how many puzzles', countParser(MAX_GENERATE), 1)
    .addOption(variantOption())
    .addOption(new Option('--difficulty <level>', 'wanted grade').choices(DIFFICULTIES))
    .option('--holes <a-b>', 'blanks per puzzle, inclusive range (or one number)', parseHoles)
    .addOption(
      new Option('--symmetry <kind>', 'blank cells in pairs about the centre')
        .choices(SYMMETRIES)
        .default('none'),
    )
    .option('--seed <seed>', 'a number or word; the same seed gives the same puzzles', parseSeed)
    .option('--timeout <ms>', 'budget per puzzle', parseMilliseconds, DEFAULT_TIMEOUT_MS)
    .option('--out <path>', 'write the puzzles here instead of stdout')
    .option('--quiet', 'no progress and no summary on stderr')
    .addHelpText('after', HELP)
    .action(async (_opts: unknown, command: Command) => {
      const opts = command.opts<RawGenerateOptions>();
      process.exitCode = await runGenerate({
        ...batchRequest(opts),
        difficulty: opts.difficulty,
        holes: opts.holes,
        symmetry: opts.symmetry,
        timeoutMs: opts.timeout,
      });
    });
}

export const generate: CommandModule = { create: generateCommand };
