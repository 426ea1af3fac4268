import { NOTHING_ALLOWED } from '@percent/protocol';
import type { ProgressView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { racingRoom } from './testing.ts';
import { applyProgress, runsInRace } from './views.ts';

const progress = (filled: number): ProgressView => ({
  filled,
  blanks: 50,
  percent: Math.round((100 * filled) / 50),
  mistakes: 0,
  units: 0,
  penaltyMs: 0,
});

const view = racingRoom({
  hostId: 'p1',
  players: ['p1', 'p2'].map((id) => ({
    id,
    nickname: id,
    host: id === 'p1',
    ready: true,
    connection: 'online' as const,
    plays: true,
    rating: null,
    race: { status: 'racing' as const, progress: progress(0), timeMs: null, place: null },
  })),
  spectators: 1,
});

describe('applyProgress', () => {
  it("updates that player's race only, leaving the old view untouched", () => {
    const next = applyProgress(view, {
      playerId: 'p2',
      status: 'finished',
      progress: progress(50),
      timeMs: 1234,
      place: 1,
      board: null,
    });
    expect(next.players[1]!.race).toEqual({
      status: 'finished',
      progress: progress(50),
      timeMs: 1234,
      place: 1,
    });
    expect(next.players[0]!.race!.progress.filled).toBe(0);
    expect(view.players[1]!.race!.status).toBe('racing');
    expect(next.race!.boards).toBeNull();
  });

  it('adds a live board for spectators', () => {
    const board = '1'.repeat(81);
    const next = applyProgress(view, {
      playerId: 'p1',
      status: 'racing',
      progress: progress(1),
      timeMs: null,
      place: null,
      board,
    });
    expect(next.race!.boards).toEqual({ p1: board });
  });
});

describe('runsInRace', () => {
  it('is what the server says: this seat may move now', () => {
    const as = (move: boolean) => ({
      ...view,
      you: { role: 'player' as const, playerId: 'p1', can: { ...NOTHING_ALLOWED, move } },
    });
    expect(runsInRace(as(true))).toBe(true);
    expect(runsInRace(as(false))).toBe(false);
    expect(runsInRace(undefined)).toBe(false);
  });
});
