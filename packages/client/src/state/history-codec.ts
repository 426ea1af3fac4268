/**
 * Undo history in a compact text form, for saving with a game. Each step is stored as a
 * delta: the cells where it differs from its neighbour nearer the current board, 9 characters
 * per cell — the cell (2, base 36), the entry (1), then corner, centre and colour bits (2
 * each, base 32 of bits 1..9). A typical step touches one cell, so 200 steps take a few KB.
 */
import { CELLS } from '@percent/engine';
import { copyMarks, MARK_LAYERS, type Marks } from './marks.ts';

const RECORD = 9;
const DELTA = /^(?:[0-9a-z]{2}[0-9](?:[0-9a-v]{2}){3})*$/;

/** The cells of `to` that differ from `from`, as records. */
export function encodeDelta(from: Marks, to: Marks): string {
  let out = '';
  for (let c = 0; c < CELLS; c++) {
    if (!differs(from, to, c)) continue;
    out += c.toString(36).padStart(2, '0') + String(to.entries[c]);
    for (const layer of MARK_LAYERS) out += (to[layer][c]! >> 1).toString(32).padStart(2, '0');
  }
  return out;
}

const differs = (a: Marks, b: Marks, c: number): boolean =>
  a.entries[c] !== b.entries[c] || MARK_LAYERS.some((layer) => a[layer][c] !== b[layer][c]);

/** `base` with a delta's records written over it; undefined when the text is not a delta. */
export function applyDelta(base: Marks, delta: string): Marks | undefined {
  if (!DELTA.test(delta)) return undefined;
  const marks = copyMarks(base);
  for (let at = 0; at < delta.length; at += RECORD) {
    const cell = parseInt(delta.slice(at, at + 2), 36);
    if (!(cell < CELLS)) return undefined;
    marks.entries[cell] = Number(delta[at + 2]);
    MARK_LAYERS.forEach((layer, i) => {
      const start = at + 3 + 2 * i;
      marks[layer][cell] = parseInt(delta.slice(start, start + 2), 32) << 1;
    });
  }
  return marks;
}

/**
 * Deltas already computed, by the pair of boards they join. Marks are immutable and history
 * stacks share them, so a game saved after every action encodes each step once, not the
 * whole history each time (a save of 200 all-cell steps: ~6 ms uncached).
 */
const cache = new WeakMap<Marks, { readonly newer: Marks; readonly delta: string }>();

function cachedDelta(newer: Marks, older: Marks): string {
  const hit = cache.get(older);
  if (hit?.newer === newer) return hit.delta;
  const delta = encodeDelta(newer, older);
  cache.set(older, { newer, delta });
  return delta;
}

/**
 * A history stack (oldest first, its last element next to `current`) as deltas in the same
 * order, keeping only the `limit` steps nearest `current`.
 */
export function encodeStack(stack: readonly Marks[], current: Marks, limit: number): string[] {
  const kept = stack.slice(-limit);
  const out = new Array<string>(kept.length);
  let newer = current;
  for (let i = kept.length - 1; i >= 0; i--) {
    out[i] = cachedDelta(newer, kept[i]!);
    newer = kept[i]!;
  }
  return out;
}

/** The stack back from its deltas and `current`; undefined when any delta is unreadable. */
export function decodeStack(deltas: unknown, current: Marks): Marks[] | undefined {
  if (!Array.isArray(deltas)) return undefined;
  const out = new Array<Marks>(deltas.length);
  let newer = current;
  for (let i = deltas.length - 1; i >= 0; i--) {
    const delta: unknown = deltas[i];
    const marks = typeof delta === 'string' ? applyDelta(newer, delta) : undefined;
    if (!marks) return undefined;
    out[i] = newer = marks;
  }
  return out;
}
