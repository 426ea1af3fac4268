import type { Command } from 'commander';

/**
 * One subcommand of `percent`, in its own file under commands/. `create` builds a fresh
 * commander `Command` whose action sets `process.exitCode`; expected failures throw
 * `CliError`.
 */
export interface CommandModule {
  create(): Command;
}
