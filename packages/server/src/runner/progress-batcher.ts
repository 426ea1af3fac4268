import { PROGRESS_BATCH_MS } from '@percent/protocol';

/**
 * When a room's `race:progress` goes out: at once when the room sent none in the last
 * `PROGRESS_BATCH_MS`, else when that window ends, naming every player who moved meanwhile (in
 * the order of their first move since). One message per member per window however many moves it
 * holds, so a busy room costs the server less per move; the mover hears of its own move at once,
 * in the acknowledgement. What each member is shown is the core's (`progressDeliveries`).
 */
export class ProgressBatcher {
  /** Players who moved since the last batch, by their first move since. */
  private readonly due = new Set<string>();
  /** The next batch, when one is waiting for its window. */
  private timer: NodeJS.Timeout | undefined;
  /** When the last batch went out (the server clock, ms). */
  private sentAt = -Infinity;

  constructor(
    private readonly now: () => number,
    /** Sends one batch about these players. */
    private readonly send: (moved: readonly string[]) => void,
  ) {}

  queue(playerId: string): void {
    this.due.add(playerId);
    if (this.timer !== undefined) return;
    const wait = this.sentAt + PROGRESS_BATCH_MS - this.now();
    if (wait <= 0) return this.flush();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, wait);
  }

  /** Forgets a waiting batch: a `room:state` to everyone superseded it, or the room stopped. */
  drop(): void {
    this.due.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    const moved = [...this.due];
    this.due.clear();
    this.sentAt = this.now();
    this.send(moved);
  }
}
