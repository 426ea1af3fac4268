/**
 * Append-only sequences for the room core's per-move state (a race's move log, a runner's
 * acks), so that judging move n costs the same as judging move 1.
 *
 * `reduce` is pure: it returns a new room and leaves the old one as it was. Copying a race's
 * move log on every move made the n-th move cost O(n). Here the versions of a log share one
 * array: a version is that array and its own length, `append` pushes onto the shared array
 * when this version is the newest (O(1)) and copies only when it is not (after a newer version
 * was made and dropped, e.g. a command whose write failed: the runner keeps the older room,
 * and its next append must not see the dropped move). An older version never sees items
 * appended after it, because it reads only up to its own length.
 *
 * Not Immutable.js's List: its trie allocates path nodes on every push and changes every
 * reader's API; the core only ever appends to its newest version, which this serves in O(1)
 * with plain arrays.
 */
export class SharedLog<T> implements Iterable<T> {
  private constructor(
    /** Items of this version and of any newer one that shares the array. */
    private readonly items: T[],
    /** How many of `items` belong to this version. */
    readonly length: number,
  ) {}

  static of<T>(items: readonly T[] = []): SharedLog<T> {
    return new SharedLog([...items], items.length);
  }

  /** This log and `item` after it; this version is unchanged. */
  append(item: T): SharedLog<T> {
    const items = this.items.length === this.length ? this.items : this.items.slice(0, this.length);
    items.push(item);
    return new SharedLog(items, this.length + 1);
  }

  /** The item at `index` (negative counts from the end), or undefined outside the log. */
  at(index: number): T | undefined {
    const i = index < 0 ? this.length + index : index;
    return i >= 0 && i < this.length ? this.items[i] : undefined;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.length; i++) yield this.items[i]!;
  }

  /** A fresh array of this version's items. */
  toArray(): T[] {
    return this.items.slice(0, this.length);
  }

  filter(keep: (item: T) => boolean): T[] {
    const kept: T[] = [];
    for (let i = 0; i < this.length; i++) if (keep(this.items[i]!)) kept.push(this.items[i]!);
    return kept;
  }

  map<U>(f: (item: T, index: number) => U): U[] {
    const out = new Array<U>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = f(this.items[i]!, i);
    return out;
  }

  /** As an array in JSON (snapshots, test output). */
  toJSON(): T[] {
    return this.toArray();
  }
}

/**
 * A `SharedLog` of values under unique string keys, with lookup by key: a runner's acks by
 * move id. The key index is shared between versions like the items; a version sees a key
 * only if its entry lies within its own length.
 */
export class KeyedLog<V> {
  private constructor(
    private readonly entries: SharedLog<readonly [string, V]>,
    /** Key → position in `entries`, for this version and any newer one. */
    private readonly index: Map<string, number>,
  ) {}

  static empty<V>(): KeyedLog<V> {
    return new KeyedLog(SharedLog.of(), new Map());
  }

  get size(): number {
    return this.entries.length;
  }

  get(key: string): V | undefined {
    const at = this.index.get(key);
    return at === undefined ? undefined : this.entries.at(at)?.[1];
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /**
   * This log with `value` under `key`; this version is unchanged. A key it holds already gets
   * the new value in a fresh copy (O(n); the core never does this — a move id seen before is
   * answered as a duplicate — but a replayed log is taken as it is, as a plain object would).
   */
  add(key: string, value: V): KeyedLog<V> {
    if (this.has(key)) {
      const entries = this.entries.map(([k, v]): readonly [string, V] => [
        k,
        k === key ? value : v,
      ]);
      return new KeyedLog(SharedLog.of(entries), new Map(entries.map(([k], i) => [k, i])));
    }
    const entries = this.entries.append([key, value]);
    // The newest version owns the index; an older one builds its own from its entries.
    const newest = this.index.size === this.entries.length;
    const index = newest ? this.index : new Map(this.entries.map(([k], i) => [k, i]));
    index.set(key, this.entries.length);
    return new KeyedLog(entries, index);
  }

  *values(): IterableIterator<V> {
    for (const [, value] of this.entries) yield value;
  }

  /** As an object of key → value in JSON. */
  toJSON(): Record<string, V> {
    return Object.fromEntries(this.entries);
  }
}
