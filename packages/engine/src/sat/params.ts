/** Tuning constants of the CDCL search, MiniSat's and Glucose's defaults unless noted. */

// VSIDS's decay (0.95 per conflict, as a growing bump) is the kernel's: kernel/cdcl.ts.
/** Conflicts before the first learned-clause reduction… */
export const FIRST_REDUCE = 2000;
/** …and how much longer each following interval is. */
export const REDUCE_INCREMENT = 300;
/** Check the clock and the abort signal every this many conflicts + decisions (a power of 2). */
export const CHECK_EVERY = 64;
/**
 * Free the Gauss–Jordan reason clauses no assignment relies on once they take this many arena
 * slots (4 MB): they are made at every XOR propagation.
 */
export const XOR_REASON_SLOTS = 1 << 20;
