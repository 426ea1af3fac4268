import { describe, expect, it } from 'vitest';
import { MoveQueue } from './moves.ts';

describe('MoveQueue', () => {
  it('gives every move a distinct id in the protocol alphabet', () => {
    const queue = new MoveQueue();
    const ids = Array.from({ length: 50 }, (_, i) => queue.add(i % 81, 1).moveId);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });

  it('lets only the latest move of a cell show its verdict', () => {
    const queue = new MoveQueue();
    const first = queue.add(4, 5);
    const second = queue.add(4, 6);
    expect(queue.settle(first.moveId)).toBe(false);
    expect(queue.isPending(4)).toBe(true);
    expect(queue.settle(second.moveId)).toBe(true);
    expect(queue.isPending(4)).toBe(false);
  });

  it('keeps unacknowledged moves in order for a resend, and settles each once', () => {
    const queue = new MoveQueue();
    const a = queue.add(1, 2);
    const b = queue.add(3, 4);
    expect(queue.pending()).toEqual([a, b]);
    expect(queue.settle(a.moveId)).toBe(true);
    expect(queue.settle(a.moveId)).toBe(false);
    expect(queue.pending()).toEqual([b]);
  });

  it('takes back moves saved before a reload, ids kept, the later of a cell deciding', () => {
    const queue = new MoveQueue();
    const older = { moveId: 'old-1', cell: 9, digit: 3 };
    const newer = { moveId: 'old-2', cell: 9, digit: 4 };
    queue.adopt(older);
    queue.adopt(newer);
    queue.adopt(older); // already waiting: unchanged
    expect(queue.pending()).toEqual([older, newer]);
    expect(queue.settle(older.moveId)).toBe(false);
    expect(queue.settle(newer.moveId)).toBe(true);
    expect(queue.isPending(9)).toBe(false);
  });
});
