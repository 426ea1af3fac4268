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
  /** Per-instance limit for MiniSat, the reference of the ratios, ms. */
  readonly nativeTimeoutMs: number;
  /** Per-instance limit for the other references (cryptominisat5, cadical, picosat, logic-solver), ms. */
  readonly extrasTimeoutMs: number;
  /** Only these sets (section-specific names); empty means every set. */
  readonly sets: readonly string[];
  /** At most this many files per set; `Infinity` for all. */
  readonly limit: number;
  /** The other references run on at most this many of them, spread evenly through the set. */
  readonly extrasLimit: number;
  /** Also run the other references (cryptominisat5, cadical, picosat when on PATH; logic-solver). */
  readonly extras: boolean;
}
