/**
 * When a batch of writes goes out: at the end of the current event-loop turn (`setImmediate`,
 * after that turn's I/O) when the last batch went at least `windowMs` ago, else when that window
 * ends. An idle server adds no wait; a busy one sends at most one batch per window, so the
 * fixed cost of a batch (a SQLite transaction, a write to Redis) is shared by every command of
 * the window. Used by `GroupCommit` (SQLite) and `TaskWindow` (a cluster node's Redis commits).
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

/**
 * Tasks held for the next flush of a `FlushWindow` and then started together, in the order they
 * came, in one turn — so a client that pipelines what is sent in one turn (ioredis's
 * auto-pipelining) sends them in one write, and reads their replies together.
 */
export class TaskWindow {
  private waiting: (() => void)[] = [];
  private readonly window: FlushWindow;

  constructor(windowMs: number, now?: () => number) {
    this.window = new FlushWindow(() => this.startAll(), windowMs, now);
  }

  /** `task`'s result, once it has been started at the window's flush and has settled. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        try {
          task().then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
      this.window.request();
    });
  }

  private startAll(): void {
    const tasks = this.waiting;
    this.waiting = [];
    for (const start of tasks) start();
  }
}
