/**
 * `a` itself when it holds `n` elements, else a copy of it with room for `n` (new slots are
 * zero). Callers keep the returned array: typed arrays cannot grow in place.
 */
export function grow<T extends Int8Array | Uint8Array | Int32Array | Float64Array>(
  a: T,
  n: number,
): T {
  if (a.length >= n) return a;
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}
