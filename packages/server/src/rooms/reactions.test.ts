import { REACTION_LIMIT } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { apply, joinCmd, lobbyWith, racing, refusal, typesOf } from '../../test-support/rooms.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import type { Room } from './types.ts';
import { viewFor } from './view.ts';

const reactCmd = (connectionId: string, emoji: '👏' | '🎉' = '👏') =>
  ({ type: 'react', connectionId, emoji }) as const;
const watch = (room: Room, n: number) =>
  apply(room, { type: 'spectate', connectionId: `s${n}`, deviceId: `watcher-${n}` }).room;

describe('reactions (room:react)', () => {
  it('go to every member from a seat or a spectator, named by seat only, and store nothing', () => {
    const room = watch(racing(['Ann', 'Bob']), 1);
    const fromBob = apply(room, reactCmd('c2'), 5000);
    expect(fromBob.effects).toEqual([
      { type: 'reaction', event: { emoji: '👏', playerId: 'p2', at: 5000 } },
    ]);
    const fromWatcher = apply(fromBob.room, reactCmd('s1', '🎉'), 5001);
    expect(fromWatcher.effects).toEqual([
      { type: 'reaction', event: { emoji: '🎉', playerId: null, at: 5001 } },
    ]);
    expect(typesOf(fromWatcher.effects)).not.toContain('persistRoom');
    expect(refusal(room, reactCmd('c9'))).toBe('NOT_IN_ROOM');
  });

  it(`allows ${REACTION_LIMIT.count} per connection in ${REACTION_LIMIT.windowMs} ms, then refuses the flood`, () => {
    let room = lobbyWith(['Ann', 'Bob']);
    for (let i = 0; i < REACTION_LIMIT.count; i++)
      room = apply(room, reactCmd('c1'), 1000 + i).room;
    expect(refusal(room, reactCmd('c1'), 1500)).toBe('RATE_LIMITED');
    // Another connection has its own allowance; the first gets one back once the window moves.
    room = apply(room, reactCmd('c2'), 1500).room;
    expect(refusal(room, reactCmd('c1'), 1000 + REACTION_LIMIT.windowMs - 1)).toBe('RATE_LIMITED');
    apply(room, reactCmd('c1'), 1000 + REACTION_LIMIT.windowMs);
  });
});

describe('player colours', () => {
  it('gives each seat the lowest free colour, keeps it, and frees it when the seat goes', () => {
    let room = lobbyWith(['Ann', 'Bob', 'Cy']);
    expect(room.seats.map((s) => s.colour)).toEqual([0, 1, 2]);
    room = apply(room, { type: 'leave', connectionId: 'c2' }).room;
    room = apply(room, joinCmd('Dee', 4)).room;
    expect(room.seats.map((s) => [s.nickname, s.colour])).toEqual([
      ['Ann', 0],
      ['Cy', 2],
      ['Dee', 1],
    ]);
    const view = viewFor(room, { role: 'player', playerId: 'p1' }, 1000);
    expect(view.players.map((p) => p.colour)).toEqual([0, 2, 1]);
  });

  it('repeats past eight seats, and survives a restart (older snapshots: by seat order)', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
    const room = lobbyWith(names, { maxPlayers: 10 });
    expect(room.seats.map((s) => s.colour)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1]);
    const back = restoreRoom(snapshotOf(room), [], 2000, room.timings);
    expect(back.ok && back.room.seats.map((s) => s.colour)).toEqual(
      room.seats.map((s) => s.colour),
    );
    const old = JSON.parse(snapshotOf(room)) as { room: { seats: Record<string, unknown>[] } };
    for (const seat of old.room.seats) delete seat.colour;
    const read = restoreRoom(JSON.stringify(old), [], 2000, room.timings);
    expect(read.ok && read.room.seats.map((s) => s.colour)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1]);
  });
});
