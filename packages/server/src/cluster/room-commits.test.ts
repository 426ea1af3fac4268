import { afterEach, describe, expect, it, vi } from 'vitest';
import { FencedError } from '../runner/room-log.ts';
import type { CommitOutcome, RoomCommit } from './redis-rooms.ts';
import { MAX_COMMITS_PER_CALL, RoomCommits } from './room-commits.ts';

afterEach(() => vi.useRealTimers());

describe('a cluster node’s commits to Redis', () => {
  /**
   * A window of 4 ms on fake timers, in front of a Redis that answers each call with
   * `outcomes(codes)` (or fails it); `calls` lists each call's rooms with its time.
   */
  function windowed(
    answer: (codes: string[]) => CommitOutcome[] | Error = (c) => c.map(() => 'written'),
  ) {
    vi.useFakeTimers();
    const t0 = Date.now();
    const calls: string[] = [];
    const commits = new RoomCommits(
      async (batch: readonly RoomCommit[]) => {
        const codes = batch.map((c) => c.code);
        calls.push(`${codes.join('+')}@${Date.now() - t0}`);
        const outcome = answer(codes);
        if (outcome instanceof Error) throw outcome;
        return outcome;
      },
      4,
      () => Date.now(),
    );
    const commit = (code: string) => commits.commit({ code, token: `node/${code}`, writes: [] });
    return { calls, commit };
  }

  it('sends the first commit at the end of its turn, then one call per 4 ms with all that came', async () => {
    const { calls, commit } = windowed();
    const a = commit('AAAAA');
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['AAAAA@0']);
    await a;
    await vi.advanceTimersByTimeAsync(1);
    const later = [commit('BBBBB'), commit('CCCCC')];
    await vi.advanceTimersByTimeAsync(2);
    expect(calls).toEqual(['AAAAA@0']); // still within a's window
    await vi.advanceTimersByTimeAsync(1);
    // One call for both, in the order they came: one script run, one reply.
    expect(calls).toEqual(['AAAAA@0', 'BBBBB+CCCCC@4']);
    await expect(Promise.all(later)).resolves.toEqual([undefined, undefined]);
  });

  it('fails only the commit whose lease is gone or whose log is ahead; an unreachable Redis fails all', async () => {
    const { commit } = windowed((codes) =>
      codes.length === 3 ? ['written', 'fenced', 'behind'] : new Error('connection lost'),
    );
    const settled = Promise.allSettled([commit('AAAAA'), commit('BBBBB'), commit('CCCCC')]);
    await vi.advanceTimersByTimeAsync(0);
    const [a, b, c] = await settled;
    expect(a.status).toBe('fulfilled');
    expect(b.status === 'rejected' && b.reason).toBeInstanceOf(FencedError);
    expect(c.status === 'rejected' && c.reason).toBeInstanceOf(FencedError);
    await vi.advanceTimersByTimeAsync(10);
    const lost = Promise.allSettled([commit('DDDDD'), commit('EEEEE')]);
    await vi.advanceTimersByTimeAsync(0);
    expect((await lost).map((r) => r.status === 'rejected' && String(r.reason))).toEqual([
      'Error: connection lost',
      'Error: connection lost',
    ]);
  });

  it('splits a backlog into calls of at most MAX_COMMITS_PER_CALL, in order', async () => {
    const { calls, commit } = windowed();
    const codes = Array.from({ length: MAX_COMMITS_PER_CALL + 2 }, (_, i) => `R${i}`);
    const all = Promise.all(codes.map((code) => commit(code)));
    await vi.advanceTimersByTimeAsync(0);
    await all;
    expect(calls.map((call) => call.split('@')[0]!.split('+').length)).toEqual([
      MAX_COMMITS_PER_CALL,
      2,
    ]);
    expect(calls[1]).toBe(`R${MAX_COMMITS_PER_CALL}+R${MAX_COMMITS_PER_CALL + 1}@0`);
  });
});
