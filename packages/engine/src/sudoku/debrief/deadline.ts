/** A deadline and the clock it is read on. */
export interface Deadline {
  /** `performance.now()` value (or `now()` value) after which the work gives up. */
  readonly deadline: number;
  /** The clock `deadline` is read on; default `performance.now` (tests inject one). */
  readonly now?: () => number;
}

/** Whether the deadline has passed, on its clock. */
export function expired(options: Deadline): boolean {
  return (options.now ? options.now() : performance.now()) > options.deadline;
}
