import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskWindow } from './flush-window.ts';

afterEach(() => vi.useRealTimers());

describe('task window (a cluster node’s commits to Redis)', () => {
  /** A window of 4 ms on fake timers; `started` lists each task as it starts, with the time. */
  function windowed() {
    vi.useFakeTimers();
    const window = new TaskWindow(4, () => Date.now());
    const t0 = Date.now();
    const started: string[] = [];
    const run = (name: string, fail = false) =>
      window.run(async () => {
        started.push(`${name}@${Date.now() - t0}`);
        if (fail) throw new Error(`${name} refused`);
        return name.toUpperCase();
      });
    return { started, run };
  }

  it('starts the first task at the end of its turn, then at most one group per 4 ms', async () => {
    const { started, run } = windowed();
    const a = run('a');
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a@0']);
    expect(await a).toBe('A');
    await vi.advanceTimersByTimeAsync(1);
    const later = [run('b'), run('c')];
    await vi.advanceTimersByTimeAsync(2);
    expect(started).toEqual(['a@0']); // still within a's window
    await vi.advanceTimersByTimeAsync(1);
    // Both at once, in the order they came: one pipelined write to Redis.
    expect(started).toEqual(['a@0', 'b@4', 'c@4']);
    expect(await Promise.all(later)).toEqual(['B', 'C']);
  });

  it('fails only the task that failed', async () => {
    const { run } = windowed();
    const results = Promise.allSettled([run('a'), run('b', true), run('c')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(
      (await results).map((r) => (r.status === 'fulfilled' ? r.value : r.reason.message)),
    ).toEqual(['A', 'b refused', 'C']);
  });
});
