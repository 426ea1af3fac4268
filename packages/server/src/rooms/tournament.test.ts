import { pointsFor } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  apply,
  DRAW,
  FAIRNESS,
  lobbyWith,
  refusal,
  solveAll,
  TIMINGS,
} from '../../test-support/rooms.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import type { Room } from './types.ts';
import { viewFor } from './view.ts';

const asPlayer = (playerId: string) => ({ role: 'player', playerId }) as const;
const startEvening = (rounds: number | null, connectionId = 'c1') =>
  ({ type: 'startTournament', connectionId, tournamentId: 'eve-1', rounds }) as const;
const endEvening = (connectionId = 'c1') => ({ type: 'endTournament', connectionId }) as const;
const startRace = (raceId: string) =>
  ({ type: 'start', connectionId: 'c1', raceId, draw: DRAW, fairness: FAIRNESS }) as const;

/** One round from the lobby: everyone but the host readies, the race runs, `finishers` solve in order. */
function playRound(room: Room, raceId: string, finishers: string[], at: number) {
  let next = room;
  for (const seat of next.seats.slice(1))
    if (!seat.ready)
      next = apply(next, { type: 'ready', connectionId: seat.connectionId!, ready: true }).room;
  next = apply(next, startRace(raceId), at).room;
  next = apply(next, { type: 'begin', raceId }, at + 3000).room;
  let last = null;
  finishers.forEach((playerId, i) => {
    last = solveAll(next, playerId, at + 4000 + i * 100);
    next = last.room;
  });
  for (const seat of next.race!.runners.filter((r) => r.status === 'racing')) {
    last = apply(next, { type: 'forfeit', connectionId: `c${seat.playerId.slice(1)}` }, at + 5000);
    next = last.room;
  }
  expect(next.phase).toBe('finished');
  return { room: next, effects: last!.effects };
}

const standingsOf = (room: Room, playerId = 'p1') =>
  viewFor(room, asPlayer(playerId), 0).tournament!.standings.map((s) => [
    s.place,
    s.nickname,
    s.points,
    s.rounds,
  ]);

