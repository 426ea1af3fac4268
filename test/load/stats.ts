/** Latency samples in milliseconds, summarised by nearest-rank percentiles. */
export class Samples {
  private readonly values: number[] = [];
  /** When each sample was taken (performance.now()), for the per-second breakdown. */
  private readonly times: number[] = [];

  add(ms: number, at = performance.now()): void {
    this.values.push(ms);
    this.times.push(at);
  }

  /** One summary per second of the samples' time span, in order. */
  bySecond(): LatencySummary[] {
    // A loop, not Math.min(...times): a spread of 150,000 samples overflows the stack.
    let start = Infinity;
    for (const at of this.times) start = Math.min(start, at);
    const seconds: Samples[] = [];
    this.values.forEach((value, i) => {
      const second = Math.floor((this.times[i]! - start) / 1_000);
      (seconds[second] ??= new Samples()).add(value);
    });
    return Array.from(seconds, (samples) => (samples ?? new Samples()).summary());
  }

  get count(): number {
    return this.values.length;
  }

  forEach(visit: (ms: number, at: number) => void): void {
    this.values.forEach((value, i) => visit(value, this.times[i]!));
  }

  summary(): LatencySummary {
    const sorted = Float64Array.from(this.values).sort();
    const at = (p: number): number =>
      sorted.length === 0
        ? NaN
        : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
    let total = 0;
    for (const v of sorted) total += v;
    return {
      count: sorted.length,
      mean: sorted.length === 0 ? NaN : total / sorted.length,
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: sorted.length === 0 ? NaN : sorted[sorted.length - 1]!,
    };
  }
}

export interface LatencySummary {
  readonly count: number;
  readonly mean: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

export const ms = (value: number): string => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);

export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Counts by key, e.g. error codes. */
export class Tally {
  private readonly counts = new Map<string, number>();

  add(key: string, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }

  get total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  forEach(visit: (key: string, n: number) => void): void {
    this.counts.forEach((n, key) => visit(key, n));
  }

  toString(): string {
    if (this.counts.size === 0) return 'none';
    return [...this.counts].map(([key, n]) => `${key} ×${n}`).join(', ');
  }
}
