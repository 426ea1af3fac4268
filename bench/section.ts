/**
 * A section of BENCHMARKS.md. `bench/run.ts` runs the sections in order; each one measures
 * something and returns its markdown, which replaces that section's previous text in the
 * file (between `<!-- bench:<id>:start -->` and `<!-- bench:<id>:end -->`). A new benchmark
 * (e.g. the sudoku solvers) is one module exporting a `BenchSection`, added to run.ts.
 */
export interface BenchSection {
  /** Marker id in BENCHMARKS.md and the name accepted by `--sections`. */
  readonly id: string;
  run(context: BenchContext): Promise<SectionResult>;
}

export interface SectionResult {
  /** The section's markdown, starting with its `## ` heading. */
  readonly markdown: string;
  /** True when the section found something wrong (e.g. a wrong answer): the bench exits 1. */
  readonly failed: boolean;
}

export interface BenchContext {
  readonly repoRoot: string;
  /** The command line as typed, e.g. `pnpm bench --quick`, for the report. */
  readonly command: string;
  readonly options: BenchOptions;
  /** Progress for the console (not the report). */
  log(line: string): void;
}

export interface BenchOptions {
  /** A smoke run: few files per set and short timeouts unless given explicitly. */
  readonly quick: boolean;
  /** Per-instance limit for our solver, ms. */
  readonly timeoutMs: number;
  /** Per-instance limit for the native reference solvers, ms. */
  readonly nativeTimeoutMs: number;
  /** Only these sets (section-specific names); empty means every set. */
  readonly sets: readonly string[];
  /** At most this many files per set; `Infinity` for all. */
  readonly limit: number;
  /** Also run cadical / picosat when they are on PATH. */
  readonly extras: boolean;
}
