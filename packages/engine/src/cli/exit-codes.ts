/**
 * Process exit codes of `percent`. `sat` follows the MiniSat convention (10 / 20 / 0), so
 * scripts written for MiniSat read our verdicts unchanged.
 */
export const ExitCode = {
  /** Undecided (time or conflict budget, or the first Ctrl-C), or a command that succeeded. */
  ok: 0,
  /** Bad input or usage: unreadable file, DIMACS error, unknown option, bad option value. */
  usage: 1,
  satisfiable: 10,
  unsatisfiable: 20,
  /** Stopped by Ctrl-C (a single solve: by a second one): 128 + SIGINT, the shell convention. */
  interrupted: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
