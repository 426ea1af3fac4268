import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const log = new GroupCommit(store, { windowMs: 0 });
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

  describe('with a window', () => {
    afterEach(() => vi.useRealTimers());

    /** A window of 4 ms on fake timers; `answered` lists each command's ack as it comes. */
    function windowed() {
      vi.useFakeTimers();
      const store = fakeStore();
      const log = new GroupCommit(store, { windowMs: 4, now: () => Date.now() });
      const answered: string[] = [];
      const send = (race: string, seq: number) =>
        void log.commit([move(race, seq)]).then(() => answered.push(`${race}#${seq}`));
      return { store, log, answered, send };
    }

    it('writes the first command after a quiet spell at once, at the end of its turn', async () => {
      const { store, answered, send } = windowed();
      send('a', 0);
      expect(store.transactions).toEqual([]);
      await vi.advanceTimersByTimeAsync(0);
      expect(store.transactions).toEqual([['a#0']]);
      expect(answered).toEqual(['a#0']);
    });

    it('holds the commands of the next 4 ms back and stores them in one transaction', async () => {
      const { store, log, answered, send } = windowed();
      send('a', 0);
      await vi.advanceTimersByTimeAsync(0);
      send('b', 0);
      await vi.advanceTimersByTimeAsync(1);
      send('c', 0);
      send('a', 1);
      await vi.advanceTimersByTimeAsync(2);
      // Within the window: nothing written, nothing acknowledged.
      expect(store.transactions).toEqual([['a#0']]);
      expect(answered).toEqual(['a#0']);
      await vi.advanceTimersByTimeAsync(1);
      expect(store.transactions).toEqual([['a#0'], ['b#0', 'c#0', 'a#1']]);
      expect(answered).toEqual(['a#0', 'b#0', 'c#0', 'a#1']);
      expect(log.groupSize).toBe(2);
      // Quiet for a window: the next command is written at once again.
      await vi.advanceTimersByTimeAsync(10);
      send('d', 0);
      await vi.advanceTimersByTimeAsync(0);
      expect(store.transactions.at(-1)).toEqual(['d#0']);
    });

    it('keeps a faulty command apart in a windowed transaction too', async () => {
      vi.useFakeTimers();
      const store = fakeStore('b');
      const log = new GroupCommit(store, { windowMs: 4, now: () => Date.now() });
      await Promise.all([log.commit([move('a', 0)]), vi.advanceTimersByTimeAsync(0)]);
      const results = Promise.allSettled([log.commit([move('b', 0)]), log.commit([move('c', 0)])]);
      await vi.advanceTimersByTimeAsync(4);
      expect((await results).map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      expect(store.transactions).toEqual([['a#0'], ['c#0']]);
    });
  });
});
