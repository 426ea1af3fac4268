import { formatCount } from './output.ts';

/**
 * Progress of a long batch as a count and a rate, e.g. `solve: 120,000 puzzles, 18,400/s`.
 * On a TTY it is one line redrawn in place every 100 ms; elsewhere (a log file, CI), when
 * asked for, a plain line every 5 s, so a redirected stderr gets a readable record, not `\r`s.
 */
export interface RateProgress {
  /** Cheap enough to call once per item. */
  update(done: number): void;
  /** Erases the TTY line; call before printing anything else. Idempotent. */
  clear(): void;
}

const TTY_REDRAW_MS = 100;
const LOG_EVERY_MS = 5000;

const silent: RateProgress = { update: () => undefined, clear: () => undefined };

/**
 * `showOnLog`: also report when stderr is not a TTY (the input is big). Nothing at all when
 * `enabled` is false (`--quiet`).
 */
export function createRateProgress(
  label: string,
  unit: string,
  options: { enabled: boolean; showOnLog: boolean; total?: number },
  stream: NodeJS.WriteStream = process.stderr,
): RateProgress {
  const tty = stream.isTTY === true;
  if (!options.enabled || (!tty && !options.showOnLog)) return silent;
  const started = performance.now();
  let last = started;
  let drawn = false;
  const describe = (done: number, now: number): string => {
    const rate = done / Math.max((now - started) / 1000, 1e-3);
    const of = options.total === undefined ? '' : ` of ${formatCount(options.total)}`;
    return `${label}: ${formatCount(done)}${of} ${unit}, ${formatCount(Math.round(rate))}/s`;
  };
  return {
    update(done) {
      const now = performance.now();
      if (now - last < (tty ? TTY_REDRAW_MS : LOG_EVERY_MS)) return;
      last = now;
      if (tty) {
        stream.write(`\r\x1b[2K${describe(done, now)}`);
        drawn = true;
      } else {
        stream.write(describe(done, now) + '\n');
      }
    },
    clear() {
      if (!drawn) return;
      stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}

/** `1.23 s` */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Items per second, rounded, with separators. */
export function formatRate(count: number, ms: number): string {
  return formatCount(Math.round(count / Math.max(ms / 1000, 1e-6)));
}
