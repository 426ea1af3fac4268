import type { CommandModule } from './module.ts';
import { sat } from './sat.ts';

/**
 * Every subcommand, in the order `percent --help` lists them. A new command (encode, solve,
 * generate, endgames, grade, hint) is one module in this folder plus one entry here.
 */
export const COMMANDS: readonly CommandModule[] = [sat];
