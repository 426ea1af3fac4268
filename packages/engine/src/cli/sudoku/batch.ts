import type { Rng } from '../../rng.ts';
import { getVariant, type Variant, type VariantIdName } from '../../sudoku/variant.ts';
import { seededRng } from './options.ts';
import { LineWriter, openSink } from './sink.ts';

/**
 * Commands that write many grids, one per line (`endgames`, `generate`): the options they
 * share and the setup of a run, so both read `--count`, `--seed`, `--out` and `--quiet` alike.
 */
export interface BatchRequest {
  readonly count: number;
  readonly variant: VariantIdName;
  readonly seed: string | number | undefined;
  readonly out: string | undefined;
  readonly quiet: boolean;
}

/** The shared options as commander hands them over. */
export interface RawBatchOptions {
  count: number;
  variant: VariantIdName;
  seed?: string | number;
  out?: string;
  quiet?: boolean;
}

export function batchRequest(opts: RawBatchOptions): BatchRequest {
  return {
    count: opts.count,
    variant: opts.variant,
    seed: opts.seed,
    out: opts.out,
    quiet: opts.quiet === true,
  };
}

/** A run under way: its rules, random numbers seeded once, the seed to report, the output. */
export interface Batch {
  readonly variant: Variant;
  readonly rng: Rng;
  readonly seed: string | number;
  readonly out: LineWriter;
}

/** Opens `--out` (a one-line `CliError` when it cannot be written) and seeds the run. */
export async function openBatch(request: BatchRequest): Promise<Batch> {
  const variant = getVariant(request.variant);
  const { rng, seed } = seededRng(request.seed);
  const out = new LineWriter(await openSink(request.out));
  return { variant, rng, seed, out };
}
