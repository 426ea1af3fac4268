/** Shared by the daily store and API tests: a contract both databases must keep. */
import { expect, it } from 'vitest';
import {
  DAILY_START_KEPT_MS,
  type DailyStore,
  type DailySolve,
} from '../../packages/server/src/store/daily-store.ts';

export const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
export const PUZZLE = '000' + SOLUTION.slice(3, 80) + '0';

export const solve = (over: Partial<DailySolve>): DailySolve => ({
  day: '2026-11-25',
  variant: 'classic',
  deviceId: 'device-ann',
  nickname: 'Ann',
  timeMs: 60_000,
  mistakes: 0,
  moves: [{ at: 60_000, cell: 0, digit: 5 }],
  submittedAt: 1,
  onTheDay: true,
  ...over,
});

const puzzleOf = (day: string, variant = 'classic') => ({
  day,
  variant,
  difficulty: 'medium',
  puzzle: PUZZLE,
  solution: SOLUTION,
});

/** `open` gives a fresh, empty store each time. */
export function dailyContract(open: () => Promise<DailyStore>): void {
  it('keeps the first puzzle stored for a day: a later insert reads back the first', async () => {
    const store = await open();
    const first = await store.putPuzzle(puzzleOf('2026-11-25'), 1);
    const other = { ...puzzleOf('2026-11-25'), puzzle: '0'.repeat(81) };
    expect(await store.putPuzzle(other, 2)).toEqual(first);
    expect(first.puzzle).toBe(PUZZLE);
    expect(await store.puzzle('2026-11-25', 'x')).toBeUndefined();
    await store.close();
  });

  it("keeps each device's best solve: less time, or the same time with fewer mistakes", async () => {
    const store = await open();
    await store.putPuzzle(puzzleOf('2026-11-25'), 1);
    expect(await store.recordSolve(solve({ timeMs: 60_000, mistakes: 2 }))).toEqual({
      improved: true,
    });
    expect(await store.recordSolve(solve({ timeMs: 70_000, submittedAt: 2 }))).toEqual({
      improved: false,
    });
    expect(await store.entryOf('2026-11-25', 'classic', 'device-ann')).toEqual({
      rank: 1,
      nickname: 'Ann',
      timeMs: 60_000,
      mistakes: 2,
      onTheDay: true,
    });
    expect(await store.recordSolve(solve({ timeMs: 60_000, mistakes: 1, submittedAt: 3 }))).toEqual(
      {
        improved: true,
      },
    );
    // A faster solve from the archive later keeps the day's streak mark.
    const later = solve({ timeMs: 50_000, nickname: 'Ann B', submittedAt: 4, onTheDay: false });
    expect(await store.recordSolve(later)).toEqual({ improved: true });
    expect(await store.entryOf('2026-11-25', 'classic', 'device-ann')).toEqual({
      rank: 1,
      nickname: 'Ann B',
      timeMs: 50_000,
      mistakes: 0,
      onTheDay: true,
    });
    expect(await store.solvers('2026-11-25', 'classic')).toBe(1);
    await store.close();
  });

  it('ranks by time, then mistakes, then the earlier post, with nicknames only', async () => {
    const store = await open();
    await store.putPuzzle(puzzleOf('2026-11-25'), 1);
    await store.recordSolve(
      solve({
        deviceId: 'device-dan',
        nickname: 'Dan',
        timeMs: 40_000,
        mistakes: 1,
        submittedAt: 1,
      }),
    );
    await store.recordSolve(
      solve({ deviceId: 'device-bob', nickname: 'Bob', timeMs: 40_000, submittedAt: 9 }),
    );
    await store.recordSolve(
      solve({ deviceId: 'device-cat', nickname: 'Cat', timeMs: 40_000, submittedAt: 5 }),
    );
    await store.recordSolve(
      solve({ deviceId: 'device-ann', nickname: 'Ann', timeMs: 30_000, onTheDay: false }),
    );
    const board = await store.leaderboard('2026-11-25', 'classic', 10);
    expect(board.map((e) => [e.rank, e.nickname, e.timeMs, e.onTheDay])).toEqual([
      [1, 'Ann', 30_000, false],
      [2, 'Cat', 40_000, true],
      [3, 'Bob', 40_000, true],
      [4, 'Dan', 40_000, true],
    ]);
    expect(Object.keys(board[0]!).sort()).toEqual([
      'mistakes',
      'nickname',
      'onTheDay',
      'rank',
      'timeMs',
    ]);
    expect((await store.leaderboard('2026-11-25', 'classic', 2)).length).toBe(2);
    expect((await store.entryOf('2026-11-25', 'classic', 'device-bob'))?.rank).toBe(3);
    expect(await store.entryOf('2026-11-25', 'classic', 'device-eve')).toBeNull();
    const ghost = await store.ranked('2026-11-25', 'classic', 2);
    expect(ghost?.entry.nickname).toBe('Cat');
    expect(ghost?.moves).toEqual([{ at: 60_000, cell: 0, digit: 5 }]);
    expect(await store.ranked('2026-11-25', 'classic', 5)).toBeUndefined();
    await store.close();
  });

  it('gives the days solved on the day (for streaks) and the counts per day and variant', async () => {
    const store = await open();
    for (const day of ['2026-11-23', '2026-11-24', '2026-11-25']) {
      await store.putPuzzle(puzzleOf(day), 1);
      await store.putPuzzle(puzzleOf(day, 'x'), 1);
    }
    await store.recordSolve(solve({ day: '2026-11-25' }));
    await store.recordSolve(solve({ day: '2026-11-25', variant: 'x' }));
    await store.recordSolve(solve({ day: '2026-11-24', onTheDay: false }));
    await store.recordSolve(solve({ day: '2026-11-23' }));
    await store.recordSolve(solve({ day: '2026-11-23', deviceId: 'device-bob', timeMs: 1000 }));
    expect(await store.streakDays('device-ann')).toEqual(['2026-11-25', '2026-11-23']);
    const counts = await store.counts('2026-11-24', '2026-11-25');
    const sorted = [...counts].sort((a, b) =>
      `${a.day}${a.variant}`.localeCompare(`${b.day}${b.variant}`),
    );
    expect(sorted).toEqual([
      { day: '2026-11-24', variant: 'classic', solvers: 1, bestTimeMs: 60_000 },
      { day: '2026-11-25', variant: 'classic', solvers: 1, bestTimeMs: 60_000 },
      { day: '2026-11-25', variant: 'x', solvers: 1, bestTimeMs: 60_000 },
    ]);
    await store.close();
  });

  it('keeps each start by its id, and prunes starts two days older than a new one', async () => {
    const store = await open();
    await store.putPuzzle(puzzleOf('2026-11-25'), 1);
    const start = {
      startId: 'start-aaaaaaaaaaaa',
      day: '2026-11-25',
      variant: 'classic',
      deviceId: 'device-ann',
      startedAt: 1_000,
    };
    await store.putStart(start);
    expect(await store.startOf(start.startId)).toEqual(start);
    expect(await store.startOf('start-bbbbbbbbbbbb')).toBeUndefined();
    const later = {
      ...start,
      startId: 'start-cccccccccccc',
      startedAt: 1_000 + DAILY_START_KEPT_MS,
    };
    await store.putStart(later);
    expect(await store.startOf(start.startId)).toEqual(start);
    await store.putStart({
      ...later,
      startId: 'start-dddddddddddd',
      startedAt: later.startedAt + 1,
    });
    expect(await store.startOf(start.startId)).toBeUndefined();
    expect(await store.startOf(later.startId)).toEqual(later);
    await expect(
      store.putStart({ ...later, startId: 'start-eeeeeeeeeeee', day: '2026-11-20' }),
    ).rejects.toThrow();
    await store.close();
  });

  it('refuses a solve of a day with no stored puzzle', async () => {
    const store = await open();
    await expect(store.recordSolve(solve({ day: '2026-11-20' }))).rejects.toThrow();
    await store.close();
  });
}
