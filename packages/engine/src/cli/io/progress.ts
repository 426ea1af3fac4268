/**
 * A one-line percentage on an interactive stderr, e.g. `reading big.cnf … 42%`.
 *
 * Written by hand rather than pulled from a progress-bar library: one number on one line,
 * redrawn with `\r` at most every 100 ms, is all the CLI needs. It draws nothing when stderr
 * is not a TTY, so piped or redirected output never receives control characters.
 */
export interface Progress {
  /** Reports `done` out of the `total` given at creation; cheap to call very often. */
  update(done: number): void;
  /** Erases the line; call it before printing anything else. Idempotent. */
  clear(): void;
}

const REDRAW_MS = 100;

const silent: Progress = { update: () => undefined, clear: () => undefined };

export function createProgress(
  label: string,
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (!stream.isTTY || total <= 0) return silent;
  let lastDraw = 0;
  let drawn = false;
  return {
    update(done) {
      const now = performance.now();
      if (now - lastDraw < REDRAW_MS) return;
      lastDraw = now;
      const percent = Math.min(100, Math.floor((done / total) * 100));
      stream.write(`\r${label} ${String(percent).padStart(3)}%`);
      drawn = true;
    },
    clear() {
      if (!drawn) return;
      stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
