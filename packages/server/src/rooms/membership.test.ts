import { describe, expect, it } from 'vitest';
import { makeRoomCode } from './room.ts';
import {
  apply,
  joinCmd,
  lobbyWith,
  moveCmd,
  racing,
  refusal,
  solveAll,
  tokenOf,
  typesOf,
  digitAt,
  startCmd,
} from '../../test-support/rooms.ts';
import type { Room } from './types.ts';
import { membersOf, viewFor } from './view.ts';

const watch = (n: number, room: Room, now = 1000) =>
  apply(room, { type: 'spectate', connectionId: `s${n}`, deviceId: `device-9${n}` }, now);

describe('room codes', () => {
  it('are 5 letters without look-alikes', () => {
    let x = 0;
    const codes = Array.from({ length: 200 }, () => makeRoomCode(() => (x = (x + 0.137) % 1)));
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    expect(makeRoomCode(() => 0.9999)).toBe('ZZZZZ');
  });
});

describe('joining', () => {
  it('seats the first player as host and stores the seat before replying', () => {
    const room = lobbyWith([]);
    const joined = apply(room, joinCmd('Ann', 1));
    expect(joined.reply).toMatchObject({
      role: 'player',
      playerId: 'p1',
      sessionToken: tokenOf(1),
      graceSec: 60,
      view: { hostId: 'p1', you: { role: 'player', playerId: 'p1' } },
    });
    expect(typesOf(joined.effects)).toEqual(['persistRoom', 'state']);
    const saved = joined.effects[0]!;
    expect(saved.type === 'persistRoom' && saved.snapshot).toContain(tokenOf(1));
  });

  it('suffixes a duplicate nickname and refuses locked or full rooms', () => {
    expect(lobbyWith(['Ann', 'ann', 'Bob']).seats.map((s) => s.nickname)).toEqual([
      'Ann',
      'ann (2)',
      'Bob',
    ]);
    expect(refusal(lobbyWith(['Ann'], { locked: true }), joinCmd('Bob', 2))).toBe('ROOM_LOCKED');
    expect(refusal(lobbyWith(['Ann', 'Bob'], { maxPlayers: 2 }), joinCmd('Cy', 3))).toBe(
      'ROOM_FULL',
    );
  });

  it('gives the same seat back to the connection holding it, changing nothing', () => {
    const room = lobbyWith(['Ann']);
    const again = apply(room, joinCmd('Whoever', 1));
    expect(again.room).toBe(room);
    expect(again.effects).toEqual([]);
    expect(again.reply.playerId).toBe('p1');
  });

  it('hands a seat to a new connection with its token and tells the old one it was replaced', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const taken = apply(room, { ...joinCmd('Bob', 7, tokenOf(2)) });
    expect(taken.reply).toMatchObject({ playerId: 'p2', sessionToken: tokenOf(2) });
    expect(taken.room.seats[1]!.connectionId).toBe('c7');
    expect(taken.effects).toEqual([
      { type: 'state', to: 'all' },
      { type: 'endSession', connectionId: 'c2', reason: 'replaced' },
    ]);
    // The old connection's drop arrives later: it no longer holds anything.
    const late = apply(taken.room, { type: 'disconnect', connectionId: 'c2' });
    expect(late.room).toBe(taken.room);
  });

  it('treats a token that holds no seat as no token', () => {
    const room = lobbyWith(['Ann']);
    const joined = apply(room, joinCmd('Bob', 2, 'token-that-was-never-issued'));
    expect(joined.reply).toMatchObject({ playerId: 'p2', sessionToken: tokenOf(2) });
  });

  it('makes a newcomer without a seat a spectator during a race, never a racer', () => {
    const room = racing(['Ann']);
    const late = apply(room, joinCmd('Cy', 3));
    expect(late.reply).toMatchObject({ role: 'spectator', playerId: null, sessionToken: null });
    expect(late.room.spectators).toEqual([
      { connectionId: 'c3', deviceId: 'device-3', address: null },
    ]);
    expect(late.room.seats).toHaveLength(1);
    expect(typesOf(late.effects)).toEqual(['state']); // spectators are not stored
  });

  it('lets a device racing here watch on another connection, without boards, answering as for anyone', () => {
    const room = racing(['Ann', 'Bob'], { spectatorDigits: { kind: 'live' } });
    const racer = { type: 'spectate', connectionId: 'c9', deviceId: 'device-1' } as const;
    const stranger = { type: 'spectate', connectionId: 'c8', deviceId: 'device-8' } as const;
    const twin = apply(room, racer);
    const other = apply(room, stranger);
    expect(twin.reply.role).toBe('spectator');
    // The same answer as anyone's, but for the boards: no oracle of who is racing.
    expect(twin.reply.view.race!.boards).toBeNull();
    expect(other.reply.view.race!.boards).not.toBeNull();
    const both = apply(twin.room, stranger).room;
    const views = membersOf(both).map((m) => viewFor(both, m.recipient, 5000).race!.boards);
    expect(views.map((b) => b !== null)).toEqual([false, false, false, true]);
  });

  it('withholds boards from a watcher at a racing seat’s address, whatever device it claims', () => {
    let room = lobbyWith([], { spectatorDigits: { kind: 'live' } });
    for (const [n, address] of [
      [1, '203.0.113.7'],
      [2, '198.51.100.2'],
    ] as const) {
      room = apply(room, { ...joinCmd(`P${n}`, n), address }).room;
      room = apply(room, { type: 'ready', connectionId: `c${n}`, ready: true }).room;
    }
    room = apply(apply(room, startCmd).room, { type: 'begin', raceId: 'race-1' }, 4000).room;
    const watch = (connectionId: string, address: string) =>
      apply(room, { type: 'spectate', connectionId, deviceId: `fresh-${connectionId}`, address })
        .reply.view.race!.boards;
    expect(watch('c7', '203.0.113.7')).toBeNull();
    expect(watch('c8', '192.0.2.9')).not.toBeNull();
    // Loopback is not compared: a LAN server's own machine runs the TV.
    expect(watch('c9', '127.0.0.1')).not.toBeNull();
  });

  it('lets a player who left the race come back to watch it: never a dead end', () => {
    const room = racing(['Ann', 'Bob']);
    const left = apply(room, { type: 'leave', connectionId: 'c2' }).room;
    expect(left.race!.runners[1]!.status).toBe('left');
    const back = apply(left, { ...joinCmd('Bob', 9), deviceId: 'device-2' });
    expect(back.reply).toMatchObject({ role: 'spectator', playerId: null });
    expect(back.room.spectators).toEqual([
      { connectionId: 'c9', deviceId: 'device-2', address: null },
    ]);
    const spectate = { type: 'spectate', connectionId: 'c8', deviceId: 'device-2' } as const;
    expect(apply(left, spectate).reply.role).toBe('spectator');
  });

  it('lets a player watch their own room instead outside a race, giving up the seat', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const watching = apply(room, { type: 'spectate', connectionId: 'c2', deviceId: 'device-2' });
    expect(watching.reply).toMatchObject({ role: 'spectator', playerId: null });
    expect(watching.room.seats.map((s) => s.id)).toEqual(['p1']);
    expect(watching.room.spectators).toEqual([
      { connectionId: 'c2', deviceId: 'device-2', address: null },
    ]);
    expect(typesOf(watching.effects)).toEqual(['persistRoom', 'state']);
    const racingRoom = racing(['Ann', 'Bob']);
    const cmd = { type: 'spectate', connectionId: 'c2', deviceId: 'other-device' } as const;
    expect(refusal(racingRoom, cmd)).toBe('WRONG_PHASE');
  });

  it('lets a player give up the seat to watch, unless it is the last seat (the room would close)', () => {
    const pair = lobbyWith(['Ann', 'Bob']);
    const watching = apply(pair, { type: 'spectate', connectionId: 'c2', deviceId: 'device-2' });
    expect(watching.room.seats.map((s) => s.nickname)).toEqual(['Ann']);
    expect(watching.room.spectators).toEqual([
      { connectionId: 'c2', deviceId: 'device-2', address: null },
    ]);
    expect(watching.reply).toMatchObject({ role: 'spectator' });
    const alone = lobbyWith(['Ann']);
    const cmd = { type: 'spectate', connectionId: 'c1', deviceId: 'device-1' } as const;
    expect(refusal(alone, cmd)).toBe('NO_PLAYERS');
  });

  it('turns a spectator who joins after the race into a player', () => {
    const watched = watch(1, lobbyWith(['Ann'])).room;
    const seated = apply(watched, { ...joinCmd('Sam', 1), connectionId: 's1' });
    expect(seated.room.spectators).toEqual([]);
    expect(seated.reply.playerId).toBe('p2');
  });
});

