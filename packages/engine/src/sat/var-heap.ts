import type { Var } from './lit.ts';
import { settleFields } from './shapes.ts';

/**
 * A binary max-heap of variables keyed by activity (MiniSat's `order_heap`): VSIDS picks the
 * most active unassigned variable in O(log n), and a bump moves a variable up in place.
 */
export class VarHeap {
  /** Heap order: heap[0] is the most active variable. */
  private heap: Int32Array;
  /** Position of each variable in `heap`, or -1 when absent. */
  private indices: Int32Array;
  /** Number of variables in the heap. */
  private count = 0;

  constructor(
    /** Shared with the solver, which bumps and rescales it; read only here. */
    private activity: Float64Array,
    capacity: number,
  ) {
    this.heap = new Int32Array(Math.max(capacity, 1));
    this.indices = new Int32Array(Math.max(capacity, 1)).fill(-1);
    settleFields(this);
  }

  get size(): number {
    return this.count;
  }

  /** Makes room for variables up to `capacity - 1`, adopting the solver's regrown activity array. */
  grow(capacity: number, activity: Float64Array): void {
    this.activity = activity;
    if (capacity <= this.indices.length) return;
    const heap = new Int32Array(capacity);
    heap.set(this.heap);
    const indices = new Int32Array(capacity).fill(-1);
    indices.set(this.indices);
    this.heap = heap;
    this.indices = indices;
  }

  contains(v: Var): boolean {
    return this.indices[v]! >= 0;
  }

  insert(v: Var): void {
    if (this.indices[v]! >= 0) return;
    this.heap[this.count] = v;
    this.indices[v] = this.count;
    this.count++;
    this.siftUp(this.count - 1);
  }

  /** Restores the heap after `activity[v]` grew. */
  increased(v: Var): void {
    const i = this.indices[v]!;
    if (i >= 0) this.siftUp(i);
  }

  /** Removes and returns the most active variable; the heap must not be empty. */
  removeMax(): Var {
    const top = this.heap[0]!;
    const last = this.heap[--this.count]!;
    this.indices[top] = -1;
    if (this.count > 0) {
      this.heap[0] = last;
      this.indices[last] = 0;
      this.siftDown(0);
    }
    return top;
  }

  private siftUp(start: number): void {
    const { heap, indices, activity } = this;
    const v = heap[start]!;
    const a = activity[v]!;
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      if (activity[p]! >= a) break;
      heap[i] = p;
      indices[p] = i;
      i = parent;
    }
    heap[i] = v;
    indices[v] = i;
  }

  private siftDown(start: number): void {
    const { heap, indices, activity, count } = this;
    const v = heap[start]!;
    const a = activity[v]!;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= count) break;
      const right = child + 1;
      if (right < count && activity[heap[right]!]! > activity[heap[child]!]!) child = right;
      const c = heap[child]!;
      if (activity[c]! <= a) break;
      heap[i] = c;
      indices[c] = i;
      i = child;
    }
    heap[i] = v;
    indices[v] = i;
  }
}
