import { describe, expect, it } from 'vitest';
import { createRoom } from './room.ts';
import { INITIAL_RATING, type Rating } from './ratings.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import {
  apply,
  FAIRNESS,
  joinCmd,
  racing,
  SECRET,
  solveAll,
  startCmd,
  TIMINGS,
  tokenOf,
} from '../../test-support/rooms.ts';
import type { Effect, Room } from './types.ts';
import { viewFor } from './view.ts';

const ann = { role: 'player', playerId: 'p1' } as const;
const bob = { role: 'player', playerId: 'p2' } as const;
const spectator = { role: 'spectator' } as const;
const forfeitBy = (n: number) => ({ type: 'forfeit', connectionId: `c${n}` }) as const;

/** Ann finishes, Bob gives up: the race ends at t = 9000. */
function annBeatsBob(
  settings: Partial<Room['settings']> = {},
  room = racing(['Ann', 'Bob'], settings),
) {
  const done = solveAll(room, 'p1', 8000);
  return apply(done.room, forfeitBy(2), 9000);
}

const recordIn = (effects: readonly Effect[]) => {
  const write = effects.find((e) => e.type === 'persistRace');
  if (write?.type !== 'persistRace') throw new Error('no race stored');
  return write.record;
};

describe('ratings in the core', () => {
  it('shows each player’s rating in the lobby, rounded, provisional for a new device', () => {
    const known: Rating = { rating: 1712.6, rd: 60, volatility: 0.06, races: 12 };
    let room = createRoom('KQZTM', TIMINGS);
    room = apply(room, { ...joinCmd('Ann', 1), rating: known }).room;
    room = apply(room, joinCmd('Bob', 2)).room;
    room = apply(room, { ...joinCmd('Cyd', 3), rating: null }).room;
    expect(viewFor(room, ann, 1000).players.map((p) => p.rating)).toEqual([
      { value: 1713, provisional: false },
      { value: 1500, provisional: true },
      null,
    ]);
    expect(viewFor(room, ann, 1000).settings.rated).toBe(true);
  });

  it('rates a rated race of two at its end: the winner up, the other down, stored with it', () => {
    const ended = annBeatsBob();
    const view = viewFor(ended.room, bob, 9000);
    expect(view.race!.rated).toBe(true);
    const [first, second] = view.race!.standings!;
    expect(first!.playerId).toBe('p1');
    expect(first!.rating).toMatchObject({ before: 1500, provisional: true });
    expect(first!.rating!.after).toBeGreaterThan(1500);
    expect(second!.rating!.after).toBeLessThan(1500);
    // The seats carry the new ratings: the lobby shows them from now on.
    expect(view.players.map((p) => p.rating?.value)).toEqual([
      first!.rating!.after,
      second!.rating!.after,
    ]);
    const record = recordIn(ended.effects);
    expect(record.rated).toBe(true);
    expect(record.players.map((p) => p.newRating?.races)).toEqual([1, 1]);
    expect(record.players[0]!.rating!.before).toBe(1500);
    expect(record.players[0]!.newRating!.rating).toBe(record.players[0]!.rating!.after);
  });

  it('changes no rating in an unrated room, nor in a rated race of one', () => {
    for (const ended of [annBeatsBob({ rated: false }), solveAll(racing(['Ann']), 'p1', 8000)]) {
      const view = viewFor(ended.room, ann, 9000);
      expect(view.race!.rated).toBe(false);
      expect(view.race!.standings!.map((s) => s.rating)).toEqual(
        view.race!.standings!.map(() => null),
      );
      expect(view.players.map((p) => p.rating)).toEqual(
        view.players.map(() => ({ value: 1500, provisional: true })),
      );
      const record = recordIn(ended.effects);
      expect(record.rated).toBe(false);
      expect(record.players.every((p) => p.newRating === null && p.rating === null)).toBe(true);
      expect(ended.room.seats.every((s) => s.rating === INITIAL_RATING)).toBe(true);
    }
  });

  it('leaves out a player whose rating could not be read, and then rates nobody alone', () => {
    let room = createRoom('KQZTM', TIMINGS);
    room = apply(room, joinCmd('Ann', 1)).room;
    room = apply(room, { ...joinCmd('Bob', 2), rating: null }).room;
    room = apply(room, { type: 'ready', connectionId: 'c2', ready: true }).room;
    room = apply(apply(room, startCmd).room, { type: 'begin', raceId: 'race-1' }, 4000).room;
    const record = recordIn(annBeatsBob({}, room).effects);
    expect(record.rated).toBe(false);
  });

  it('rates no device that raced with two seats (two tabs): it would play itself', () => {
    let room = createRoom('KQZTM', TIMINGS);
    room = apply(room, joinCmd('Ann', 1)).room;
    room = apply(room, { ...joinCmd('Ann again', 2), deviceId: 'device-1' }).room;
    room = apply(room, joinCmd('Cyd', 3)).room;
    for (const c of ['c2', 'c3'])
      room = apply(room, { type: 'ready', connectionId: c, ready: true }).room;
    room = apply(apply(room, startCmd).room, { type: 'begin', raceId: 'race-1' }, 4000).room;
    room = apply(room, forfeitBy(3), 5000).room;
    const record = recordIn(annBeatsBob({}, room).effects);
    expect(record.players.map((p) => [p.playerId, p.newRating === null])).toEqual([
      ['p1', true],
      ['p2', true],
      ['p3', true],
    ]);
    expect(record.rated).toBe(false);
  });

  it('takes the rating read at a return for a seat whose rating could not be read at its join', () => {
    let room = createRoom('KQZTM', TIMINGS);
    room = apply(room, { ...joinCmd('Ann', 1), rating: null }).room;
    room = apply(room, { type: 'disconnect', connectionId: 'c1' }).room;
    const known: Rating = { rating: 1610, rd: 80, volatility: 0.06, races: 9 };
    const back = apply(room, {
      ...joinCmd('Ann', 1, tokenOf(1)),
      connectionId: 'c9',
      rating: known,
    });
    expect(back.room.seats).toHaveLength(1);
    expect(back.reply.view.players[0]!.rating).toEqual({ value: 1610, provisional: true });
    // A known rating is the room's own from then on: a later read does not replace it.
    const again = apply(back.room, {
      ...joinCmd('Ann', 1, tokenOf(1)),
      connectionId: 'c8',
      rating: INITIAL_RATING,
    });
    expect(again.room.seats[0]!.rating).toEqual(known);
  });

  it('keeps the last race’s changes and the new ratings across a restart in the lobby', () => {
    const ended = annBeatsBob();
    const lobby = apply(ended.room, { type: 'rematch', connectionId: 'c1' }, 9500).room;
    const restored = restoreRoom(snapshotOf(lobby), [], 20_000, TIMINGS);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.room.seats.map((s) => s.rating)).toEqual(lobby.seats.map((s) => s.rating));
    expect(viewFor(restored.room, ann, 20_000).lastRace!.standings.map((s) => s.rating)).toEqual(
      viewFor(lobby, ann, 9500).lastRace!.standings.map((s) => s.rating),
    );
  });
});