describe('drops and grace', () => {
  it('keeps the seat through the grace period and frees it after', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const dropped = apply(room, { type: 'disconnect', connectionId: 'c2' }, 1000);
    expect(dropped.room.seats[1]).toMatchObject({ connectionId: null, drops: 1 });
    expect(dropped.effects).toEqual([
      { type: 'state', to: 'all' },
      {
        type: 'schedule',
        key: 'expire:p2',
        at: 61_000,
        command: { type: 'expire', playerId: 'p2', drops: 1 },
      },
    ]);
    const back = apply(dropped.room, joinCmd('Bob', 5, tokenOf(2)));
    expect(back.room.seats[1]!.connectionId).toBe('c5');
    expect(back.effects).toEqual([{ type: 'state', to: 'all' }]); // nobody to tell "replaced"
    const stale = apply(back.room, { type: 'expire', playerId: 'p2', drops: 1 }, 61_000);
    expect(stale.room).toBe(back.room);
    const gone = apply(dropped.room, { type: 'expire', playerId: 'p2', drops: 1 }, 61_000);
    expect(gone.room.seats.map((s) => s.id)).toEqual(['p1']);
    expect(gone.effects).not.toContainEqual(expect.objectContaining({ type: 'endSession' }));
  });

  it('does not rewrite the snapshot for a drop or a return: connections are not stored', () => {
    const dropped = apply(lobbyWith(['Ann', 'Bob']), { type: 'disconnect', connectionId: 'c2' });
    expect(typesOf(dropped.effects)).not.toContain('persistRoom');
    const back = apply(dropped.room, joinCmd('Bob', 5, tokenOf(2)));
    expect(typesOf(back.effects)).not.toContain('persistRoom');
  });

  it('counts a racer whose grace ran out as left, and ends the race if nobody races', () => {
    const room = solveAll(racing(['Ann', 'Bob']), 'p1', 9000).room;
    const dropped = apply(room, { type: 'disconnect', connectionId: 'c2' }, 9100).room;
    const gone = apply(dropped, { type: 'expire', playerId: 'p2', drops: 1 }, 70_000);
    expect(gone.room.phase).toBe('finished');
    expect(gone.room.race!.runners[1]!.status).toBe('left');
    expect(typesOf(gone.effects)).toEqual(['persistRace', 'persistRoom', 'state']);
  });
});

