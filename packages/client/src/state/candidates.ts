import { CELLS, type Grid, type Variant } from '@percent/engine';
import { combine } from './marks.ts';

/** All digits, as a mark bit set (bits 1..9). */
export const ALL_DIGITS = 0b11_1111_1110;

/**
 * For every empty cell, the digits no peer holds (as mark bit sets); 0 for filled cells.
 * Peers follow the variant's houses, so the diagonal and windows count.
 */
export function candidatesOf(variant: Variant, givens: Grid, entries: Grid): Uint16Array {
  const grid = combine(givens, entries);
  const out = new Uint16Array(CELLS);
  for (let c = 0; c < CELLS; c++) {
    if (grid[c] !== 0) continue;
    let bits = ALL_DIGITS;
    for (const p of variant.peers[c]!) bits &= ~(1 << grid[p]!);
    out[c] = bits;
  }
  return out;
}
