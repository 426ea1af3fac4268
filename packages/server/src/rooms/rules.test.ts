import { describe, expect, it } from 'vitest';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import {
  apply,
  digitAt,
  joinCmd,
  lobbyWith,
  moveCmd,
  racing,
  refusal,
  solveAll,
  startCmd,
  tokenOf,
  typesOf,
  wrongAt,
} from '../../test-support/rooms.ts';
import type { Room } from './types.ts';
import { progressEventFor, viewFor } from './view.ts';

const forfeitBy = (n: number) => ({ type: 'forfeit', connectionId: `c${n}` }) as const;
const statuses = (room: Room) => room.race!.runners.map((r) => [r.playerId, r.status]);
const asPlayer = (playerId: string) => ({ role: 'player', playerId }) as const;

describe('giving up (race:forfeit)', () => {
  it('puts a runner out as forfeited, keeps their seat, and stores it before telling anyone', () => {
    const room = racing(['Ann', 'Bob', 'Cy']);
    const gaveUp = apply(room, forfeitBy(2), 5000);
    expect(statuses(gaveUp.room)).toEqual([
      ['p1', 'racing'],
      ['p2', 'forfeited'],
      ['p3', 'racing'],
    ]);
    expect(gaveUp.room.phase).toBe('racing');
    expect(gaveUp.room.seats.map((s) => s.id)).toEqual(['p1', 'p2', 'p3']);
    expect(typesOf(gaveUp.effects)).toEqual(['persistRoom', 'state']);
    expect(viewFor(gaveUp.room, asPlayer('p1'), 5000).players[1]!.race?.status).toBe('forfeited');
  });

  it('refuses a second forfeit, a move after it, and anyone not racing', () => {
    const gaveUp = apply(racing(['Ann', 'Bob']), forfeitBy(2), 5000).room;
    expect(refusal(gaveUp, forfeitBy(2))).toBe('NOT_RACING');
    expect(refusal(gaveUp, moveCmd('p2', 0, digitAt(0)))).toBe('NOT_RACING');
    expect(refusal(lobbyWith(['Ann', 'Bob']), forfeitBy(2))).toBe('WRONG_PHASE');
    expect(refusal(gaveUp, forfeitBy(9))).toBe('NOT_IN_ROOM');
  });

  it('ends the race when nobody is racing any more, ranking a forfeit after a timeout', () => {
    let room = racing(['Ann', 'Bob', 'Cy'], { timeLimitSec: 60 });
    room = solveAll(room, 'p1', 6000).room;
    room = apply(room, moveCmd('p2', 0, digitAt(0)), 6500).room;
    room = apply(room, forfeitBy(2), 7000).room;
    const last = apply(room, forfeitBy(3), 8000);
    expect(last.room.phase).toBe('finished');
    expect(last.room.race!.endedBy).toBe('players');
    expect(typesOf(last.effects)).toEqual(['persistRace', 'persistRoom', 'state']);
    const record = last.effects.find((e) => e.type === 'persistRace');
    expect(record?.type === 'persistRace' && record.record.players.map((p) => p.outcome)).toEqual([
      'finished',
      'forfeited',
      'forfeited',
    ]);
    const standings = viewFor(last.room, asPlayer('p1'), 8000).race!.standings!;
    expect(standings.map((s) => [s.nickname, s.place, s.outcome])).toEqual([
      ['Ann', 1, 'finished'],
      ['Bob', null, 'forfeited'],
      ['Cy', null, 'forfeited'],
    ]);
  });

  it('never sends a forfeited runner’s digits to anyone while the race runs', () => {
    let room = racing(['Ann', 'Bob']);
    room = apply(room, moveCmd('p2', 0, digitAt(0)), 5000).room;
    room = apply(room, forfeitBy(2), 5500).room;
    const ann = viewFor(room, asPlayer('p1'), 6000);
    expect(ann.race!.boards).toBeNull();
    expect(ann.race!.own![0]).toBe('0');
    expect(JSON.stringify(progressEventFor(room, 'p2', asPlayer('p1')))).not.toContain(
      room.race!.runners[1]!.board,
    );
    // The forfeited player watches the race, but sees only their own board, as before.
    expect(viewFor(room, asPlayer('p2'), 6000).race!.boards).toBeNull();
  });
});

