import type { Rng } from '../rng.ts';
import type { ExactlyOneOptions, ExactlyOneResult } from './exactly-one.ts';

/** The clock and the signal are read every this many backtracks. */
const CHECK_EVERY = 1024;

/** Per-call bookkeeping: limits, models found. */
export class Search {
  readonly limit: number;
  readonly rng: Rng | undefined;
  count = 0;
  conflicts = 0;
  model: Uint8Array | undefined;
  private readonly deadline: number;
  private readonly conflictLimit: number;
  private readonly signal: AbortSignal | undefined;

  constructor(options: ExactlyOneOptions) {
    this.limit = options.limit ?? 1;
    this.rng = options.rng;
    this.signal = options.signal;
    this.conflictLimit = options.budget?.conflicts ?? Infinity;
    this.deadline =
      options.budget?.timeMs !== undefined ? performance.now() + options.budget.timeMs : Infinity;
  }

  found(value: Int8Array): void {
    this.count++;
    if (this.model !== undefined) return;
    this.model = new Uint8Array(value.length + 1);
    for (let v = 0; v < value.length; v++) this.model[v + 1] = value[v] === 1 ? 1 : 0;
  }

  done(): ExactlyOneResult {
    return { status: 'done', count: this.count, model: this.model, conflicts: this.conflicts };
  }

  /** The conflict budget is exact; the clock and the signal are read every CHECK_EVERY conflicts. */
  check(): 'time' | 'conflicts' | 'aborted' | undefined {
    if (this.conflicts >= this.conflictLimit) return 'conflicts';
    if (this.conflicts % CHECK_EVERY !== 0) return undefined;
    if (this.signal?.aborted) return 'aborted';
    if (performance.now() >= this.deadline) return 'time';
    return undefined;
  }
}
