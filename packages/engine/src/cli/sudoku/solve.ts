import path from 'node:path';
import { SudokuSolver } from '../../sudoku/solver.ts';
import { getVariant, type Variant, type VariantIdName } from '../../sudoku/variant.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { onInterrupt } from '../io/interrupt.ts';
import { formatCount } from '../io/output.ts';
import {
  createRateProgress,
  formatRate,
  formatSeconds,
  type RateProgress,
} from '../io/rate-progress.ts';
import { openPuzzleSource, STDIN_NAME, type PuzzleLine } from './puzzle-source.ts';
import { LineWriter, openSink } from './sink.ts';
import { checkPuzzle, located } from './validate.ts';

/** `percent solve` after option parsing; see commands/solve.ts. */
export interface SolveRequest {
  readonly file: string | undefined;
  readonly out: string | undefined;
  readonly variant: VariantIdName;
  readonly quiet: boolean;
}

/** How each line was answered, in the summary's order. */
export const VERDICTS = ['solved', 'unsolvable', 'multiple', 'invalid'] as const;
type Verdict = (typeof VERDICTS)[number];
type Tally = Record<Verdict, number>;

/** Inputs above this size report progress even when stderr is not a terminal. */
const BIG_INPUT_BYTES = 4 << 20;
/** Invalid lines reported one by one on stderr; the rest are only counted. */
const MAX_REPORTED = 20;

/**
 * Streams puzzles in, one answer line per puzzle out, in order. Exit code: 0 when every line
 * held a valid puzzle, 1 when some did not (they are answered `invalid: …` and named on
 * stderr as file:line:column), 130 after Ctrl-C (the lines answered so far are written).
 */
export async function runSolve(request: SolveRequest): Promise<number> {
  const variant = getVariant(request.variant);
  if (
    request.file !== undefined &&
    request.out !== undefined &&
    sameFile(request.file, request.out)
  ) {
    throw new CliError(
      `percent: --out '${request.out}' is the input file; it would be overwritten`,
    );
  }
  const source = await openPuzzleSource(request.file);
  const out = new LineWriter(await openSink(request.out));
  const showOnLog = (source.bytes ?? 0) > BIG_INPUT_BYTES;
  const progress = createRateProgress('solve', 'puzzles', { enabled: !request.quiet, showOnLog });
  if (source.name === STDIN_NAME && process.stdin.isTTY && !request.quiet) {
    process.stderr.write('reading puzzles from stdin, one per line (Ctrl-D ends)\n');
  }
  const run = new SolveRun(new SudokuSolver(variant), variant, out, progress, source.name);
  const interrupt = onInterrupt(ExitCode.interrupted);
  const started = performance.now();
  try {
    for await (const line of source.lines()) {
      if (!run.answer(line, interrupt.signal)) break;
      if (out.needsFlush) await out.flush();
    }
  } finally {
    interrupt.dispose();
    source.close();
    progress.clear();
  }
  await out.close();
  const interrupted = interrupt.signal.aborted;
  if (!request.quiet) process.stderr.write(run.summary(performance.now() - started, interrupted));
  if (interrupted) return ExitCode.interrupted;
  return run.tally.invalid > 0 ? ExitCode.usage : ExitCode.ok;
}

function sameFile(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b);
}

/** The state of one `solve` run: one solver reused for every puzzle, and the counts. */
class SolveRun {
  readonly tally: Tally = { solved: 0, unsolvable: 0, multiple: 0, invalid: 0 };
  private done = 0;

  constructor(
    private readonly solver: SudokuSolver,
    private readonly variant: Variant,
    private readonly out: LineWriter,
    private readonly progress: RateProgress,
    private readonly inputName: string,
  ) {}

  /** Writes the line's answer; false when Ctrl-C stopped the run (nothing written). */
  answer({ line, text }: PuzzleLine, signal: AbortSignal): boolean {
    if (signal.aborted) return false;
    const checked = checkPuzzle(text, this.variant);
    if (!checked.ok) {
      this.count('invalid');
      this.reportInvalid(located(`${this.inputName}:${line}`, checked.column), checked.reason);
      this.out.text(`invalid: ${checked.reason}\n`);
      return true;
    }
    const answer = this.solver.count(checked.grid, { signal });
    if (answer.status === 'unknown') return false;
    if (answer.count === 1) {
      this.count('solved');
      this.out.gridLine(answer.solution!);
    } else {
      this.count(answer.count === 0 ? 'unsolvable' : 'multiple');
      this.out.text(answer.count === 0 ? 'unsolvable\n' : 'multiple\n');
    }
    return true;
  }

  summary(ms: number, interrupted: boolean): string {
    const counts = VERDICTS.map((v) => `${formatCount(this.tally[v])} ${v}`).join(', ');
    const head = interrupted ? 'solve: interrupted after' : 'solve:';
    return (
      `${head} ${formatCount(this.done)} puzzles in ${formatSeconds(ms)} ` +
      `(${formatRate(this.done, ms)} puzzles/s): ${counts}\n`
    );
  }

  private count(verdict: Verdict): void {
    this.tally[verdict]++;
    this.progress.update(++this.done);
  }

  private reportInvalid(where: string, reason: string): void {
    const n = this.tally.invalid;
    if (n > MAX_REPORTED + 1) return;
    this.progress.clear();
    if (n <= MAX_REPORTED) process.stderr.write(`${where}: invalid puzzle: ${reason}\n`);
    else process.stderr.write(`… more invalid lines are only counted\n`);
  }
}
