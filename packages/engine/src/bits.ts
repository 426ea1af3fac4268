/** Bit tricks shared by the solvers' bitmask representations. */

/** Set bits of a 32-bit mask, in constant time (SWAR). */
export function popcount(mask: number): number {
  let x = mask - ((mask >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
