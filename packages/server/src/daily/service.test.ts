import { describe, expect, it } from 'vitest';
import type { SeededPuzzles } from '../puzzles/pool.ts';
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
});
