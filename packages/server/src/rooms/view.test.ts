import { describe, expect, it } from 'vitest';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  moveCmd,
  PUZZLE,
  racing,
  solveAll,
  SOLUTION,
} from '../../test-support/rooms.ts';
import type { Room } from './types.ts';
import { membersOf, progressDeliveries, progressEventFor, viewFor } from './view.ts';

const ann = { role: 'player', playerId: 'p1' } as const;
const spectator = { role: 'spectator' } as const;

/** Bob has placed a digit Ann has not: his board differs from hers only there. */
function bobAhead(settings: Partial<Room['settings']> = {}): Room {
  const room = racing(['Ann', 'Bob'], settings);
  return apply(room, moveCmd('p2', BLANK_CELLS[0]!, digitAt(BLANK_CELLS[0]!)), 5000).room;
}
const bobBoard = (room: Room): string => room.race!.runners[1]!.board;

describe('views', () => {
  it('hide the puzzle during the countdown', () => {
    const room = racing(['Ann']);
    const counting: Room = { ...room, phase: 'countdown' };
    expect(viewFor(counting, ann, 2000).race).toMatchObject({
      puzzle: null,
      own: null,
      boards: null,
    });
  });

  it('give a racing player their own board and everyone’s progress, never digits or the solution', () => {
    const room = bobAhead();
    const view = viewFor(room, ann, 6000);
    expect(view.race).toMatchObject({ puzzle: PUZZLE, own: PUZZLE, boards: null, solution: null });
    expect(view.players[1]!.race!.progress).toMatchObject({ filled: 1, blanks: 5, percent: 20 });
    const text = JSON.stringify(view);
    expect(text).not.toContain(SOLUTION);
    expect(text).not.toContain(bobBoard(room));
    expect(text).not.toContain('device-');
    expect(text).not.toContain('token-');
    expect(view.you).toMatchObject({ role: 'player', playerId: 'p1' });
  });

  it('give spectators boards only as the host allows', () => {
    expect(viewFor(bobAhead(), spectator, 6000).race!.boards).toBeNull();
    const live = bobAhead({ spectatorDigits: { kind: 'live' } });
    expect(viewFor(live, spectator, 6000).race!.boards!.p2).toBe(bobBoard(live));
    const delayed = bobAhead({ spectatorDigits: { kind: 'delay', seconds: 10 } });
    expect(viewFor(delayed, spectator, 14_999).race!.boards!.p2).toBe(PUZZLE);
    expect(viewFor(delayed, spectator, 15_000).race!.boards!.p2).toBe(bobBoard(delayed));
    expect(viewFor(delayed, ann, 60_000).race!.boards).toBeNull();
  });

  it('show everyone every board, the solution and the standings after the race', () => {
    const room = solveAll(solveAll(racing(['Ann', 'Bob']), 'p1', 9000).room, 'p2', 9500).room;
    const view = viewFor(room, ann, 10_000);
    expect(view.phase).toBe('finished');
    expect(view.race!.solution).toBe(SOLUTION);
    expect(view.race!.boards).toEqual({ p1: SOLUTION, p2: SOLUTION });
    expect(view.race!.standings!.map((s) => [s.nickname, s.place, s.timeMs])).toEqual([
      ['Ann', 1, 5000],
      ['Bob', 2, 5500],
    ]);
  });

  it('list online players and spectators as members, not players who are away', () => {
    let room = apply(bobAhead(), { type: 'spectate', connectionId: 's1', deviceId: 'd-s1' }).room;
    room = apply(room, { type: 'disconnect', connectionId: 'c1' }).room;
    expect(membersOf(room)).toEqual([
      { connectionId: 'c2', recipient: { role: 'player', playerId: 'p2' } },
      { connectionId: 's1', recipient: { role: 'spectator', connectionId: 's1' } },
    ]);
    expect(viewFor(room, spectator, 6000).players.map((p) => p.connection)).toEqual([
      'reconnecting',
      'online',
    ]);
  });

  it('send progress with a board only to live spectators', () => {
    const room = bobAhead({ spectatorDigits: { kind: 'live' } });
    expect(progressEventFor(room, 'p2', ann)).toMatchObject({
      board: null,
      progress: { filled: 1 },
    });
    expect(progressEventFor(room, 'p2', spectator)!.board).toBe(bobBoard(room));
  });

  it('build each member’s progress batch once, shared by members shown the same, never their own', () => {
    let room = racing(['Ann', 'Bob', 'Cy', 'Di'], { spectatorDigits: { kind: 'live' } });
    room = apply(room, moveCmd('p1', BLANK_CELLS[0]!, digitAt(BLANK_CELLS[0]!)), 5000).room;
    room = apply(room, moveCmd('p2', BLANK_CELLS[1]!, digitAt(BLANK_CELLS[1]!)), 5100).room;
    for (const id of ['s1', 's2'])
      room = apply(room, { type: 'spectate', connectionId: id, deviceId: `d-${id}` }).room;
    const deliveries = progressDeliveries(room, ['p2', 'p1']);
    const summary = deliveries.map((d) => ({
      to: d.connectionIds,
      about: d.events.map((e) => [e.playerId, e.board === null ? 'no board' : 'board']),
    }));
    expect(summary).toEqual([
      { to: ['c1'], about: [['p2', 'no board']] },
      { to: ['c2'], about: [['p1', 'no board']] },
      {
        to: ['c3', 'c4'],
        about: [
          ['p2', 'no board'],
          ['p1', 'no board'],
        ],
      },
      {
        to: ['s1', 's2'],
        about: [
          ['p2', 'board'],
          ['p1', 'board'],
        ],
      },
    ]);
    // The shared batch is one object: the transport serialises it once for its members.
    expect(deliveries[2]!.events[0]).toBe(deliveries[0]!.events[0]);
    expect(deliveries[3]!.events[0]!.board).toBe(room.race!.runners[1]!.board);
    // A player who alone moved is told nothing; the others are.
    const alone = progressDeliveries(room, ['p3']);
    expect(alone.flatMap((d) => d.connectionIds)).toEqual(['c1', 'c2', 'c4', 's1', 's2']);
  });
});
