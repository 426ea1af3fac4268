import { generate } from '../../sudoku/generator.ts';
import { DIFFICULTIES, type DifficultyName } from '../../sudoku/logic/index.ts';
import type { SymmetryName } from '../../sudoku/symmetry.ts';
import type { Variant } from '../../sudoku/variant.ts';
import type { Rng } from '../../rng.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { onInterrupt } from '../io/interrupt.ts';
import { formatCount } from '../io/output.ts';
import { openBatch, type BatchRequest } from './batch.ts';
import type { HolesRange } from './options.ts';
import { createRateProgress, formatSeconds } from '../io/rate-progress.ts';
import type { LineWriter } from './sink.ts';

/** `percent generate` after option parsing; see commands/generate.ts. */
export interface GenerateRequest extends BatchRequest {
  readonly difficulty: DifficultyName | undefined;
  readonly holes: HolesRange | undefined;
  readonly symmetry: SymmetryName;
  /** Budget per puzzle, in ms. */
  readonly timeoutMs: number;
}

/** Counts from which progress is shown even when stderr is not a terminal. */
const BIG_COUNT = 1000;

/**
 * Writes `count` puzzles, one per line: the 81 cells (0 for a blank), a space, the
 * difficulty, a space, the score. One rng seeded once drives the whole run, so the same seed
 * and options give the same file, as long as no puzzle runs out of its time budget (which
 * stops the run with exit 1 and says which options to relax). Ctrl-C is noticed between
 * puzzles: exit 130 with the finished lines written.
 */
export async function runGenerate(request: GenerateRequest): Promise<number> {
  const { variant, rng, seed, out } = await openBatch(request);
  const interrupt = onInterrupt(ExitCode.interrupted);
  const started = performance.now();
  let tally: Tally;
  try {
    tally = await writePuzzles(request, { variant, rng, signal: interrupt.signal }, out);
  } finally {
    interrupt.dispose();
    await out.close();
  }
  const interrupted = interrupt.signal.aborted;
  if (!request.quiet) {
    process.stderr.write(summary(tally, variant, seed, performance.now() - started, interrupted));
  }
  return interrupted ? ExitCode.interrupted : ExitCode.ok;
}

/** Puzzles made so far, by difficulty. */
type Tally = Map<DifficultyName, number>;

/**
 * Generates and writes until `count` or Ctrl-C. A puzzle that runs out of budget throws the
 * `CliError` that ends the run (the lines before it are kept).
 */
async function writePuzzles(
  request: GenerateRequest,
  context: { variant: Variant; rng: Rng; signal: AbortSignal },
  out: LineWriter,
): Promise<Tally> {
  const tally: Tally = new Map();
  const progress = createRateProgress('generate', 'puzzles', {
    enabled: !request.quiet,
    showOnLog: request.count >= BIG_COUNT,
    total: request.count,
  });
  try {
    for (let made = 0; made < request.count; made++) {
      // Generation is synchronous: this turn of the event loop lets a pending Ctrl-C in.
      await new Promise((resolve) => setImmediate(resolve));
      const { holes, difficulty, symmetry, timeoutMs } = request;
      const result = generate({
        ...context,
        difficulty,
        holes,
        symmetry,
        budget: { timeMs: timeoutMs },
      });
      if (result.status === 'unknown' && result.reason === 'aborted') break;
      if (result.status === 'unknown') {
        throw new CliError(budgetMessage(request, made + 1, result.attempts));
      }
      const { difficulty: level, score } = result.grade;
      out.grid(result.puzzle).text(` ${level} ${score}\n`);
      tally.set(level, (tally.get(level) ?? 0) + 1);
      progress.update(made + 1);
      if (out.needsFlush) await out.flush();
    }
  } finally {
    progress.clear();
  }
  return tally;
}

function summary(
  tally: Tally,
  variant: Variant,
  seed: string | number,
  ms: number,
  interrupted: boolean,
): string {
  const made = [...tally.values()].reduce((a, b) => a + b, 0);
  const grades = DIFFICULTIES.filter((d) => tally.has(d))
    .map((d) => `${formatCount(tally.get(d)!)} ${d}`)
    .join(', ');
  return (
    `generate: ${interrupted ? 'interrupted after ' : ''}${formatCount(made)} ${variant.id} ` +
    `puzzles in ${formatSeconds(ms)}, seed ${seed}${grades === '' ? '' : `: ${grades}`}\n`
  );
}

function budgetMessage(request: GenerateRequest, index: number, attempts: number): string {
  const wanted = [
    request.difficulty && `--difficulty ${request.difficulty}`,
    request.holes && `--holes ${request.holes.min}-${request.holes.max}`,
    request.symmetry !== 'none' && `--symmetry ${request.symmetry}`,
  ].filter((w): w is string => typeof w === 'string');
  const fitting = wanted.length === 0 ? 'puzzle' : `puzzle with ${wanted.join(' ')}`;
  return (
    `percent: generate: puzzle ${index}: no ${fitting} found in ${request.timeoutMs} ms ` +
    `(${formatCount(attempts)} full grids tried); relax those options or raise --timeout`
  );
}
