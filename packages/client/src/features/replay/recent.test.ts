import type { HistoryEntryView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import type { SolveRecord } from '../../state/solve-record.ts';
import { recentEntries } from './recent.ts';

const race = (raceId: string, endedAt: number): HistoryEntryView => ({
  raceId,
  roomCode: 'ABCDE',
  variant: 'percent',
  difficulty: 'easy',
  endedAt,
  nickname: 'Ann',
  place: 1,
  timeMs: 60_000,
  mistakes: 0,
  outcome: 'finished',
  players: 2,
  teamPlace: null,
});

const solve = (id: string, startedAt: number, timeMs: number): SolveRecord => ({
  id,
  source: 'solo',
  variant: 'percent',
  difficulty: 'easy',
  puzzle: '0'.repeat(81),
  solution: '1'.repeat(81),
  nickname: 'Ann',
  startedAt,
  timeMs,
  mistakes: 0,
  moves: [],
});

describe('recentEntries', () => {
  it('merges races and solves newest first (a solve counts from its end), up to the limit', () => {
    const entries = recentEntries(
      [race('r1', 5000), race('r2', 1000)],
      [solve('s1', 2000, 500), solve('s 2', 100, 100)],
      3,
    );
    expect(entries.map((e) => e.href)).toEqual(['/race/r1', '/replay/s1', '/race/r2']);
    expect(recentEntries([], [solve('s 2', 1, 1)], 5)[0]!.href).toBe('/replay/s%202');
  });
});
