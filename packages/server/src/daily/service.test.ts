import { describe, expect, it } from 'vitest';
import type { SeededPuzzles } from '../puzzles/pool.ts';
import type { DailyStore } from '../store/daily-store.ts';
import { openSqliteDaily } from '../store/sqlite-daily.ts';
import { DailyService } from './service.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');

/** Puzzle workers that take 20 ms a puzzle and count how many run at once. */
function countingPuzzles() {
  const counts = { running: 0, most: 0, made: 0 };
  const puzzles: SeededPuzzles = {
    async generateSeeded({ variant, difficulty }) {
      counts.running++;
      counts.most = Math.max(counts.most, counts.running);
      await new Promise((done) => setTimeout(done, 20));
      counts.running--;
      counts.made++;
      const grade = { difficulty, score: 1, hardest: 'nakedSingle', solvedByLogic: true };
      const puzzle = String(counts.made % 10).repeat(81);
      return { puzzle, solution: '1'.repeat(81), variant, difficulty, score: 1, clues: 0, grade };
    },
    grade: (_variant, _puzzle, _solution) =>
      Promise.resolve({
        difficulty: 'easy',
        score: 1,
        hardest: 'nakedSingle',
        solvedByLogic: true,
      }),
  };
  return { puzzles, counts };
}

/** Puzzles with every cell blank and the solution all 1s: a solve is one move per cell. */
function blankPuzzles(): SeededPuzzles {
  const { puzzles } = countingPuzzles();
  return {
    ...puzzles,
    generateSeeded: async (request) => ({
      ...(await puzzles.generateSeeded(request)),
      puzzle: '0'.repeat(81),
    }),
  };
}

const ANN = 'device-ann-1';

/** A service over blank puzzles on `clock`, and Ann's attempt at 2026-11-25's Sudoku X. */
async function startedOnBlank(clock: { now: number }, humanFloorMs = 500) {
  const daily = new DailyService({
    store: openSqliteDaily({ memory: true }),
    puzzles: blankPuzzles(),
    now: () => clock.now,
    humanFloorMs,
  });
  const started = await daily.startAttempt('2026-11-25', 'x', ANN, 'Ann');
  if (!started.ok) throw new Error(started.message);
  return { daily, started: started.value };
}

/** Plays every cell of the blank puzzle, `gapMs` apart on the clock; the last move's answer. */
async function solveBlank(
  daily: DailyService,
  attemptId: string,
  clock: { now: number },
  gapMs: number,
  deviceId = ANN,
) {
  let last;
  for (let cell = 0; cell < 81; cell++) {
    clock.now += gapMs;
    last = await daily.move(attemptId, deviceId, { seq: cell, cell, digit: 1 });
    if (!last.ok) throw new Error(last.message);
  }
  return last!;
}

