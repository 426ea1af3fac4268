import { describe, expect, it } from 'vitest';
import { solveRecordOf, type FinishedGame } from './finish.ts';

const game: FinishedGame = {
  id: 'abc123',
  origin: { kind: 'solo' },
  racedGhost: false,
  variant: 'percent',
  difficulty: 'easy',
  puzzle: '0'.repeat(81),
  solution: '1'.repeat(81),
  nickname: 'Ann',
  startedAt: 1_700_000_000_000,
  moves: [
    { at: 1200, cell: 0, digit: 2, verdict: 'wrong' },
    { at: 1900, cell: 0, digit: 1, verdict: 'correct' },
    { at: 4100, cell: 1, digit: 1, verdict: 'correct' },
  ],
};

describe('recording a finished solo game', () => {
  it('keeps its moves, time (the last move) and mistakes, as a solo solve', () => {
    const { origin: _origin, racedGhost: _raced, ...kept } = game;
    expect(solveRecordOf(game)).toStrictEqual({
      ...kept,
      source: 'solo',
      timeMs: 4100,
      mistakes: 1,
    });
  });

  it('names a daily (with its day) and a race against a ghost', () => {
    const daily = solveRecordOf({
      ...game,
      origin: { kind: 'daily', day: '2026-11-25', variant: 'x' },
    });
    expect([daily.source, daily.day]).toEqual(['daily', '2026-11-25']);
    const ghost = solveRecordOf({ ...game, racedGhost: true });
    expect([ghost.source, ghost.day]).toEqual(['ghost', undefined]);
  });
});
