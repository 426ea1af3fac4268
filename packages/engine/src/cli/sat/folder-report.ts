import { formatCount, formatMs } from '../io/output.ts';
import { formatSeconds } from '../io/rate-progress.ts';
import type { FileOutcome } from './folder-task.ts';

/**
 * The text of `percent sat DIR/`: a table with one row per file, in input order, and a
 * summary; or, under `--json`, one JSON object per line (JSON Lines) and a summary line.
 */

/** A table column: its heading, width and alignment (numbers right, words left). */
interface Column {
  readonly heading: string;
  readonly width: number;
  readonly right: boolean;
}

const STATUS_TEXT = { sat: 'SAT', unsat: 'UNSAT', unknown: 'UNKNOWN' } as const;

/** The table's columns; the file column is as wide as the longest path listed. */
export function tableColumns(files: readonly string[]): readonly Column[] {
  const fileWidth = Math.max(4, ...files.map((f) => f.length));
  return [
    { heading: 'file', width: fileWidth, right: false },
    { heading: 'vars', width: 7, right: true },
    { heading: 'clauses', width: 9, right: true },
    { heading: 'status', width: 7, right: false },
    { heading: 'ms', width: 9, right: true },
    { heading: 'conflicts', width: 10, right: true },
  ];
}

function line(columns: readonly Column[], cells: readonly string[], note = ''): string {
  const padded = columns.map(({ width, right }, i) => {
    const cell = cells[i] ?? '';
    return right ? cell.padStart(width) : cell.padEnd(width);
  });
  return [...padded, note].join('  ').trimEnd();
}

export function tableHeading(columns: readonly Column[]): string {
  return line(
    columns,
    columns.map((c) => c.heading),
  );
}

/** One row; an undecided file notes why, a failed one gives its one-line message. */
export function tableRow(columns: readonly Column[], outcome: FileOutcome): string {
  if (outcome.kind === 'error') {
    return line(columns, [outcome.file, '-', '-', 'ERROR', '-', '-'], outcome.message);
  }
  const cells = [
    outcome.file,
    formatCount(outcome.vars),
    formatCount(outcome.clauses),
    STATUS_TEXT[outcome.status],
    outcome.ms.toFixed(1),
    formatCount(outcome.stats.conflicts),
  ];
  return line(columns, cells, outcome.reason === null ? '' : `(${outcome.reason})`);
}

/** One file as a JSON line: file, size, status, times and statistics (as `--json` of one file, without the configuration), or `status: "error"`. */
export function jsonRow(outcome: FileOutcome): string {
  if (outcome.kind === 'error') {
    return JSON.stringify({ file: outcome.file, status: 'error', error: outcome.message });
  }
  const { kind: _kind, ...fields } = outcome;
  return JSON.stringify(fields);
}

/** The counts and times of a folder run (of the files that finished). */
export interface FolderSummary {
  /** Inputs listed. */
  readonly files: number;
  /** Files with a row: solved or failed. */
  readonly finished: number;
  readonly sat: number;
  readonly unsat: number;
  readonly unknown: number;
  readonly errors: number;
  /** Solved files whose DIMACS had warnings (e.g. a clause count differing from the header). */
  readonly warned: number;
  /** Sum of the solve times, in ms. */
  readonly totalMs: number;
  /** Median solve time of the solved files, in ms; null when none was solved. */
  readonly medianMs: number | null;
  /** Wall time of the whole run, start-up of the workers included. */
  readonly wallMs: number;
  readonly jobs: number;
  /** Ctrl-C stopped the run before every file was done. */
  readonly interrupted: boolean;
}

export function summarize(
  outcomes: readonly FileOutcome[],
  run: { files: number; wallMs: number; jobs: number; interrupted: boolean },
): FolderSummary {
  const times: number[] = [];
  const counts = { sat: 0, unsat: 0, unknown: 0, errors: 0, warned: 0 };
  for (const outcome of outcomes) {
    if (outcome.kind === 'error') {
      counts.errors += 1;
      continue;
    }
    counts[outcome.status] += 1;
    if (outcome.warnings > 0) counts.warned += 1;
    times.push(outcome.ms);
  }
  times.sort((a, b) => a - b);
  return {
    ...run,
    finished: outcomes.length,
    ...counts,
    totalMs: times.reduce((sum, ms) => sum + ms, 0),
    medianMs: median(times),
    wallMs: run.wallMs,
  };
}

/** The median of sorted numbers (the mean of the middle two for an even count). */
function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The summary under the table, e.g. `1,000 files: 1,000 sat, 0 unsat, 0 unknown, 0 errors`. */
export function formatSummary(s: FolderSummary): string {
  const lines = [
    `${formatCount(s.finished)} files: ${formatCount(s.sat)} sat, ${formatCount(s.unsat)} unsat, ` +
      `${formatCount(s.unknown)} unknown, ${formatCount(s.errors)} ${s.errors === 1 ? 'error' : 'errors'}`,
    `solve time: total ${formatMs(s.totalMs)}, median ${s.medianMs === null ? '-' : formatMs(s.medianMs)}; ` +
      `wall ${formatSeconds(s.wallMs)} with ${s.jobs} ${s.jobs === 1 ? 'job' : 'jobs'}`,
  ];
  if (s.warned > 0) {
    lines.push(
      `${formatCount(s.warned)} ${s.warned === 1 ? 'file has' : 'files have'} DIMACS warnings ` +
        '(solve one alone to see them; --strict makes them errors)',
    );
  }
  if (s.interrupted) {
    lines.push(`interrupted: ${formatCount(s.finished)} of ${formatCount(s.files)} files finished`);
  }
  return lines.join('\n');
}

export function jsonSummary(s: FolderSummary): string {
  return JSON.stringify({ summary: true, ...s });
}
