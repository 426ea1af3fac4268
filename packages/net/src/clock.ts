/**
 * The server's clock seen from here. Every view carries `serverNow`, stamped when it was
 * built; it arrives some latency later, so `serverNow − localArrival` underestimates the
 * offset by that latency. The largest sample over a short window is the best estimate (the
 * one that travelled fastest); old samples age out so a changed local clock is followed.
 */
export interface ClockSample {
  readonly offsetMs: number;
  readonly at: number;
}

export const CLOCK_WINDOW = 8;

export class ServerClock {
  private samples: ClockSample[] = [];

  constructor(private readonly localNow: () => number = () => Date.now()) {}

  /** Records a view's `serverNow`, received now. */
  observe(serverNow: number): void {
    const at = this.localNow();
    this.samples.push({ offsetMs: serverNow - at, at });
    if (this.samples.length > CLOCK_WINDOW) this.samples.shift();
  }

  /** server time − local time, ms (0 before any sample). */
  get offsetMs(): number {
    if (this.samples.length === 0) return 0;
    return Math.max(...this.samples.map((s) => s.offsetMs));
  }

  /** The server's clock now, estimated. */
  now(): number {
    return this.localNow() + this.offsetMs;
  }
}
