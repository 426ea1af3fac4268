/**
 * Settles an object's hidden class before a hot loop runs against it.
 *
 * V8 assumes a field stored only once is a constant, and a field first stored as a small
 * integer stays one. The first time the search stores such a field again (a counter's first
 * increment, the first restart, `varInc` becoming a fraction), V8 changes the object's hidden
 * class and throws away the optimised code it compiled (or was compiling) against it:
 * propagate and analyze then run in the baseline tier for another ~15 ms on a fresh process.
 * Storing every number and boolean field a second time in the constructor makes each one
 * mutable while nothing has been compiled yet.
 *
 * Contract: every own number or boolean field ends with the value it had; the fields named in
 * `fractional` take a double representation (store a fraction there later without change).
 */
export function settleFields<T extends object>(
  object: T,
  fractional: readonly (keyof T & string)[] = [],
): void {
  const fields = object as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (typeof value === 'number') {
      fields[key] = fractional.includes(key as keyof T & string) ? 0.5 : value + 1;
      fields[key] = value;
    } else if (typeof value === 'boolean') {
      fields[key] = !value;
      fields[key] = value;
    }
  }
}
