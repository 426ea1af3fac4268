import { describe, expect, it } from 'vitest';
import type { SolveRecord } from '../../state/solve-record.ts';
import { bestSolves } from './picks.ts';

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
