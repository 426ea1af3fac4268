import { describe, expect, it } from 'vitest';
import type { PersistEffect } from '../rooms/index.ts';
import { GroupCommit } from './group-commit.ts';

const move = (raceId: string, seq: number): PersistEffect => ({
  type: 'persistMove',
  raceId,
  seq,
  move: { playerId: 'p1', moveId: `m${seq}`, at: 0, cell: 0, digit: 1, verdict: 'correct' },
});

/** A store that records each transaction's writes, and refuses any holding a write of `bad`. */
function fakeStore(bad?: string) {
  const transactions: string[][] = [];
  return {
    transactions,
    commit(writes: readonly PersistEffect[]) {
      const ids = writes.map((w) => (w.type === 'persistMove' ? `${w.raceId}#${w.seq}` : w.type));
      if (bad !== undefined && ids.some((id) => id.startsWith(bad)))
        throw new Error(`constraint failed: ${bad}`);
      transactions.push(ids);
    },
  };
}

describe('group commit', () => {
  it('stores one turn’s commands in one transaction, then answers each', async () => {
    const store = fakeStore();
    const log = new GroupCommit(store);
    const answered: string[] = [];
    const done = ['a', 'b', 'c'].map((race) =>
      log
        .commit([move(race, 0)])
        .then(() => answered.push(`${race}: ${store.transactions.length}`)),
    );
    expect(store.transactions).toEqual([]); // nothing written (or answered) within the turn
    await Promise.all(done);
    expect(store.transactions).toEqual([['a#0', 'b#0', 'c#0']]);
    expect(answered).toEqual(['a: 1', 'b: 1', 'c: 1']);
    await log.commit([move('a', 1)]);
    expect(store.transactions).toEqual([['a#0', 'b#0', 'c#0'], ['a#1']]);
    expect(log.groupSize).toBe(2);
  });

  it('keeps each command all or none: a faulty one fails alone, the others are stored', async () => {
    const store = fakeStore('b');
    const log = new GroupCommit(store);
    const results = await Promise.allSettled([
      log.commit([move('a', 0), move('a', 1)]),
      log.commit([move('b', 0)]),
      log.commit([move('c', 0)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      message: 'constraint failed: b',
    });
    expect(store.transactions).toEqual([['a#0', 'a#1'], ['c#0']]);
  });

  it('fails every command of a turn when nothing can be written', async () => {
    const log = new GroupCommit({
      commit: () => {
        throw new Error('disk I/O error');
      },
    });
    const results = await Promise.allSettled([
      log.commit([move('a', 0)]),
      log.commit([move('b', 0)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
