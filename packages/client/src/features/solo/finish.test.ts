import { parseGrid } from '@percent/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dailyPost, postDaily, solveRecordOf, type FinishedGame } from './finish.ts';
import { startSession } from './session.ts';

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

describe('posting a finished daily', () => {
  const grid = parseGrid('1'.repeat(81));
  if (!grid.ok) throw new Error('bad grid');
  const daily = () =>
    startSession(
      'x',
      'easy',
      { puzzle: grid.grid, solution: grid.grid, grade: null, clues: 81 },
      { origin: { kind: 'daily', day: '2026-11-25', variant: 'x', startId: 'a'.repeat(24) } },
    );
  afterEach(() => {
    vi.unstubAllGlobals();
    dailyPost.value = undefined;
  });

  it("posts nothing when the ghost's digits were on screen before the finish", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const session = daily();
    session.sawGhostDigits.value = true;
    await postDaily(session, 'Ann');
    expect(dailyPost.value).toEqual({ state: 'skipped', reason: 'ghostDigits' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the moves with the start when the ghost showed only its progress', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    await postDaily(daily(), 'Ann');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/daily/2026-11-25/x/results');
    expect(JSON.parse(String(init.body))).toMatchObject({
      startId: 'a'.repeat(24),
      nickname: 'Ann',
    });
  });
});
