import { endgames } from '../../sudoku/endgames.ts';
import { ExitCode } from '../exit-codes.ts';
import { onInterrupt } from '../io/interrupt.ts';
import { formatCount } from '../io/output.ts';
import { openBatch, type BatchRequest } from './batch.ts';
import { createRateProgress, formatRate, formatSeconds } from '../io/rate-progress.ts';

/** `percent endgames` after option parsing; see commands/endgames.ts. */
export type EndgamesRequest = BatchRequest;

/** Counts from which progress is shown even when stderr is not a terminal. */
const BIG_COUNT = 2_000_000;

/**
 * Writes `count` distinct solved grids, one per line (81 digits), from the engine's
 * `endgames` generator. Lines go straight into 1 MiB buffers (no per-line strings) so a
 * million grids take about as long as generating them. Exit 0, or 130 after Ctrl-C (whole
 * lines written so far are kept).
 */
export async function runEndgames(request: EndgamesRequest): Promise<number> {
  const { variant, rng, seed, out } = await openBatch(request);
  const progress = createRateProgress('endgames', 'grids', {
    enabled: !request.quiet,
    showOnLog: request.count >= BIG_COUNT,
    total: request.count,
  });
  const interrupt = onInterrupt(ExitCode.interrupted);
  const started = performance.now();
  let written = 0;
  try {
    for (const grid of endgames(variant, request.count, rng)) {
      out.gridLine(grid);
      written++;
      if (!out.needsFlush) continue;
      progress.update(written);
      await out.flush();
      // Let a pending Ctrl-C in: generating is synchronous between flushes.
      await new Promise((resolve) => setImmediate(resolve));
      if (interrupt.signal.aborted) break;
    }
  } finally {
    interrupt.dispose();
    progress.clear();
  }
  await out.close();
  const ms = performance.now() - started;
  const interrupted = interrupt.signal.aborted;
  if (!request.quiet) {
    process.stderr.write(
      `endgames: ${interrupted ? 'interrupted after ' : ''}${formatCount(written)} ${variant.id} ` +
        `grids in ${formatSeconds(ms)} (${formatRate(written, ms)}/s), seed ${seed}\n`,
    );
  }
  return interrupted ? ExitCode.interrupted : ExitCode.ok;
}
