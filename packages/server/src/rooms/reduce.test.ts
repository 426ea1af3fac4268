import { describe, expect, it } from 'vitest';
import { createRoom, makeRoomCode } from './room.ts';
import { reduce } from './reduce.ts';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  DRAW,
  joinCmd,
  lobbyWith,
  moveCmd,
  racing,
  refusal,
  solveAll,
  wrongAt,
} from './test-fixtures.ts';
import type { Command } from './types.ts';

const startCmd: Command = {
  type: 'start',
  playerId: 'p1',
  raceId: 'race-1',
  draw: DRAW,
  countdownMs: 3000,
};

describe('room codes', () => {
  it('are 5 letters without look-alikes', () => {
    let x = 0;
    const codes = Array.from({ length: 200 }, () => makeRoomCode(() => (x = (x + 0.137) % 1)));
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    expect(makeRoomCode(() => 0.9999)).toBe('ZZZZZ');
  });
});

describe('lobby', () => {
  it('makes the first player host and suffixes a duplicate nickname', () => {
    const room = lobbyWith(['Ann', 'ann', 'Bob']);
    expect(room.hostId).toBe('p1');
    expect(room.seats.map((s) => s.nickname)).toEqual(['Ann', 'ann (2)', 'Bob']);
  });

  it('refuses players when locked or full, with the reason', () => {
    const locked = lobbyWith(['Ann'], { locked: true });
    expect(refusal(locked, joinCmd('Bob', 2))).toBe('ROOM_LOCKED');
    const full = lobbyWith(['Ann', 'Bob'], { maxPlayers: 2 });
    expect(refusal(full, joinCmd('Cy', 3))).toBe('ROOM_FULL');
  });

  it('lets only the host change settings, and a rule change clears ready flags', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const bob: Command = { type: 'settings', playerId: 'p2', settings: { variant: 'x' } };
    expect(refusal(room, bob)).toBe('NOT_HOST');
    const changed = apply(room, { ...bob, playerId: 'p1' }).room;
    expect(changed.settings.variant).toBe('x');
    expect(changed.seats.every((s) => !s.ready)).toBe(true);
    const lockOnly = apply(room, { type: 'settings', playerId: 'p1', settings: { locked: true } });
    expect(lockOnly.room.seats.every((s) => s.ready)).toBe(true);
    const tooSmall = { type: 'settings', playerId: 'p1', settings: { maxPlayers: 1 } } as const;
    expect(refusal(room, tooSmall)).toBe('BAD_PAYLOAD');
  });

  it('starts only when every other player is ready, naming who is not', () => {
    const room = apply(lobbyWith(['Ann', 'Bob']), { type: 'ready', playerId: 'p2', ready: false });
    const outcome = reduce(room.room, startCmd, 1000);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'NOT_READY', message: 'not ready: Bob' },
    });
    expect(refusal(room.room, { ...startCmd, playerId: 'p2' })).toBe('NOT_HOST');
  });

  it('passes the host role on when the host leaves, and closes when the last one leaves', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const left = apply(room, { type: 'leave', playerId: 'p1' });
    expect(left.room.hostId).toBe('p2');
    const closed = apply(left.room, { type: 'leave', playerId: 'p2' });
    expect(closed.events.at(-1)).toEqual({ type: 'closed' });
  });

  it('prefers a connected player as the next host', () => {
    let room = lobbyWith(['Ann', 'Bob', 'Cy']);
    room = apply(room, { type: 'disconnect', playerId: 'p2', graceMs: 60_000 }).room;
    expect(apply(room, { type: 'leave', playerId: 'p1' }).room.hostId).toBe('p3');
  });

  it('hands the host role over and kicks', () => {
    const room = lobbyWith(['Ann', 'Bob', 'Cy']);
    const handed = apply(room, { type: 'transferHost', playerId: 'p1', target: 'p3' }).room;
    expect(handed.hostId).toBe('p3');
    expect(refusal(handed, { type: 'kick', playerId: 'p1', target: 'p2' })).toBe('NOT_HOST');
    const kicked = apply(handed, { type: 'kick', playerId: 'p3', target: 'p2' });
    expect(kicked.room.seats.map((s) => s.id)).toEqual(['p1', 'p3']);
    expect(kicked.events).toContainEqual({ type: 'seatEnded', playerId: 'p2', reason: 'kicked' });
    expect(refusal(handed, { type: 'kick', playerId: 'p3', target: 'p9' })).toBe(
      'PLAYER_NOT_FOUND',
    );
  });
});

