import { describe, expect, it } from 'vitest';
import type { SolveRecord } from '../../../state/solve-record.ts';
import type { DailySummaryView } from '@percent/protocol';
import { bestSolves, recentLeaders } from './picks.ts';

const solve = (id: string, puzzle: string, timeMs: number, startedAt: number): SolveRecord => ({
  id,
  source: 'solo',
  variant: 'percent',
  difficulty: 'easy',
  puzzle: puzzle.repeat(81),
  solution: '1'.repeat(81),
  nickname: 'Ann',
  startedAt,
  timeMs,
  mistakes: 0,
  moves: [],
});

describe('the ghost picker', () => {
  it('offers the fastest solve of each puzzle, newest puzzle first', () => {
    const solves = [
      solve('a-slow', '0', 90_000, 30),
      solve('b', '1', 50_000, 20),
      solve('a-fast', '0', 60_000, 10),
      solve('c', '2', 70_000, 40),
    ];
    expect(bestSolves(solves).map((s) => s.id)).toEqual(['c', 'b', 'a-fast']);
    expect(bestSolves(solves, 2).map((s) => s.id)).toEqual(['c', 'b']);
    expect(bestSolves([])).toEqual([]);
  });
});

describe('recent daily leaders', () => {
  const daily = (
    day: string,
    variant: DailySummaryView['variant'],
    bestTimeMs: number | null,
  ): DailySummaryView => ({
    day,
    variant,
    difficulty: 'easy',
    solvers: bestTimeMs === null ? 0 : 1,
    bestTimeMs,
  });

  it("lists dailies that have a leader, today's first, then the archive newest first", () => {
    const index = {
      today: '2026-11-25',
      streak: null,
      variants: [daily('2026-11-25', 'classic', null), daily('2026-11-25', 'x', 5000)],
      archive: [
        { day: '2026-11-24', variants: [daily('2026-11-24', 'percent', 7000)] },
        { day: '2026-11-23', variants: [daily('2026-11-23', 'classic', 9000)] },
      ],
    };
    expect(recentLeaders(index).map((d) => `${d.day}/${d.variant}`)).toEqual([
      '2026-11-25/x',
      '2026-11-24/percent',
      '2026-11-23/classic',
    ]);
    expect(recentLeaders(index, 1)).toHaveLength(1);
  });
});
