/** Shared by the daily store and API tests: a contract both databases must keep. */
import { expect, it } from 'vitest';
import {
  DAILY_ATTEMPT_KEPT_MS,
  type DailyAttempt,
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
  attemptId: `attempt-of-${over.deviceId ?? 'device-ann'}`,
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

  it("keeps a device's first solve only: later ones are practice, its own retry is ranked", async () => {
    const store = await open();
    await store.putPuzzle(puzzleOf('2026-11-25'), 1);
    const first = solve({ timeMs: 60_000, mistakes: 2, attemptId: 'attempt-1' });
    expect(await store.recordSolve(first)).toEqual({ ranked: true });
    expect(await store.recordSolve(first)).toEqual({ ranked: true });
    const faster = solve({ timeMs: 30_000, submittedAt: 2, attemptId: 'attempt-2' });
    expect(await store.recordSolve(faster)).toEqual({ ranked: false });
    expect(await store.entryOf('2026-11-25', 'classic', 'device-ann')).toEqual({
      rank: 1,
      nickname: 'Ann',
      timeMs: 60_000,
      mistakes: 2,
      onTheDay: true,
    });
    expect(await store.solvers('2026-11-25', 'classic')).toBe(1);
    await store.close();
  });

  it('binds a device id to the first secret hash it is claimed with', async () => {
    const store = await open();
    expect(await store.deviceHash('device-ann')).toBeUndefined();
    expect(await store.claimDevice('device-ann', 'hash-one', 1)).toBe('hash-one');
    expect(await store.claimDevice('device-ann', 'hash-two', 2)).toBe('hash-one');
    expect(await store.deviceHash('device-ann')).toBe('hash-one');
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

  it('keeps attempts by id, writes their moves only from the count read, prunes old ones', async () => {
    const store = await open();
    await store.putPuzzle(puzzleOf('2026-11-25'), 1);
    const attempt: DailyAttempt = {
      attemptId: 'attempt-aaaaaaaaaaaa',
      day: '2026-11-25',
      variant: 'classic',
      deviceId: 'device-ann',
      nickname: 'Ann',
      startedAt: 1_000,
      moves: [],
      finishedAt: null,
    };
    await store.putAttempt(attempt);
    expect(await store.attemptOf(attempt.attemptId)).toEqual(attempt);
    expect(await store.attemptOf('attempt-bbbbbbbbbbbb')).toBeUndefined();
    const one = [{ seq: 0, cell: 0, digit: 5, at: 900, verdict: 'correct' as const }];
    expect(await store.saveMoves(attempt.attemptId, 0, one, null)).toBe(true);
    // Another request read 0 moves too: its write is refused.
    expect(await store.saveMoves(attempt.attemptId, 0, one, null)).toBe(false);
    const two = [...one, { seq: 1, cell: 1, digit: 3, at: 1500, verdict: 'correct' as const }];
    expect(await store.saveMoves(attempt.attemptId, 1, two, 2_500)).toBe(true);
    expect(await store.attemptOf(attempt.attemptId)).toEqual({
      ...attempt,
      moves: two,
      finishedAt: 2_500,
    });
    // A finished attempt takes no more moves.
    expect(
      await store.saveMoves(attempt.attemptId, 2, [...two, { ...two[1]!, seq: 2 }], null),
    ).toBe(false);
    const later = {
      ...attempt,
      attemptId: 'attempt-cccccccccccc',
      startedAt: 1_000 + DAILY_ATTEMPT_KEPT_MS,
    };
    await store.putAttempt(later);
    expect(await store.attemptOf(attempt.attemptId)).toBeDefined();
    await store.putAttempt({
      ...later,
      attemptId: 'attempt-dddddddddddd',
      startedAt: later.startedAt + 1,
    });
    expect(await store.attemptOf(attempt.attemptId)).toBeUndefined();
    expect(await store.attemptOf(later.attemptId)).toEqual(later);
    await expect(
      store.putAttempt({ ...later, attemptId: 'attempt-eeeeeeeeeeee', day: '2026-11-20' }),
    ).rejects.toThrow();
    await store.close();
  });

  it('refuses a solve of a day with no stored puzzle', async () => {
    const store = await open();
    await expect(store.recordSolve(solve({ day: '2026-11-20' }))).rejects.toThrow();
    await store.close();
  });
}
