import { settleFields } from './shapes.ts';

// Glucose 2's constants (Audemard & Simon, 2012).
const RECENT_LBD = 50;
const RECENT_TRAIL = 5000;
/** Restart when recent LBD × K exceeds the global average. */
const RESTART_K = 0.8;
/** Postpone a restart when the trail is this much longer than usual… */
const BLOCK_FACTOR = 1.4;
/** …but only after this many conflicts. */
const BLOCK_AFTER = 10000;

/**
 * A fixed-size window over the most recent values (small integers: LBDs, trail sizes), with
 * their sum. Int32Array, not Float64Array: a value read from a Float64Array is a double, and
 * storing it into `total` would change the field's representation mid-search.
 */
class RecentWindow {
  private readonly values: Int32Array;
  private next = 0;
  private filled = 0;
  private total = 0;

  constructor(size: number) {
    this.values = new Int32Array(size);
    settleFields(this);
  }

  push(x: number): void {
    if (this.filled === this.values.length) this.total -= this.values[this.next]!;
    else this.filled++;
    this.values[this.next] = x;
    this.total += x;
    this.next = (this.next + 1) % this.values.length;
  }

  get full(): boolean {
    return this.filled === this.values.length;
  }

  get average(): number {
    return this.filled === 0 ? 0 : this.total / this.filled;
  }

  clear(): void {
    this.next = 0;
    this.filled = 0;
    this.total = 0;
  }
}

/**
 * Glucose's dynamic restarts: restart when the recent learned clauses are much worse (higher
 * LBD) than the average so far, and postpone when the trail is unusually long — the search
 * may be close to a model.
 */
export class GlucoseRestarts {
  /** LBDs of the last RECENT_LBD learned clauses. */
  private readonly recentLbd = new RecentWindow(RECENT_LBD);
  /** Trail sizes at the last RECENT_TRAIL conflicts. */
  private readonly recentTrail = new RecentWindow(RECENT_TRAIL);
  /** Sum and count of every LBD so far. */
  private lbdSum = 0;
  private conflicts = 0;

  constructor() {
    settleFields(this);
  }

  onConflict(lbd: number, trailSize: number): void {
    this.conflicts++;
    this.lbdSum += lbd;
    this.recentTrail.push(trailSize);
    if (
      this.conflicts > BLOCK_AFTER &&
      this.recentLbd.full &&
      trailSize > BLOCK_FACTOR * this.recentTrail.average
    ) {
      this.recentLbd.clear();
    }
    this.recentLbd.push(lbd);
  }

  shouldRestart(): boolean {
    return this.recentLbd.full && this.recentLbd.average * RESTART_K > this.lbdSum / this.conflicts;
  }

  restarted(): void {
    this.recentLbd.clear();
  }
}
