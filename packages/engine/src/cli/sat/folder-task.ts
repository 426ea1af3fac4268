import type { SolverStats } from '../../sat/types.ts';
import type { SolveConfig } from './solve.ts';

/**
 * What the main thread of `percent sat DIR/` sends a worker for one file, and what comes
 * back. Plain data only: both cross a thread boundary by structured clone.
 */
export interface FileTask {
  /** The input path, as listed (relative to the working directory when given so). */
  readonly file: string;
  /** Where to write the `.res` file. */
  readonly resPath: string;
  readonly config: SolveConfig;
  readonly strict: boolean;
}

/** One file solved (whatever the verdict). */
export interface FileSolved {
  readonly kind: 'solved';
  readonly file: string;
  readonly vars: number;
  readonly clauses: number;
  /** DIMACS warnings, e.g. a clause count that differs from the header. */
  readonly warnings: number;
  readonly status: 'sat' | 'unsat' | 'unknown';
  /** Why an `unknown` run stopped (`time`, `conflicts`, `aborted`); null when decided. */
  readonly reason: string | null;
  /** Reading and parsing, in ms. */
  readonly parseMs: number;
  /** The solve call, in ms (as `.res` `t` and the single-file report give it). */
  readonly ms: number;
  readonly stats: SolverStats;
  readonly res: string;
}

/** One file that could not be read, parsed or written: `message` says what and where. */
export interface FileFailed {
  readonly kind: 'error';
  readonly file: string;
  /** One line, e.g. `f.cnf:3:7: error: …` or `percent: cannot read 'f.cnf': no such file`. */
  readonly message: string;
}

export type FileOutcome = FileSolved | FileFailed;
