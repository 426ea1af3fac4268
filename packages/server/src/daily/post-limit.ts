/**
 * How many times one address may do a thing (post a daily solve, create a room, look a room
 * code up): `max` per `windowMs` (a sliding count over the last window). In memory per
 * process; the clock comes in with each call.
 */
export class PostLimiter {
  private readonly posts = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts a post from `key` at `now` and says whether it is allowed. */
  allow(key: string, now: number): boolean {
    const recent = (this.posts.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.max) {
      this.posts.set(key, recent);
      return false;
    }
    recent.push(now);
    this.posts.set(key, recent);
    if (this.posts.size > 10_000) this.forgetIdle(now);
    return true;
  }

  /** How long until `key` may post again (0: now). */
  retryAfterMs(key: string, now: number): number {
    const recent = (this.posts.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length < this.max) return 0;
    return recent[recent.length - this.max]! + this.windowMs - now;
  }

  /** Drops addresses with no post in the window, so the map stays small. */
  private forgetIdle(now: number): void {
    for (const [key, times] of this.posts)
      if (times.every((at) => at <= now - this.windowMs)) this.posts.delete(key);
  }
}
