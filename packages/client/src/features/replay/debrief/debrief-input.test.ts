import { describe, expect, it } from 'vitest';
import type { ReplayRecord } from '../replay-record.ts';
import { debriefInputOf } from './debrief-input.ts';

const record: ReplayRecord = {
  kind: 'race',
  id: 'r',
  variant: 'percent',
  difficulty: 'easy',
  puzzle: '0'.repeat(81),
  solution: '1'.repeat(81),
  startedAt: 0,
  durationMs: 90_000,
  players: [
    { id: 'ann', nickname: 'Ann', place: 1, timeMs: 9000, mistakes: 0, outcome: 'finished' },
    { id: 'bob', nickname: 'Bob', place: null, timeMs: null, mistakes: 1, outcome: 'timeout' },
  ],
  moves: [
    { playerId: 'ann', at: 1000, cell: 0, digit: 1, verdict: 'correct' },
    { playerId: 'bob', at: 2000, cell: 0, digit: 2, verdict: 'wrong' },
    { playerId: 'ann', at: 9000, cell: 1, digit: 0, verdict: 'cleared' },
  ],
  wrongDigitsStay: false,
};

describe('debriefInputOf', () => {
  it('takes one player’s moves, in order, ending at their last move when they stopped', () => {
    expect(debriefInputOf(record, 'ann')).toEqual({
      variant: 'percent',
      puzzle: record.puzzle,
      solution: record.solution,
      moves: [
        { at: 1000, cell: 0, digit: 1, verdict: 'correct' },
        { at: 9000, cell: 1, digit: 0, verdict: 'cleared' },
      ],
      endMs: 9000,
      wrongDigitsStay: false,
    });
  });

  it('tells the engine that a solve keeps its wrong digits on the board', () => {
    const solve = { ...record, kind: 'solve', wrongDigitsStay: true } as const;
    expect(debriefInputOf(solve, 'bob')?.wrongDigitsStay).toBe(true);
  });

  it('runs to the end of the race for a player whose time ran out', () => {
    expect(debriefInputOf(record, 'bob')?.endMs).toBe(90_000);
    expect(debriefInputOf(record, 'bob')?.moves).toEqual([
      { at: 2000, cell: 0, digit: 2, verdict: 'wrong' },
    ]);
  });

  it('has nothing for a player who is not in the race', () => {
    expect(debriefInputOf(record, 'zed')).toBeUndefined();
  });
});