describe('sitting races out (room:play)', () => {
  const hostSitsOut = (names: string[], settings: Partial<Room['settings']> = {}) =>
    apply(lobbyWith(names, settings), { type: 'play', connectionId: 'c1', plays: false });

  it('lets a seat sit out in the lobby only; the view says so', () => {
    const out = hostSitsOut(['Ann', 'Bob']);
    expect(typesOf(out.effects)).toEqual(['persistRoom', 'state']);
    expect(viewFor(out.room, asPlayer('p2'), 1000).players.map((p) => [p.id, p.plays])).toEqual([
      ['p1', false],
      ['p2', true],
    ]);
    expect(apply(out.room, { type: 'play', connectionId: 'c1', plays: false }).effects).toEqual([]);
    const racingRoom = racing(['Ann', 'Bob']);
    expect(refusal(racingRoom, { type: 'play', connectionId: 'c2', plays: false })).toBe(
      'WRONG_PHASE',
    );
  });

  it('starts with only the playing seats as runners; a sitting-out seat need not be ready', () => {
    let room = hostSitsOut(['Ann', 'Bob', 'Cy']).room;
    room = apply(room, { type: 'play', connectionId: 'c3', plays: false }).room;
    expect(room.seats.find((s) => s.id === 'p3')!.ready).toBe(false);
    const started = apply(room, startCmd, 1000).room;
    expect(started.race!.runners.map((r) => r.playerId)).toEqual(['p2']);
  });

  it('refuses a start nobody would play with NO_PLAYERS', () => {
    const room = hostSitsOut(['Ann']).room;
    expect(refusal(room, startCmd)).toBe('NO_PLAYERS');
  });

  it('gives a sitting-out host the spectators’ view and every host power', () => {
    let room = apply(
      hostSitsOut(['Ann', 'Bob', 'Cy'], { spectatorDigits: { kind: 'live' } }).room,
      startCmd,
    ).room;
    room = apply(room, { type: 'begin', raceId: 'race-1' }, 4000).room;
    room = apply(room, moveCmd('p2', 0, digitAt(0)), 5000).room;
    const host = viewFor(room, asPlayer('p1'), 5000);
    expect(host.race!.own).toBeNull();
    expect(host.race!.boards!['p2']![0]).toBe(String(digitAt(0)));
    expect(progressEventFor(room, 'p2', asPlayer('p1'))!.board).toBe(room.race!.runners[0]!.board);
    expect(viewFor(room, asPlayer('p3'), 5000).race!.boards).toBeNull();
    expect(progressEventFor(room, 'p2', asPlayer('p3'))!.board).toBeNull();
    expect(refusal(room, moveCmd('p1', 0, digitAt(0)))).toBe('NOT_RACING');
    expect(refusal(room, forfeitBy(1))).toBe('NOT_RACING');
    const kicked = apply(room, { type: 'kick', connectionId: 'c1', target: 'p3' }, 6000).room;
    expect(statuses(kicked)).toEqual([
      ['p2', 'racing'],
      ['p3', 'left'],
    ]);
    const ended = apply(kicked, { type: 'endRace', connectionId: 'c1' }, 7000).room;
    expect(ended.phase).toBe('finished');
    expect(apply(ended, { type: 'rematch', connectionId: 'c1' }).room.phase).toBe('lobby');
  });

  it('sends a sitting-out seat the delayed view every second, as a spectator', () => {
    const room = apply(
      hostSitsOut(['Ann', 'Bob'], { spectatorDigits: { kind: 'delay', seconds: 30 } }).room,
      startCmd,
    ).room;
    const begun = apply(room, { type: 'begin', raceId: 'race-1' }, 4000);
    expect(
      begun.effects.filter((e) => e.type === 'schedule').map((e) => e.type === 'schedule' && e.key),
    ).toEqual(['tick']);
    // …and again after a restart (no spectators come back, the seat does) and on its return.
    const keys = (effects: readonly { type: string; key?: string }[]) =>
      effects.filter((e) => e.type === 'schedule').map((e) => e.key);
    const restored = restoreRoom(snapshotOf(begun.room), [], 9000, begun.room.timings);
    if (!restored.ok) throw new Error(restored.message);
    expect(keys(restored.effects)).toContain('tick');
    const back = apply(restored.room, joinCmd('Ann', 1, tokenOf(1)), 9500);
    expect(keys(back.effects)).toEqual(['tick']);
  });

  it('seats the creator of a room made with plays: false as a host who sits out', () => {
    const room = apply(lobbyWith([]), { ...joinCmd('TV', 1), plays: false }).room;
    expect(room.seats[0]).toMatchObject({ id: 'p1', plays: false });
    expect(room.hostId).toBe('p1');
  });
});

