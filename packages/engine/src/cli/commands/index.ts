import type { CommandModule } from './module.ts';

/** A subcommand by name, its module loaded only when it is needed. */
export interface CommandEntry {
  readonly name: string;
  load(): Promise<CommandModule>;
}

/**
 * Every subcommand, in the order `percent --help` lists them. A new command is one module in
 * this folder plus one entry here; the sudoku commands share cli/sudoku/. Modules are loaded
 * on demand so that `percent sat` never initialises the sudoku engine: in the one-file bundle
 * each is a lazily initialised module (no code splitting, see scripts/build-cli.mjs).
 */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'sat', load: async () => (await import('./sat.ts')).sat },
  { name: 'check', load: async () => (await import('./check.ts')).check },
  { name: 'solve', load: async () => (await import('./solve.ts')).solve },
  { name: 'generate', load: async () => (await import('./generate.ts')).generate },
  { name: 'endgames', load: async () => (await import('./endgames.ts')).endgames },
  { name: 'encode', load: async () => (await import('./encode.ts')).encode },
  { name: 'grade', load: async () => (await import('./grade.ts')).grade },
  { name: 'hint', load: async () => (await import('./hint.ts')).hint },
];
