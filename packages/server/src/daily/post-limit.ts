/**
 * How many solves one address may post: `max` per `windowMs` (a sliding count of the posts
 * in the last window). In memory per process; the clock comes in with each call.
 */
export const DAILY_POSTS_PER_MINUTE = 20;

export class PostLimiter {
  private readonly posts = new Map<string, number[]>();

  constructor(
    private readonly max = DAILY_POSTS_PER_MINUTE,
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

  /** Drops addresses with no post in the window, so the map stays small. */
  private forgetIdle(now: number): void {
    for (const [key, times] of this.posts)
      if (times.every((at) => at <= now - this.windowMs)) this.posts.delete(key);
  }
}