describe('drops and grace', () => {
  it('keeps the seat through the grace period and frees it after', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const dropped = apply(room, { type: 'disconnect', playerId: 'p2', graceMs: 5000 }, 1000);
    expect(dropped.room.seats[1]!.connected).toBe(false);
    expect(dropped.events).toContainEqual({
      type: 'schedule',
      key: 'expire:p2',
      at: 6000,
      command: { type: 'expire', playerId: 'p2', drops: 1 },
    });
    const back = apply(dropped.room, { type: 'rejoin', sessionToken: 'token-2-abcdefghijklmnop' });
    expect(back.room.seats[1]!.connected).toBe(true);
    const stale = apply(back.room, { type: 'expire', playerId: 'p2', drops: 1 }, 6000);
    expect(stale.room.seats).toHaveLength(2);
    const gone = apply(dropped.room, { type: 'expire', playerId: 'p2', drops: 1 }, 6000);
    expect(gone.room.seats.map((s) => s.id)).toEqual(['p1']);
    expect(refusal(gone.room, { type: 'rejoin', sessionToken: 'token-2-abcdefghijklmnop' })).toBe(
      'SESSION_INVALID',
    );
  });
});

describe('race', () => {
  it('counts down from the start, then shows the puzzle, with a time limit timer', () => {
    const started = apply(lobbyWith(['Ann', 'Bob'], { timeLimitSec: 60 }), startCmd, 1000);
    expect(started.room.phase).toBe('countdown');
    expect(started.room.race).toMatchObject({ startsAt: 4000, endsAt: 64_000 });
    expect(started.events).toContainEqual({
      type: 'schedule',
      key: 'begin',
      at: 4000,
      command: { type: 'begin', raceId: 'race-1' },
    });
    expect(refusal(started.room, moveCmd('p1', 0, digitAt(0)))).toBe('WRONG_PHASE');
    expect(refusal(started.room, joinCmd('Late', 9))).toBe('WRONG_PHASE');
    expect(apply(started.room, { type: 'begin', raceId: 'race-1' }, 4000).room.phase).toBe(
      'racing',
    );
  });

  it('places a correct digit, refuses a wrong one, clears, and protects givens', () => {
    const room = racing(['Ann', 'Bob']);
    const right = apply(room, moveCmd('p1', 0, digitAt(0)), 5000);
    expect(right.room.race!.runners[0]!.board[0]).toBe(String(digitAt(0)));
    expect(right.events).toEqual([{ type: 'progress', playerId: 'p1' }]);
    const wrong = apply(right.room, moveCmd('p1', 1, wrongAt(1)), 5100);
    expect(wrong.room.race!.runners[0]!.board[1]).toBe('0');
    expect(wrong.room.race!.runners[0]!.mistakes).toBe(1);
    const cleared = apply(wrong.room, moveCmd('p1', 0, 0), 5200);
    expect(cleared.room.race!.runners[0]!.board[0]).toBe('0');
    expect(cleared.room.race!.moves.map((m) => m.verdict)).toEqual(['correct', 'wrong', 'cleared']);
    expect(refusal(room, moveCmd('p1', 3, digitAt(3)))).toBe('GIVEN_CELL');
  });

  it('counts a retried move once and refuses a reused move id', () => {
    const room = racing(['Ann']);
    const first = apply(room, moveCmd('p1', 1, wrongAt(1), 'same'), 5000);
    const again = apply(first.room, moveCmd('p1', 1, wrongAt(1), 'same'), 5100);
    expect(again.room).toBe(first.room);
    expect(again.events).toEqual([]);
    expect(again.room.race!.runners[0]!.mistakes).toBe(1);
    expect(refusal(first.room, moveCmd('p1', 2, digitAt(2), 'same'))).toBe('MOVE_ID_REUSED');
  });

  it('eliminates at the (allowed + 1)-th mistake', () => {
    let room = racing(['Ann', 'Bob'], { mistakes: { kind: 'eliminate', allowed: 1 } });
    room = apply(room, moveCmd('p2', 0, wrongAt(0)), 5000).room;
    expect(room.race!.runners[1]!.status).toBe('racing');
    const out = apply(room, moveCmd('p2', 0, wrongAt(0)), 5100);
    expect(out.room.race!.runners[1]!.status).toBe('eliminated');
    expect(out.events).toContainEqual({ type: 'changed' });
    expect(refusal(out.room, moveCmd('p2', 0, digitAt(0)))).toBe('NOT_RACING');
  });

  it('ends when all have finished: stored first, places by time with penalties', () => {
    let room = racing(['Ann', 'Bob'], { mistakes: { kind: 'penalty', seconds: 10 } });
    room = apply(room, moveCmd('p1', 0, wrongAt(0)), 4500).room;
    room = solveAll(room, 'p1', 10_000).room; // 6 s + 10 s penalty
    expect(room.phase).toBe('racing');
    const end = solveAll(room, 'p2', 15_000); // 11 s
    expect(end.room.phase).toBe('finished');
    const types = end.events.map((e) => e.type);
    expect(types.indexOf('raceEnded')).toBeLessThan(types.lastIndexOf('changed'));
    const record = end.events.find((e) => e.type === 'raceEnded')!;
    expect(record.type === 'raceEnded' && record.record.players).toMatchObject([
      { playerId: 'p2', place: 1, timeMs: 11_000, outcome: 'finished', deviceId: 'device-2' },
      { playerId: 'p1', place: 2, timeMs: 16_000, mistakes: 1, outcome: 'finished' },
    ]);
    expect(record.type === 'raceEnded' && record.record.moves).toHaveLength(
      1 + 2 * BLANK_CELLS.length,
    );
  });

  it('ends at the time limit with timeouts, and when the last racer leaves', () => {
    const room = racing(['Ann', 'Bob'], { timeLimitSec: 60 });
    const late = apply(room, { type: 'timeUp', raceId: 'race-1' }, 64_000);
    expect(late.room.race!.runners.map((r) => r.status)).toEqual(['timeout', 'timeout']);
    expect(late.room.phase).toBe('finished');
    const bobDone = solveAll(room, 'p2', 9000).room;
    const annLeaves = apply(bobDone, { type: 'leave', playerId: 'p1' }, 9500);
    expect(annLeaves.room.phase).toBe('finished');
    expect(annLeaves.room.hostId).toBe('p2');
    expect(annLeaves.room.race!.runners[0]!.status).toBe('left');
  });

  it('does not let a device racing here spectate, but anyone else may', () => {
    const room = racing(['Ann']);
    const cmd = { type: 'spectate', spectatorId: 's1', deviceId: 'device-1' } as const;
    expect(refusal(room, cmd)).toBe('SEATED_IN_RACE');
    expect(apply(room, { ...cmd, deviceId: 'device-9' }).room.spectators).toHaveLength(1);
  });

  it('rematches into the lobby with the same players after the end only', () => {
    const room = racing(['Ann', 'Bob']);
    expect(refusal(room, { type: 'rematch', playerId: 'p1' })).toBe('WRONG_PHASE');
    const ended = apply(room, { type: 'timeUp', raceId: 'race-1' }, 64_000).room;
    expect(refusal(ended, { type: 'rematch', playerId: 'p2' })).toBe('NOT_HOST');
    const again = apply(ended, { type: 'rematch', playerId: 'p1' }).room;
    expect(again).toMatchObject({ phase: 'lobby', race: null, code: 'KQZTM' });
    expect(again.seats.map((s) => [s.id, s.ready])).toEqual([
      ['p1', false],
      ['p2', false],
    ]);
  });

  it('ignores timers of an older race', () => {
    const room = racing(['Ann']);
    expect(apply(room, { type: 'timeUp', raceId: 'old' }).room).toBe(room);
    expect(apply(createRoom('ABCDE'), { type: 'begin', raceId: 'x' }).events).toEqual([]);
  });
});