describe('DailyService', () => {
  it('makes the puzzles of many archive days one at a time, and each day once', async () => {
    const { puzzles, counts } = countingPuzzles();
    const daily = new DailyService({
      store: openSqliteDaily({ memory: true }),
      puzzles,
      now: () => NOW,
    });
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
    const asked = [...days, ...days].map((day) => daily.puzzleView(day, 'percent', undefined));
    const views = await Promise.all(asked);
    expect(views.every((view) => view.ok)).toBe(true);
    expect(counts.made).toBe(days.length);
    expect(counts.most).toBe(1);
  });

  it('goes on making puzzles after one generation failed', async () => {
    const { puzzles, counts } = countingPuzzles();
    let failures = 3; // every attempt of the first day fails
    const flaky: SeededPuzzles = {
      ...puzzles,
      generateSeeded: (request) =>
        failures-- > 0 ? Promise.reject(new Error('worker died')) : puzzles.generateSeeded(request),
    };
    const daily = new DailyService({
      store: openSqliteDaily({ memory: true }),
      puzzles: flaky,
      now: () => NOW,
    });
    const first = daily.puzzleView('2026-11-20', 'percent', undefined);
    const second = daily.puzzleView('2026-11-21', 'percent', undefined);
    await expect(first).rejects.toThrow(/could not be generated: worker died/);
    expect((await second).ok).toBe(true);
    expect(counts.made).toBe(1);
  });

  it('answers PUZZLE_UNAVAILABLE past 8 days waiting to be made, and makes them later', async () => {
    const { puzzles, counts } = countingPuzzles();
    const daily = new DailyService({
      store: openSqliteDaily({ memory: true }),
      puzzles,
      now: () => NOW,
    });
    const days = Array.from({ length: 9 }, (_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
    const waiting = days.slice(0, 8).map((day) => daily.puzzleView(day, 'x', undefined));
    await expect(daily.puzzleView(days[8]!, 'x', undefined)).rejects.toThrow(
      /could not be generated: too many puzzles are being made/,
    );
    expect((await Promise.all(waiting)).every((view) => view.ok)).toBe(true);
    expect((await daily.puzzleView(days[8]!, 'x', undefined)).ok).toBe(true);
    expect(counts.made).toBe(9);
  });

  it("keeps the day's seed when the store fails: the next read makes the same puzzle", async () => {
    const seeds: string[] = [];
    const { puzzles } = countingPuzzles();
    const store = openSqliteDaily({ memory: true });
    let broken = true;
    const flakyStore: DailyStore = Object.create(store);
    flakyStore.putPuzzle = (record, at) =>
      broken ? Promise.reject(new Error('disk full')) : store.putPuzzle(record, at);
    const daily = new DailyService({
      store: flakyStore,
      puzzles: {
        ...puzzles,
        generateSeeded: (r) => (seeds.push(r.seed), puzzles.generateSeeded(r)),
      },
      now: () => NOW,
    });
    await expect(daily.puzzleView('2026-11-20', 'x', undefined)).rejects.toThrow('disk full');
    broken = false;
    expect((await daily.puzzleView('2026-11-20', 'x', undefined)).ok).toBe(true);
    expect(seeds).toHaveLength(2);
    expect(seeds[1]).toBe(seeds[0]);
  });

  it("times each move on the server's clock: the solve's time is the last move's arrival", async () => {
    const clock = { now: NOW };
    const { daily, started } = await startedOnBlank(clock);
    expect(started).toMatchObject({ startedAt: NOW, ranked: true, moves: [], result: null });
    expect(started.attemptId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    clock.now += 700;
    const wrong = await daily.move(started.attemptId, ANN, { seq: 0, cell: 0, digit: 2 });
    expect(wrong.ok && wrong.value).toEqual({
      move: { seq: 0, cell: 0, digit: 2, at: 700, verdict: 'wrong' },
      mistakes: 1,
      result: null,
    });
    const answer = await daily.move(started.attemptId, ANN, { seq: 1, cell: 0, digit: 0 });
    expect(answer.ok && answer.value.move.verdict).toBe('cleared');
    let last;
    for (let cell = 0; cell < 81; cell++) {
      clock.now += 1000;
      last = await daily.move(started.attemptId, ANN, { seq: cell + 2, cell, digit: 1 });
    }
    expect(last?.ok && last.value.result).toMatchObject({
      timeMs: 81_700,
      mistakes: 1,
      ranked: true,
      unranked: null,
      best: { rank: 1, nickname: 'Ann', timeMs: 81_700 },
      solvers: 1,
    });
  });

  it('ranks a device’s first finished solve; a later, faster one is practice', async () => {
    const clock = { now: NOW };
    const { daily, started } = await startedOnBlank(clock);
    const again = await daily.startAttempt('2026-11-25', 'x', ANN, 'Ann');
    if (!again.ok) throw new Error(again.message);
    const first = await solveBlank(daily, started.attemptId, clock, 1000);
    expect(first.ok && first.value.result).toMatchObject({ ranked: true, timeMs: 81_000 });
    const second = await solveBlank(daily, again.value.attemptId, clock, 600);
    expect(second.ok && second.value.result).toMatchObject({
      ranked: false,
      unranked: 'practice',
      best: { rank: 1, timeMs: 81_000 },
    });
    const view = await daily.puzzleView('2026-11-25', 'x', ANN);
    expect(view.ok && view.value.leaderboard.map((e) => e.timeMs)).toEqual([81_000]);
    const later = await daily.startAttempt('2026-11-25', 'x', ANN, 'Ann');
    expect(later.ok && later.value.ranked).toBe(false);
  });

  it('refuses a move out of order, after the solve, and another device’s use of the attempt', async () => {
    const clock = { now: NOW };
    const { daily, started } = await startedOnBlank(clock);
    const id = started.attemptId;
    const skip = await daily.move(id, ANN, { seq: 1, cell: 0, digit: 1 });
    expect(!skip.ok && [skip.code, skip.message]).toEqual(['MOVE_OUT_OF_ORDER', 'seq: 1; next: 0']);
    const thief = await daily.move(id, 'device-eve-1', { seq: 0, cell: 0, digit: 1 });
    expect(!thief.ok && [thief.status, thief.code]).toEqual([404, 'ATTEMPT_NOT_FOUND']);
    expect((await daily.attempt(id, 'device-eve-1')).ok).toBe(false);
    await solveBlank(daily, id, clock, 1000);
    const after = await daily.move(id, ANN, { seq: 81, cell: 3, digit: 2 });
    expect(!after.ok && after.code).toBe('ATTEMPT_FINISHED');
    const resumed = await daily.attempt(id, ANN);
    expect(resumed.ok && resumed.value.moves).toHaveLength(81);
    expect(resumed.ok && resumed.value.result).toMatchObject({ ranked: true, timeMs: 81_000 });
  });

  it('answers a retried move with its first answer, the finishing one with the result', async () => {
    const clock = { now: NOW };
    const { daily, started } = await startedOnBlank(clock);
    const id = started.attemptId;
    clock.now += 900;
    const first = await daily.move(id, ANN, { seq: 0, cell: 0, digit: 1 });
    clock.now += 5000;
    const retry = await daily.move(id, ANN, { seq: 0, cell: 0, digit: 1 });
    expect(retry).toEqual(first);
    const other = await daily.move(id, ANN, { seq: 0, cell: 1, digit: 1 });
    expect(!other.ok && other.message).toBe('seq: 0 was another move; next: 1');
    // Two copies of the same move at once: one is judged, the other gets its answer.
    const [a, b] = await Promise.all([
      daily.move(id, ANN, { seq: 1, cell: 1, digit: 1 }),
      daily.move(id, ANN, { seq: 1, cell: 1, digit: 1 }),
    ]);
    expect(a).toEqual(b);
    for (let cell = 2; cell < 81; cell++) {
      clock.now += 1000;
      await daily.move(id, ANN, { seq: cell, cell, digit: 1 });
    }
    const finishRetry = await daily.move(id, ANN, { seq: 80, cell: 80, digit: 1 });
    expect(finishRetry.ok && finishRetry.value.result).toMatchObject({ ranked: true });
  });

  it('does not rank a solve whose right digits came faster than a person places them', async () => {
    const clock = { now: NOW };
    const { daily, started } = await startedOnBlank(clock);
    const bot = await solveBlank(daily, started.attemptId, clock, 20);
    expect(bot.ok && bot.value.result).toMatchObject({
      ranked: false,
      unranked: 'tooFast',
      best: null,
    });
    const view = await daily.puzzleView('2026-11-25', 'x', ANN);
    expect(view.ok && view.value.leaderboard).toEqual([]);
  });

  it('keeps the solution and the ghosts from a device that has not solved the day', async () => {
    const clock = { now: NOW };
    const { daily, started } = await startedOnBlank(clock);
    await solveBlank(daily, started.attemptId, clock, 1000);
    const view = await daily.puzzleView('2026-11-25', 'x', 'device-bob-1');
    expect(view.ok && Object.keys(view.value)).not.toContain('solution');
    const locked = await daily.ghost('2026-11-25', 'x', 1, 'device-bob-1');
    expect(!locked.ok && [locked.status, locked.code]).toEqual([403, 'GHOST_LOCKED']);
    expect((await daily.ghost('2026-11-25', 'x', 1, undefined)).ok).toBe(false);
    const ghost = await daily.ghost('2026-11-25', 'x', 1, ANN);
    expect(ghost.ok && ghost.value.moves.map((m) => m.at)).toEqual(
      Array.from({ length: 81 }, (_, i) => (i + 1) * 1000),
    );
  });

  it('counts a game begun before midnight for its day, though solved after', async () => {
    const clock = { now: Date.parse('2026-11-25T23:59:00Z') };
    const { daily, started } = await startedOnBlank(clock);
    const solved = await solveBlank(daily, started.attemptId, clock, 1000);
    expect(solved.ok && solved.value.result).toMatchObject({
      onTheDay: true,
      streak: { current: 1, best: 1, solvedToday: false },
    });
  });
});