describe('leaving, kicks and the host role', () => {
  it('passes the host role on, preferring a connected player, and closes on the last leave', () => {
    let room = lobbyWith(['Ann', 'Bob', 'Cy']);
    room = apply(room, { type: 'disconnect', connectionId: 'c2' }).room;
    room = watch(1, room).room;
    const left = apply(room, { type: 'leave', connectionId: 'c1' });
    expect(left.room.hostId).toBe('p3');
    let rest = apply(left.room, { type: 'leave', connectionId: 'c3' }).room;
    const closed = apply(rest, { type: 'expire', playerId: 'p2', drops: 1 });
    expect(closed.effects).toEqual([
      { type: 'forgetRoom', code: 'KQZTM' },
      { type: 'endSession', connectionId: 's1', reason: 'closed' },
      { type: 'close' },
    ]);
    rest = closed.room;
    expect(rest.seats).toEqual([]);
  });

  it('lets only the host kick, tells the kicked connection, and counts a kicked racer as left', () => {
    const room = racing(['Ann', 'Bob', 'Cy']);
    expect(refusal(room, { type: 'kick', connectionId: 'c2', target: 'p3' })).toBe('NOT_HOST');
    expect(refusal(room, { type: 'kick', connectionId: 'c1', target: 'p9' })).toBe(
      'PLAYER_NOT_FOUND',
    );
    expect(refusal(room, { type: 'kick', connectionId: 'c1', target: 'p1' })).toBe(
      'PLAYER_NOT_FOUND',
    );
    const kicked = apply(room, { type: 'kick', connectionId: 'c1', target: 'p2' });
    expect(kicked.room.seats.map((s) => s.id)).toEqual(['p1', 'p3']);
    expect(kicked.room.race!.runners[1]!.status).toBe('left');
    expect(kicked.effects).toEqual([
      expect.objectContaining({ type: 'persistRoom' }),
      { type: 'state', to: 'all' },
      { type: 'endSession', connectionId: 'c2', reason: 'kicked' },
    ]);
    expect(refusal(kicked.room, moveCmd('p2', 0, digitAt(0)))).toBe('NOT_IN_ROOM');
  });

  it('hands the host role over', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const handed = apply(room, { type: 'transferHost', connectionId: 'c1', target: 'p2' });
    expect(handed.room.hostId).toBe('p2');
    expect(refusal(handed.room, { type: 'transferHost', connectionId: 'c1', target: 'p1' })).toBe(
      'NOT_HOST',
    );
  });

  it('answers a leave or a sync from a stranger with NOT_IN_ROOM', () => {
    const room = lobbyWith(['Ann']);
    expect(refusal(room, { type: 'leave', connectionId: 'x' })).toBe('NOT_IN_ROOM');
    expect(refusal(room, { type: 'sync', connectionId: 'x' })).toBe('NOT_IN_ROOM');
    expect(apply(room, { type: 'sync', connectionId: 'c1' }).reply.view.you.playerId).toBe('p1');
  });
});
