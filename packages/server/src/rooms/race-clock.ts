/**
 * The race clock: ms since its 0:00 (the end of the countdown), the server's outages left out.
 * A restart shifts a running race's `startsAt` forward by the outage (`snapshot.ts`), so a
 * move logged before an outage keeps its wall-clock `at` but is further from the shifted start
 * than its time on the clock; the race's pauses say by how much.
 */

/** One outage during a countdown or a race: the clock stood still from `at` for `ms`. */
export interface Pause {
  /** Server epoch ms at which the clock stopped (the restart's now − the outage). */
  readonly at: number;
  readonly ms: number;
}

/** What the clock of a stored race is made of. */
export interface RaceClock {
  /** The clock's 0:00 after every pause (the record's `startedAt`: the shifted `startsAt`). */
  readonly startedAt: number;
  readonly endedAt: number;
  /** In the order they happened; none for a race stored before pauses were kept. */
  readonly pauses: readonly Pause[];
}

/**
 * The time on the race clock (ms, never negative) at server time `at`. The shifted start is
 * `startedAt`; every pause still ahead of `at` moved it further than `at` has come, so its
 * remaining part is added back: all of a pause that starts at or after `at`, none of one over
 * by `at`, and, for an `at` inside a pause, the rest of it — the clock stood still there (a
 * move can land there when a crash came late in its heartbeat's period). Continuous and never
 * decreasing in `at`. Without pauses: `at − startedAt`, clamped at 0.
 */
export function clockAt(clock: Pick<RaceClock, 'startedAt' | 'pauses'>, at: number): number {
  let ms = at - clock.startedAt;
  for (const pause of clock.pauses) ms += Math.min(pause.ms, Math.max(0, pause.at + pause.ms - at));
  return Math.max(0, ms);
}

/**
 * A stored race's moves (in the server's order), each with its time on the race clock (`ms`),
 * and the race's length on it. The server's order is the truth: a move is never timed before
 * the one judged ahead of it (a wall clock stepped back), nor after the end.
 */
export function onRaceClock<M extends { readonly at: number }>(
  clock: RaceClock,
  moves: readonly M[],
): { readonly durationMs: number; readonly moves: (M & { readonly ms: number })[] } {
  let latest = 0;
  const timed = moves.map((move) => ({
    ...move,
    ms: (latest = Math.max(latest, clockAt(clock, move.at))),
  }));
  return { durationMs: Math.max(latest, clockAt(clock, clock.endedAt)), moves: timed };
}
