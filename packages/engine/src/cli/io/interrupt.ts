/**
 * Ctrl-C handling for long solves, as MiniSat does it: the first SIGINT aborts the search
 * (the solver returns `unknown` with reason `aborted` and the command still reports and
 * writes its result), a second one exits at once.
 */
export interface Interrupt {
  readonly signal: AbortSignal;
  /** Removes the SIGINT handler so the process can exit normally. */
  dispose(): void;
}

/** `what` names the work the first Ctrl-C stops, e.g. `the solver` (the default). */
export function onInterrupt(exitNowCode: number, what = 'the solver'): Interrupt {
  const controller = new AbortController();
  const handler = (): void => {
    if (controller.signal.aborted) {
      process.stderr.write('\ninterrupted again: exiting now\n');
      process.exit(exitNowCode);
    }
    process.stderr.write(`\ninterrupted: stopping ${what} (Ctrl-C again to exit now)\n`);
    controller.abort();
  };
  process.on('SIGINT', handler);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', handler);
    },
  };
}
