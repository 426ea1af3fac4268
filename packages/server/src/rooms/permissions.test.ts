import { describe, expect, it } from 'vitest';
import { reduce } from './reduce.ts';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  joinCmd,
  lobbyWith,
  racing,
  solveAll,
  startCmd,
  TIMINGS,
} from '../../test-support/rooms.ts';
import { createRoom } from './room.ts';
import type { Command, Recipient, Room } from './types.ts';
import { viewFor } from './view.ts';

/**
 * The view's `you.can` is exactly what the room core accepts: for every member of rooms in
 * every phase, each permission is checked against the command itself.
 */

/** A room whose host (p1, on c1) sits races out: a TV running the room. */
function tvRoom(): Room {
  let room = createRoom('KQZTM', TIMINGS);
  room = apply(room, { ...joinCmd('TV', 1), plays: false }).room;
  for (const [name, n] of [
    ['Bob', 2],
    ['Cyd', 3],
  ] as const) {
    room = apply(room, joinCmd(name, n)).room;
    room = apply(room, { type: 'ready', connectionId: `c${n}`, ready: true }).room;
  }
  return room;
}

const ROOMS: Record<string, () => Room> = {
  'lobby, all ready': () => lobbyWith(['Ann', 'Bob', 'Cyd']),
  'lobby, Bob not ready': () =>
    apply(lobbyWith(['Ann', 'Bob', 'Cyd']), { type: 'ready', connectionId: 'c2', ready: false })
      .room,
  'lobby, everyone sits out': () =>
    apply(lobbyWith(['Ann']), { type: 'play', connectionId: 'c1', plays: false }).room,
  countdown: () => apply(lobbyWith(['Ann', 'Bob']), startCmd).room,
  racing: () => racing(['Ann', 'Bob', 'Cyd']),
  'racing, Bob finished': () => solveAll(racing(['Ann', 'Bob', 'Cyd']), 'p2', 6000).room,
  finished: () => solveAll(racing(['Ann']), 'p1', 6000).room,
  'TV host, lobby': tvRoom,
  'evening on, lobby': () =>
    apply(lobbyWith(['Ann', 'Bob']), {
      type: 'startTournament',
      connectionId: 'c1',
      tournamentId: 'eve-1',
      rounds: 3,
    }).room,
  'evening on, racing': () => {
    const evening = apply(lobbyWith(['Ann', 'Bob']), {
      type: 'startTournament',
      connectionId: 'c1',
      tournamentId: 'eve-1',
      rounds: 3,
    }).room;
    return apply(apply(evening, startCmd).room, { type: 'begin', raceId: 'race-1' }, 4000).room;
  },
  'head starts, Ann waiting': () => {
    let room = createRoom('KQZTM', TIMINGS, { handicap: true });
    for (const [name, n, rating] of [
      ['Ann', 1, 1900],
      ['Bob', 2, 1300],
    ] as const) {
      const strength = { rating, rd: 60, volatility: 0.06, races: 30 };
      room = apply(room, { ...joinCmd(name, n), rating: strength }).room;
      room = apply(room, { type: 'ready', connectionId: `c${n}`, ready: true }).room;
    }
    return apply(apply(room, startCmd).room, { type: 'begin', raceId: 'race-1' }, 4000).room;
  },
  'TV host, racing': () => {
    const counting = apply(tvRoom(), startCmd).room;
    return apply(counting, { type: 'begin', raceId: 'race-1' }, 4000).room;
  },
};

const accepts = (room: Room, command: Command): boolean => reduce(room, command, 5000).ok;

describe('each member is told exactly what the server accepts', () => {
  for (const [name, make] of Object.entries(ROOMS)) {
    it(name, () => {
      const room = make();
      const members: { recipient: Recipient; connectionId: string }[] = [
        ...room.seats.map((s) => ({
          recipient: { role: 'player', playerId: s.id } as const,
          connectionId: s.connectionId!,
        })),
        { recipient: { role: 'spectator' }, connectionId: 'nobody' },
      ];
      for (const { recipient, connectionId: c } of members) {
        const can = viewFor(room, recipient, 5000).you.can;
        const me = recipient.role === 'player' ? recipient.playerId : 'spectator';
        const others = room.seats.map((s) => s.id).filter((id) => id !== me);
        const say = `${name}, ${me}`;
        expect(can.start?.allowed ?? false, say).toBe(
          accepts(room, { ...startCmd, connectionId: c }),
        );
        expect(can.settings !== null, say).toBe(
          accepts(room, { type: 'settings', connectionId: c, settings: { locked: true } }),
        );
        for (const id of others) {
          expect(can.remove.includes(id), say).toBe(
            accepts(room, { type: 'kick', connectionId: c, target: id }),
          );
          expect(can.makeHost.includes(id), say).toBe(
            accepts(room, { type: 'transferHost', connectionId: c, target: id }),
          );
        }
        expect(can.endRace, say).toBe(accepts(room, { type: 'endRace', connectionId: c }));
        expect(can.rematch, say).toBe(accepts(room, { type: 'rematch', connectionId: c }));
        expect(can.forfeit, say).toBe(accepts(room, { type: 'forfeit', connectionId: c }));
        const evening = { connectionId: c, tournamentId: 'eve-2', rounds: null };
        expect(can.startTournament, say).toBe(
          accepts(room, { type: 'startTournament', ...evening }),
        );
        expect(can.endTournament, say).toBe(
          accepts(room, { type: 'endTournament', connectionId: c }),
        );
        const cell = BLANK_CELLS[0]!;
        const move = { type: 'move', connectionId: c, moveId: 'x1', cell, digit: digitAt(cell) };
        expect(can.move, say).toBe(accepts(room, move as Command));
        const seat = room.seats.find((s) => s.connectionId === c);
        expect(can.sitOut, say).toBe(
          accepts(room, { type: 'play', connectionId: c, plays: !(seat?.plays ?? true) }),
        );
        // Ready is offered to the playing seats a start waits for; whatever is offered works.
        if (can.ready)
          expect(accepts(room, { type: 'ready', connectionId: c, ready: true })).toBe(true);
      }
    });
  }

  it('gives a host who sits out every host power mid-race, and says why a start waits', () => {
    const counting = apply(tvRoom(), startCmd).room;
    const room = apply(counting, { type: 'begin', raceId: 'race-1' }, 4000).room;
    const tv = viewFor(room, { role: 'player', playerId: 'p1' }, 5000).you.can;
    expect(tv).toMatchObject({ endRace: true, remove: ['p2', 'p3'], move: false, forfeit: false });
    const bob = viewFor(room, { role: 'player', playerId: 'p2' }, 5000).you.can;
    expect(bob).toMatchObject({
      endRace: false,
      remove: [],
      move: true,
      forfeit: true,
      start: null,
    });
    const waiting = apply(tvRoom(), { type: 'ready', connectionId: 'c3', ready: false }).room;
    expect(viewFor(waiting, { role: 'player', playerId: 'p1' }, 5000).you.can.start).toEqual({
      allowed: false,
      refusal: { code: 'NOT_READY', message: 'not ready: Cyd' },
      waitingFor: ['p3'],
    });
  });
});