describe('commit–reveal', () => {
  it('sends the commitment from the countdown on, before the puzzle, and no secret', () => {
    const counting = apply(startLobby(), startCmd).room;
    for (const who of [ann, spectator]) {
      expect(viewFor(counting, who, 2000).race).toMatchObject({
        commitment: FAIRNESS.commitment,
        secret: null,
        puzzle: null,
        solution: null,
      });
    }
  });

  it('keeps the secret and the solution from racing players and spectators until the end', () => {
    const room = racing(['Ann', 'Bob']);
    for (const who of [ann, bob, spectator]) {
      expect(viewFor(room, who, 5000).race).toMatchObject({
        commitment: FAIRNESS.commitment,
        secret: null,
        solution: null,
      });
    }
    const ended = annBeatsBob();
    expect(viewFor(ended.room, bob, 9000).race).toMatchObject({
      commitment: FAIRNESS.commitment,
      secret: SECRET,
    });
    expect(recordIn(ended.effects)).toMatchObject({
      commitment: FAIRNESS.commitment,
      secret: SECRET,
    });
  });

  it('keeps the commitment, the secret and the runners’ ratings across a restart mid-race', () => {
    const room = racing(['Ann', 'Bob']);
    const restored = restoreRoom(snapshotOf(room), [], 6000, TIMINGS);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.room.race).toMatchObject({ commitment: FAIRNESS.commitment, secret: SECRET });
    expect(restored.room.race!.runners.map((r) => r.rating)).toEqual([
      INITIAL_RATING,
      INITIAL_RATING,
    ]);
    let back = apply(restored.room, joinCmd('Ann', 1, tokenOf(1)), 6000).room;
    back = apply(back, joinCmd('Bob', 2, tokenOf(2)), 6000).room;
    const after = annBeatsBob({}, back);
    expect(recordIn(after.effects)).toMatchObject({ rated: true, secret: SECRET });
  });
});

function startLobby(): Room {
  let room = createRoom('KQZTM', TIMINGS);
  room = apply(room, joinCmd('Ann', 1)).room;
  room = apply(room, joinCmd('Bob', 2)).room;
  return apply(room, { type: 'ready', connectionId: 'c2', ready: true }).room;
}
