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

/** A solve of a blank puzzle whose last move is at `lastAt` ms, posted with `startId`. */
const solveOfBlank = (startId: string, lastAt: number) => ({
  deviceId: 'device-ann-1',
  startId,
  nickname: 'Ann',
  moves: Array.from({ length: 81 }, (_, cell) => ({ at: lastAt - 80 + cell, cell, digit: 1 })),
});

/** A service over blank puzzles on `clock`, and Ann's start of 2026-11-25's Sudoku X. */
async function startedOnBlank(clock: { now: number }) {
  const daily = new DailyService({
    store: openSqliteDaily({ memory: true }),
    puzzles: blankPuzzles(),
    now: () => clock.now,
  });
  const started = await daily.start('2026-11-25', 'x', 'device-ann-1');
  if (!started.ok) throw new Error(started.message);
  return { daily, started };
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

  it("starts an attempt on the server's clock and takes its solve only once that much time passed", async () => {
    const clock = { now: NOW };
    const { daily, started } = await startedOnBlank(clock);
    expect(started.value.startedAt).toBe(NOW);
    expect(started.value.startId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const view = await daily.puzzleView('2026-11-25', 'x', undefined);
    if (!view.ok) throw new Error(view.message);
    const payload = solveOfBlank(started.value.startId, 10_080);
    clock.now = NOW + 8_079; // 10.080 s claimed: 2.001 s ahead of the server
    const early = await daily.submit('2026-11-25', 'x', payload);
    expect(early.ok ? 'taken' : early.message).toBe(
      'moves: the solve claims 10.1 s but began 8.1 s ago on the server',
    );
    clock.now = NOW + 8_080; // exactly 2 s ahead: the slack
    const taken = await daily.submit('2026-11-25', 'x', payload);
    expect(taken.ok && taken.value.timeMs).toBe(10_080);
  });

  it('counts a game begun before midnight for its day, though posted after', async () => {
    const clock = { now: Date.parse('2026-11-25T23:59:30Z') };
    const { daily, started } = await startedOnBlank(clock);
    const payload = solveOfBlank(started.value.startId, 50_080);
    clock.now = Date.parse('2026-11-26T00:00:30Z');
    const posted = await daily.submit('2026-11-25', 'x', payload);
    if (!posted.ok) throw new Error(posted.message);
    expect(posted.value.onTheDay).toBe(true);
    expect(posted.value.streak).toEqual({ current: 1, best: 1, solvedToday: false });
  });
});
