/**
 * When a batch of writes goes out: at the end of the current event-loop turn (`setImmediate`,
 * after that turn's I/O) when the last batch went at least `windowMs` ago, else when that window
 * ends. An idle server adds no wait; a busy one sends at most one batch per window, so the
 * fixed cost of a batch (a SQLite transaction, a write to Redis) is shared by every command of
 * the window. Used by `GroupCommit` (SQLite) and `RoomCommits` (a cluster node's Redis commits).
 */
export class FlushWindow {
  /** A flush is due (its immediate or timer is set). */
  private scheduled = false;
  /** When the last flush ran (`now`), or never. */
  private lastAt = -Infinity;

  constructor(
    private readonly flush: () => void,
    private readonly windowMs: number,
    /** A monotonic clock, ms (tests pin it). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Asks for a flush; asking again before it runs changes nothing. */
  request(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const wait = this.lastAt + this.windowMs - this.now();
    if (wait <= 0) setImmediate(() => this.run());
    else setTimeout(() => this.run(), wait);
  }

  private run(): void {
    this.scheduled = false;
    this.lastAt = this.now();
    this.flush();
  }
}
