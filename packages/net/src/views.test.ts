import { NOTHING_ALLOWED } from '@percent/protocol';
import type { ProgressView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { racingRoom } from './testing.ts';
import { applyOwnMove, applyProgress, applyProgressBatch, runsInRace } from './views.ts';

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
  players: ['p1', 'p2'].map((id, colour) => ({
    id,
    colour,
    team: null,
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
      team: null,
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
      team: null,
    });
    expect(next.race!.boards).toEqual({ p1: board });
  });
});

describe('a race:progress batch and your own acks', () => {
  const event = (playerId: string, filled: number) => ({
    playerId,
    status: 'racing' as const,
    progress: progress(filled),
    timeMs: null,
    place: null,
    board: null,
    team: null,
  });

  it('applies every event of a batch in order', () => {
    const next = applyProgressBatch(view, { events: [event('p2', 3), event('p1', 1)] });
    expect(next.players.map((p) => p.race!.progress.filled)).toEqual([1, 3]);
  });

  it('takes your own status and progress from the ack, keeping time and place', () => {
    const mine = { ...view, you: { ...view.you, role: 'player' as const, playerId: 'p1' } };
    const next = applyOwnMove(mine, {
      moveId: 'm1',
      cell: 0,
      digit: 5,
      verdict: 'correct',
      status: 'racing',
      progress: progress(7),
      duplicate: false,
      team: null,
    });
    expect(next.players[0]!.race).toEqual({
      status: 'racing',
      progress: progress(7),
      timeMs: null,
      place: null,
    });
    expect(next.players[1]!.race!.progress.filled).toBe(0);
    const watcher = { ...view, you: { ...view.you, role: 'spectator' as const, playerId: null } };
    expect(applyOwnMove(watcher, { ...next.players[0]!, moveId: 'x' } as never)).toBe(watcher);
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