describe('play again, and the last results', () => {
  const finishedRace = () => solveAll(racing(['Ann', 'Bob', 'Cy']), 'p2', 9000);

  it('clears ready flags at the start, takes "play again" after the race, keeps it in the rematch', () => {
    const started = apply(lobbyWith(['Ann', 'Bob', 'Cy']), startCmd).room;
    expect(started.seats.map((s) => s.ready)).toEqual([false, false, false]);
    let room = apply(
      racing(['Ann', 'Bob', 'Cy']),
      { type: 'endRace', connectionId: 'c1' },
      9000,
    ).room;
    const again = apply(room, { type: 'ready', connectionId: 'c2', ready: true }, 9500);
    expect(typesOf(again.effects)).toEqual(['persistRoom', 'state']);
    room = again.room;
    expect(viewFor(room, asPlayer('p1'), 9500).players.map((p) => p.ready)).toEqual([
      false,
      true,
      false,
    ]);
    expect(
      refusal(racing(['Ann', 'Bob']), { type: 'ready', connectionId: 'c2', ready: true }),
    ).toBe('WRONG_PHASE');
    const lobby = apply(room, { type: 'rematch', connectionId: 'c1' }, 10_000).room;
    expect(lobby.seats.map((s) => [s.nickname, s.ready])).toEqual([
      ['Ann', false],
      ['Bob', true],
      ['Cy', false],
    ]);
  });

  it('keeps the last race’s results in the lobby until the next race starts', () => {
    const ended = apply(finishedRace().room, { type: 'endRace', connectionId: 'c1' }, 9500).room;
    const standings = viewFor(ended, asPlayer('p1'), 9500).race!.standings;
    expect(viewFor(ended, asPlayer('p1'), 9500).lastRace).toBeNull();
    const lobby = apply(ended, { type: 'rematch', connectionId: 'c1' }, 10_000).room;
    expect(viewFor(lobby, { role: 'spectator' }, 10_000).lastRace).toEqual({
      id: 'race-1',
      variant: 'classic',
      difficulty: 'easy',
      endedBy: 'host',
      standings,
      teams: null,
    });
    let next = lobby;
    for (const n of [2, 3])
      next = apply(next, { type: 'ready', connectionId: `c${n}`, ready: true }).room;
    const counting = apply(next, { ...startCmd, raceId: 'race-2' }, 11_000).room;
    expect(viewFor(counting, asPlayer('p1'), 11_000).lastRace).toBeNull();
  });

  it('snapshots a finished room as the lobby with its last results and "play again" flags', () => {
    let room = apply(finishedRace().room, { type: 'endRace', connectionId: 'c1' }, 9500).room;
    room = apply(room, { type: 'ready', connectionId: 'c3', ready: true }, 9600).room;
    const saved = JSON.parse(snapshotOf(room)) as { room: Record<string, unknown> };
    expect(saved.room['phase']).toBe('lobby');
    expect(saved.room['race']).toBeNull();
    expect((saved.room['lastRace'] as { id: string }).id).toBe('race-1');
    expect((saved.room['seats'] as { ready: boolean }[]).map((s) => s.ready)).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('your place as soon as you finish', () => {
  it('ranks finishers so far by time, provisionally under the penalty rule', () => {
    let room = racing(['Ann', 'Bob', 'Cy'], { mistakes: { kind: 'penalty', seconds: 60 } });
    room = apply(room, moveCmd('p1', 0, wrongAt(0)), 4500).room;
    room = solveAll(room, 'p1', 6000).room; // 2 s + 60 s penalty
    expect(viewFor(room, asPlayer('p2'), 6000).players.map((p) => p.race?.place)).toEqual([
      1,
      null,
      null,
    ]);
    const bob = solveAll(room, 'p2', 7000); // 3 s: passes Ann
    expect(viewFor(bob.room, asPlayer('p1'), 7000).players.map((p) => p.race?.place)).toEqual([
      2,
      1,
      null,
    ]);
    expect(progressEventFor(bob.room, 'p2', asPlayer('p1'))!.place).toBe(1);
    expect(typesOf(bob.effects)).toContain('state');
  });
});

describe('the idle rule', () => {
  const idleRoom = () => racing(['Ann', 'Bob'], { idleOutSec: 60 });

  it('arms a timer per runner at the start and re-arms a runner’s at each move', () => {
    const counting = apply(lobbyWith(['Ann', 'Bob'], { idleOutSec: 60 }), startCmd).room;
    const begun = apply(counting, { type: 'begin', raceId: 'race-1' }, 4000);
    const idleTimers = begun.effects.filter((e) => e.type === 'schedule');
    expect(idleTimers.map((e) => e.type === 'schedule' && [e.key, e.at, e.command])).toEqual([
      ['idle:p1', 64_000, { type: 'idle', raceId: 'race-1', playerId: 'p1' }],
      ['idle:p2', 64_000, { type: 'idle', raceId: 'race-1', playerId: 'p2' }],
    ]);
    const moved = apply(begun.room, moveCmd('p1', 0, wrongAt(0)), 10_000);
    expect(typesOf(moved.effects)).toEqual(['persistMove', 'progress', 'schedule']);
    expect(moved.effects[2]).toMatchObject({ key: 'idle:p1', at: 70_000 });
    expect(typesOf(apply(racing(['Ann']), moveCmd('p1', 0, 1), 5000).effects)).not.toContain(
      'schedule',
    );
  });

  it('puts a runner with no move for the limit out as idle, and only such a runner', () => {
    let room = apply(idleRoom(), moveCmd('p1', 0, digitAt(0)), 10_000).room;
    const early = apply(room, { type: 'idle', raceId: 'race-1', playerId: 'p1' }, 64_000);
    expect(early.room).toBe(room);
    expect(early.effects).toEqual([
      {
        type: 'schedule',
        key: 'idle:p1',
        at: 70_000,
        command: { type: 'idle', raceId: 'race-1', playerId: 'p1' },
      },
    ]);
    const out = apply(room, { type: 'idle', raceId: 'race-1', playerId: 'p2' }, 64_000);
    expect(statuses(out.room)).toEqual([
      ['p1', 'racing'],
      ['p2', 'idle'],
    ]);
    expect(typesOf(out.effects)).toEqual(['persistRoom', 'state']);
    room = out.room;
    const last = apply(room, { type: 'idle', raceId: 'race-1', playerId: 'p1' }, 70_000);
    expect(last.room.phase).toBe('finished');
    expect(
      apply(idleRoom(), { type: 'idle', raceId: 'old', playerId: 'p1' }, 90_000).effects,
    ).toEqual([]);
  });

  it('is off by default: no timers', () => {
    const begun = apply(
      apply(lobbyWith(['Ann']), startCmd).room,
      { type: 'begin', raceId: 'race-1' },
      4000,
    );
    expect(typesOf(begun.effects)).toEqual(['persistRoom', 'state']);
  });
});