describe('tournaments (an evening of rounds)', () => {
  it('scores each round 10/7/5/3/1 plus a point per finish and ranks the evening between rounds', () => {
    expect([1, 2, 3, 4, 5, 6, 12, null].map(pointsFor)).toEqual([11, 8, 6, 4, 2, 1, 1, 0]);
    let room = apply(lobbyWith(['Ann', 'Bob', 'Cat']), startEvening(2)).room;
    const before = viewFor(room, asPlayer('p2'), 0).tournament;
    expect(before).toMatchObject({ id: 'eve-1', link: '/tournament/eve-1', rounds: 2, played: 0 });
    expect(before).toMatchObject({ current: null, over: false, standings: [] });

    room = apply(room, { type: 'ready', connectionId: 'c2', ready: true }).room;
    const counting = apply(room, startRace('race-1'), 10_000).room;
    expect(viewFor(counting, asPlayer('p3'), 0).tournament?.current).toBe(1);
    const first = playRound(room, 'race-1', ['p2', 'p1'], 10_000);
    expect(standingsOf(first.room)).toEqual([
      [1, 'Bob', 11, [11]],
      [2, 'Ann', 8, [8]],
      [3, 'Cat', 0, [0]],
    ]);
    const view = viewFor(first.room, asPlayer('p3'), 0);
    expect(view.race?.standings?.map((s) => [s.nickname, s.points])).toEqual([
      ['Bob', 11],
      ['Ann', 8],
      ['Cat', 0],
    ]);
    expect(view.tournament).toMatchObject({ played: 1, current: null, over: false });
    const stored = first.effects.find((e) => e.type === 'persistRace');
    expect(stored?.type === 'persistRace' && stored.record.tournament).toEqual({
      id: 'eve-1',
      round: 1,
      rounds: 2,
    });
    expect(stored?.type === 'persistRace' && stored.record.players.map((p) => p.points)).toEqual([
      11, 8, 0,
    ]);

    const lobby = apply(first.room, { type: 'rematch', connectionId: 'c1' }).room;
    const second = playRound(lobby, 'race-2', ['p3', 'p1', 'p2'], 20_000);
    expect(standingsOf(second.room)).toEqual([
      [1, 'Bob', 17, [11, 6]],
      [2, 'Ann', 16, [8, 8]],
      [3, 'Cat', 11, [0, 11]],
    ]);
    expect(viewFor(second.room, asPlayer('p2'), 0).tournament?.over).toBe(true);
    expect(second.room.tournament?.endedAt).not.toBeNull();
    // Over: the next race is on its own and the podium gives way to it.
    const after = apply(second.room, { type: 'rematch', connectionId: 'c1' }).room;
    const ready = ['c2', 'c3'].reduce(
      (r, c) => apply(r, { type: 'ready', connectionId: c, ready: true }).room,
      after,
    );
    const single = apply(ready, startRace('race-3'), 30_000).room;
    expect(single.tournament).toBeNull();
    expect(single.race?.round).toBeNull();
  });

  it('lets only the host start or end an evening, and only between races', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    expect(refusal(room, startEvening(3, 'c2'))).toBe('NOT_HOST');
    expect(refusal(room, startEvening(3, 'c9'))).toBe('NOT_IN_ROOM');
    expect(refusal(room, endEvening())).toBe('WRONG_PHASE');
    expect(viewFor(room, asPlayer('p1'), 0).you.can).toMatchObject({
      startTournament: true,
      endTournament: false,
    });
    expect(viewFor(room, asPlayer('p2'), 0).you.can).toMatchObject({
      startTournament: false,
      endTournament: false,
    });
    const on = apply(room, startEvening(3)).room;
    expect(refusal(on, startEvening(5))).toBe('WRONG_PHASE');
    expect(refusal(on, endEvening('c2'))).toBe('NOT_HOST');
    expect(viewFor(on, asPlayer('p1'), 0).you.can).toMatchObject({
      startTournament: false,
      endTournament: true,
    });
    const counting = apply(on, startRace('race-1'), 5000).room;
    expect(refusal(counting, endEvening())).toBe('WRONG_PHASE');
    expect(viewFor(counting, asPlayer('p1'), 0).you.can.endTournament).toBe(false);
    expect(refusal(apply(room, startRace('race-1')).room, startEvening(3))).toBe('WRONG_PHASE');
  });

  it('drops an evening ended before any round, and ends one after a round with its podium', () => {
    const room = apply(lobbyWith(['Ann', 'Bob']), startEvening(null)).room;
    const dropped = apply(room, endEvening());
    expect(dropped.room.tournament).toBeNull();
    expect(dropped.effects.map((e) => e.type)).toEqual(['persistRoom', 'state']);
    const played = playRound(room, 'race-1', ['p1', 'p2'], 10_000).room;
    expect(viewFor(played, asPlayer('p2'), 0).tournament).toMatchObject({
      rounds: null,
      over: false,
    });
    const ended = apply(played, endEvening(), 50_000).room;
    const view = viewFor(ended, asPlayer('p2'), 0);
    expect(view.tournament).toMatchObject({ played: 1, over: true });
    expect(view.tournament?.standings.map((s) => [s.place, s.nickname, s.points])).toEqual([
      [1, 'Ann', 11],
      [2, 'Bob', 8],
    ]);
    expect(view.you.can.startTournament).toBe(false);
    expect(viewFor(ended, asPlayer('p1'), 0).you.can.startTournament).toBe(true);
  });

  it('counts a device once per round, and keeps its points when it comes back on a new seat', () => {
    let room = apply(lobbyWith(['Ann', 'Bob']), startEvening(2)).room;
    // Bob's device takes a second seat (another tab): only its better result scores.
    const tab = {
      type: 'join',
      connectionId: 'c3',
      nickname: 'Bob2',
      deviceId: 'device-2',
    } as const;
    room = apply(room, {
      ...tab,
      sessionToken: undefined,
      newToken: 'token-3-abcdefghijklmnop',
    }).room;
    const first = playRound(room, 'race-1', ['p3', 'p1', 'p2'], 10_000).room;
    expect(standingsOf(first)).toEqual([
      [1, 'Bob2', 11, [11]],
      [2, 'Ann', 8, [8]],
    ]);
    // Bob leaves for good, and the same device joins again as a new seat: still one entrant.
    let lobby = apply(first, { type: 'rematch', connectionId: 'c1' }).room;
    lobby = apply(lobby, { type: 'leave', connectionId: 'c2' }).room;
    lobby = apply(lobby, { type: 'leave', connectionId: 'c3' }).room;
    const back = {
      type: 'join',
      connectionId: 'c4',
      nickname: 'Bob',
      deviceId: 'device-2',
    } as const;
    lobby = apply(lobby, {
      ...back,
      sessionToken: undefined,
      newToken: 'token-4-abcdefghijklmnop',
    }).room;
    const second = playRound(lobby, 'race-2', ['p1', 'p4'], 20_000).room;
    // Level on points and wins: one place, in the order they first scored.
    const standings = viewFor(second, asPlayer('p1'), 0).tournament!.standings;
    expect(standings.map((s) => [s.nickname, s.points, s.rounds, s.playerId])).toEqual([
      ['Bob', 19, [11, 8], 'p4'],
      ['Ann', 19, [8, 11], 'p1'],
    ]);
    expect(standings.map((s) => s.place)).toEqual([1, 1]);
    expect(JSON.stringify(standings)).not.toContain('device-');
  });

  it('survives a restart: the evening and the round being raced come back from the snapshot', () => {
    const room = apply(lobbyWith(['Ann', 'Bob', 'Cat']), startEvening(3)).room;
    const first = playRound(room, 'race-1', ['p2', 'p1', 'p3'], 10_000).room;
    const lobby = apply(first, { type: 'rematch', connectionId: 'c1' }).room;
    const between = restoreRoom(snapshotOf(first), [], 12_000, TIMINGS);
    if (!between.ok) throw new Error(between.message);
    expect(viewFor(between.room, asPlayer('p1'), 0).tournament).toEqual(
      viewFor(lobby, asPlayer('p1'), 0).tournament,
    );
    const ready = ['c2', 'c3'].reduce(
      (r, c) => apply(r, { type: 'ready', connectionId: c, ready: true }).room,
      lobby,
    );
    const counting = apply(ready, startRace('race-2'), 20_000).room;
    const racing = apply(counting, { type: 'begin', raceId: 'race-2' }, 23_000).room;
    const restored = restoreRoom(snapshotOf(racing), [], 24_000, TIMINGS);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.room.race?.round).toEqual({ tournamentId: 'eve-1', number: 2, of: 3 });
    expect(viewFor(restored.room, asPlayer('p3'), 0).tournament).toMatchObject({
      played: 1,
      current: 2,
      over: false,
    });
    expect(standingsOf(restored.room)).toEqual(standingsOf(racing));
  });
});
