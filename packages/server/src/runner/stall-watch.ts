/**
 * Notices that the process stood still — frozen by SIGSTOP, a paused VM, a swap storm — so
 * that races pause for it as they do for a crash (`rooms/race.ts` `stall`), instead of
 * charging the racers for time nobody could play. A tick every `intervalMs` notes the clock;
 * a gap longer than `thresholdMs` is a stall. It is dated from when the next tick was due
 * (like a crash, from the end of the last heartbeat's period: never crediting more than the
 * stall). A room's timer that fires calls `poll` first, so a late timer's room is paused
 * before the timer's own command runs.
 */
export const STALL_TICK_MS = 250;
export const STALL_THRESHOLD_MS = 1500;

export class StallWatch {
  private last: number;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly now: () => number,
    private readonly onStall: (at: number, ms: number) => void,
    private readonly intervalMs = STALL_TICK_MS,
    private readonly thresholdMs = STALL_THRESHOLD_MS,
  ) {
    this.last = now();
  }

  start(): void {
    this.last = this.now();
    this.timer = setInterval(() => this.poll(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Looks at the clock now: a stall since the last look is reported once. */
  poll(): void {
    const now = this.now();
    const gap = now - this.last;
    this.last = now;
    if (gap <= this.thresholdMs) return;
    const at = now - gap + this.intervalMs;
    this.onStall(at, now - at);
  }
}
