import { describe, expect, it } from 'vitest';
import { reduce } from './reduce.ts';
import { createRoom } from './room.ts';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  lobbyWith,
  moveCmd,
  racing,
  refusal,
  solveAll,
  startCmd,
  TIMINGS,
  typesOf,
  wrongAt,
} from '../../test-support/rooms.ts';
import type { Command } from './types.ts';

describe('lobby rules', () => {
  it('lets only the host change settings, and a rule change clears ready flags', () => {
    const room = lobbyWith(['Ann', 'Bob']);
    const bob: Command = { type: 'settings', connectionId: 'c2', settings: { variant: 'x' } };
    expect(refusal(room, bob)).toBe('NOT_HOST');
    const changed = apply(room, { ...bob, connectionId: 'c1' }).room;
    expect(changed.settings.variant).toBe('x');
    expect(changed.seats.every((s) => !s.ready)).toBe(true);
    const lockOnly = apply(room, {
      type: 'settings',
      connectionId: 'c1',
      settings: { locked: true },
    });
    expect(lockOnly.room.seats.every((s) => s.ready)).toBe(true);
    const tooSmall = { type: 'settings', connectionId: 'c1', settings: { maxPlayers: 1 } } as const;
    expect(refusal(room, tooSmall)).toBe('BAD_PAYLOAD');
  });

  it('starts only when every other player is ready, naming who is not', () => {
    const room = apply(lobbyWith(['Ann', 'Bob']), {
      type: 'ready',
      connectionId: 'c2',
      ready: false,
    });
    expect(reduce(room.room, startCmd, 1000)).toMatchObject({
      ok: false,
      error: { code: 'NOT_READY', message: 'not ready: Bob' },
    });
    expect(refusal(room.room, { ...startCmd, connectionId: 'c2' })).toBe('NOT_HOST');
    expect(refusal(room.room, { ...startCmd, connectionId: 'nobody' })).toBe('NOT_IN_ROOM');
  });
});

