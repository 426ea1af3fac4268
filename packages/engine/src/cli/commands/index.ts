import type { CommandModule } from './module.ts';
import { sat } from './sat.ts';
import { encode } from './encode.ts';
import { endgames } from './endgames.ts';
import { generate } from './generate.ts';
import { grade } from './grade.ts';
import { hint } from './hint.ts';
import { solve } from './solve.ts';

/**
 * Every subcommand, in the order `percent --help` lists them. A new command is one module in
 * this folder plus one entry here; the sudoku commands share cli/sudoku/.
 */
export const COMMANDS: readonly CommandModule[] = [
  sat,
  solve,
  generate,
  endgames,
  encode,
  grade,
  hint,
];