describe('the race', () => {
  it('counts down, stores the start, then shows the puzzle, with a time limit timer', () => {
    const started = apply(lobbyWith(['Ann', 'Bob'], { timeLimitSec: 60 }), startCmd, 1000);
    expect(started.room.phase).toBe('countdown');
    expect(started.room.race).toMatchObject({ startsAt: 4000, endsAt: 64_000 });
    expect(typesOf(started.effects)).toEqual(['persistRoom', 'state', 'schedule', 'schedule']);
    expect(started.effects.slice(2)).toEqual([
      { type: 'schedule', key: 'begin', at: 4000, command: { type: 'begin', raceId: 'race-1' } },
      {
        type: 'schedule',
        key: 'timeUp',
        at: 64_000,
        command: { type: 'timeUp', raceId: 'race-1' },
      },
    ]);
    expect(refusal(started.room, moveCmd('p1', 0, digitAt(0)))).toBe('WRONG_PHASE');
    expect(apply(started.room, { type: 'begin', raceId: 'race-1' }, 4000).room.phase).toBe(
      'racing',
    );
  });

  it('logs every judged move before anyone is told, in order', () => {
    const room = racing(['Ann', 'Bob']);
    const right = apply(room, moveCmd('p1', 0, digitAt(0), 'a'), 5000);
    expect(right.room.race!.runners[0]!.board[0]).toBe(String(digitAt(0)));
    expect(right.effects).toEqual([
      {
        type: 'persistMove',
        raceId: 'race-1',
        seq: 0,
        move: {
          playerId: 'p1',
          moveId: 'a',
          at: 5000,
          cell: 0,
          digit: digitAt(0),
          verdict: 'correct',
        },
      },
      { type: 'progress', playerId: 'p1' },
    ]);
    expect(right.reply).toMatchObject({
      verdict: 'correct',
      duplicate: false,
      progress: { filled: 1 },
    });
    const wrong = apply(right.room, moveCmd('p2', 1, wrongAt(1), 'b'), 5100);
    expect(wrong.effects[0]).toMatchObject({
      type: 'persistMove',
      seq: 1,
      move: { verdict: 'wrong' },
    });
    expect(wrong.room.race!.runners[1]).toMatchObject({ mistakes: 1, board: room.race!.puzzle });
    const cleared = apply(wrong.room, moveCmd('p1', 0, 0), 5200);
    expect(cleared.room.race!.runners[0]!.board[0]).toBe('0');
    expect(cleared.room.race!.moves.map((m) => m.verdict)).toEqual(['correct', 'wrong', 'cleared']);
    expect(refusal(room, moveCmd('p1', 3, digitAt(3)))).toBe('GIVEN_CELL');
  });

  it('counts a retried move once, writing nothing, and refuses a reused move id', () => {
    const room = racing(['Ann']);
    const first = apply(room, moveCmd('p1', 1, wrongAt(1), 'same'), 5000);
    const again = apply(first.room, moveCmd('p1', 1, wrongAt(1), 'same'), 5100);
    expect(again.room).toBe(first.room);
    expect(again.effects).toEqual([]);
    expect(again.reply).toEqual({ ...first.reply, duplicate: true });
    expect(refusal(first.room, moveCmd('p1', 2, digitAt(2), 'same'))).toBe('MOVE_ID_REUSED');
  });

  it('eliminates at the (allowed + 1)-th mistake, telling everyone', () => {
    let room = racing(['Ann', 'Bob'], { mistakes: { kind: 'eliminate', allowed: 1 } });
    room = apply(room, moveCmd('p2', 0, wrongAt(0)), 5000).room;
    const out = apply(room, moveCmd('p2', 1, wrongAt(1)), 5100);
    expect(out.reply.status).toBe('eliminated');
    expect(typesOf(out.effects)).toEqual(['persistMove', 'progress', 'state']);
    expect(refusal(out.room, moveCmd('p2', 0, digitAt(0)))).toBe('NOT_RACING');
  });

  it('counts one slip once: the same wrong digit in the same cell again is a duplicate, not stored', () => {
    let room = racing(['Ann', 'Bob'], { mistakes: { kind: 'eliminate', allowed: 1 } });
    room = apply(room, moveCmd('p2', 0, wrongAt(0)), 5000).room;
    // Undo (clear), redo (the same wrong digit), undo, redo: still one mistake, still racing.
    for (const [digit, at] of [
      [0, 5100],
      [wrongAt(0), 5200],
      [0, 5300],
      [wrongAt(0), 5400],
    ]) {
      const out = apply(room, moveCmd('p2', 0, digit!), at);
      room = out.room;
      if (digit !== 0) {
        expect(out.reply).toMatchObject({ verdict: 'wrong', duplicate: true, status: 'racing' });
        expect(out.reply.progress.mistakes).toBe(1);
        expect(out.effects).toEqual([]);
      }
    }
    const race = room.race!;
    expect(race.runners.find((r) => r.playerId === 'p2')!.mistakes).toBe(1);
    expect(race.moves.filter((m) => m.verdict === 'wrong')).toHaveLength(1);
    // Another wrong digit in the same cell is a new slip: the second mistake eliminates.
    const other = (wrongAt(0) % 9) + 1 === digitAt(0) ? (wrongAt(0) % 9) + 2 : (wrongAt(0) % 9) + 1;
    expect(apply(room, moveCmd('p2', 0, other), 5500).reply.status).toBe('eliminated');
  });

  it('stores the finished race in the same write as its last move, before the standings go out', () => {
    let room = racing(['Ann', 'Bob'], { mistakes: { kind: 'penalty', seconds: 10 } });
    room = apply(room, moveCmd('p1', 0, wrongAt(0)), 4500).room;
    room = solveAll(room, 'p1', 10_000).room; // 6 s + 10 s penalty
    expect(room.phase).toBe('racing');
    const end = solveAll(room, 'p2', 15_000); // 11 s
    expect(end.room.phase).toBe('finished');
    expect(typesOf(end.effects)).toEqual([
      'persistMove',
      'persistRace',
      'persistRoom',
      'progress',
      'state',
    ]);
    const race = end.effects[1]!;
    expect(race.type === 'persistRace' && race.record.players).toEqual([
      expect.objectContaining({ playerId: 'p2', place: 1, timeMs: 11_000, outcome: 'finished' }),
      expect.objectContaining({ playerId: 'p1', place: 2, timeMs: 16_000, mistakes: 1 }),
    ]);
    expect(end.room.race!.moves).toHaveLength(1 + 2 * BLANK_CELLS.length);
    expect(end.reply).toMatchObject({ status: 'finished', duplicate: false });
  });

  it('ends at the time limit with timeouts, and ignores timers of another race', () => {
    const room = racing(['Ann', 'Bob'], { timeLimitSec: 60 });
    expect(apply(room, { type: 'timeUp', raceId: 'old' }).room).toBe(room);
    const late = apply(room, { type: 'timeUp', raceId: 'race-1' }, 64_000);
    expect(late.room.race!.runners.map((r) => r.status)).toEqual(['timeout', 'timeout']);
    expect(typesOf(late.effects)).toEqual(['persistRace', 'persistRoom', 'state']);
    expect(apply(createRoom('ABCDE', TIMINGS), { type: 'begin', raceId: 'x' }).effects).toEqual([]);
  });

  it('lets the host end the race for everyone, storing it; unfinished runners get no place', () => {
    const room = solveAll(racing(['Ann', 'Bob', 'Cy']), 'p2', 9000).room;
    expect(refusal(room, { type: 'endRace', connectionId: 'c2' })).toBe('NOT_HOST');
    expect(refusal(lobbyWith(['Ann']), { type: 'endRace', connectionId: 'c1' })).toBe(
      'WRONG_PHASE',
    );
    const ended = apply(room, { type: 'endRace', connectionId: 'c1' }, 20_000);
    expect(ended.room.phase).toBe('finished');
    expect(ended.room.race).toMatchObject({ endedAt: 20_000, endedBy: 'host' });
    expect(ended.room.race!.runners.map((r) => r.status)).toEqual(['ended', 'finished', 'ended']);
    expect(typesOf(ended.effects)).toEqual(['persistRace', 'persistRoom', 'state']);
    const record = ended.effects[0]!;
    expect(record.type === 'persistRace' && record.record.players.map((p) => p.place)).toEqual([
      1,
      null,
      null,
    ]);
  });

  it('says why a race ended: everyone done, or the time limit', () => {
    const done = solveAll(racing(['Ann']), 'p1', 9000).room;
    expect(done.race!.endedBy).toBe('players');
    const late = apply(
      racing(['Ann'], { timeLimitSec: 60 }),
      { type: 'timeUp', raceId: 'race-1' },
      64_000,
    );
    expect(late.room.race!.endedBy).toBe('timeLimit');
  });

  it('refuses a move from a player who joined after the start and from a spectator', () => {
    const room = apply(racing(['Ann']), {
      type: 'spectate',
      connectionId: 's1',
      deviceId: 'd-s1',
    }).room;
    expect(refusal(room, { ...moveCmd('p1', 0, 1), connectionId: 's1' })).toBe('NOT_IN_ROOM');
    expect(refusal(lobbyWith(['Ann']), moveCmd('p1', 0, 1))).toBe('WRONG_PHASE');
  });

  it('rematches into the lobby with the same players after the end only', () => {
    const room = racing(['Ann', 'Bob'], { timeLimitSec: 60 });
    expect(refusal(room, { type: 'rematch', connectionId: 'c1' })).toBe('WRONG_PHASE');
    const ended = apply(room, { type: 'timeUp', raceId: 'race-1' }, 64_000).room;
    expect(refusal(ended, { type: 'rematch', connectionId: 'c2' })).toBe('NOT_HOST');
    const again = apply(ended, { type: 'rematch', connectionId: 'c1' });
    expect(again.room).toMatchObject({ phase: 'lobby', race: null, code: 'KQZTM' });
    expect(again.room.seats.map((s) => [s.id, s.ready])).toEqual([
      ['p1', false],
      ['p2', false],
    ]);
  });

  it('sends spectators under the delay rule a view every second, only while they watch', () => {
    const delayed = racing(['Ann'], { spectatorDigits: { kind: 'delay', seconds: 10 } });
    expect(apply(delayed, { type: 'tick' }, 5000).effects).toEqual([]);
    const watched = apply(
      delayed,
      { type: 'spectate', connectionId: 's1', deviceId: 'd-s1' },
      5000,
    );
    expect(watched.effects).toContainEqual({
      type: 'schedule',
      key: 'tick',
      at: 6000,
      command: { type: 'tick' },
    });
    expect(apply(watched.room, { type: 'tick' }, 6000).effects).toEqual([
      { type: 'state', to: 'spectators' },
      { type: 'schedule', key: 'tick', at: 7000, command: { type: 'tick' } },
    ]);
  });
});
