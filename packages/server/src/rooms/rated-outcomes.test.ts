import { describe, expect, it } from 'vitest';
import { createRoom } from './room.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import { apply, joinCmd, racing, solveAll, startCmd, TIMINGS } from '../../test-support/rooms.ts';
import type { Effect, Room } from './types.ts';
import { viewFor } from './view.ts';

/** Who quit, who was kicked, how the race ended: what the ratings make of it. */

const forfeitBy = (n: number) => ({ type: 'forfeit', connectionId: `c${n}` }) as const;
const leaveBy = (n: number) => ({ type: 'leave', connectionId: `c${n}` }) as const;
const ann = { role: 'player', playerId: 'p1' } as const;

const recordIn = (effects: readonly Effect[]) => {
  const write = effects.find((e) => e.type === 'persistRace');
  if (write?.type !== 'persistRace') throw new Error('no race stored');
  return write.record;
};
const afterOf = (effects: readonly Effect[]) =>
  Object.fromEntries(
    recordIn(effects).players.map((p) => [p.nickname, p.newRating?.rating ?? null]),
  );

describe('rating who quit, who ran out of time, who was kicked', () => {
  it('draws two runners who both quit, whichever joined first', () => {
    const room = apply(racing(['Ann', 'Bob']), forfeitBy(1), 5000).room;
    const ended = apply(room, leaveBy(2), 6000);
    const record = recordIn(ended.effects);
    expect(record.rated).toBe(true);
    expect(record.players.map((p) => p.outcome)).toEqual(['forfeited', 'left']);
    for (const p of record.players) expect(p.newRating!.rating).toBeCloseTo(1500, 6);
  });

  it('gives the same rating to two quitters behind a finisher, in either order of quitting', () => {
    let room = apply(racing(['Ann', 'Bob', 'Cyd']), forfeitBy(3), 5000).room;
    room = apply(room, forfeitBy(2), 6000).room;
    const after = afterOf(solveAll(room, 'p1', 8000).effects);
    expect(after['Ann']!).toBeGreaterThan(1500);
    expect(after['Bob']!).toBeLessThan(1500);
    expect(after['Bob']).toBeCloseTo(after['Cyd']!, 9);
  });

  it('rates nobody against a runner the host kicked, nor the kicked runner (also across a restart)', () => {
    const kicked = apply(
      racing(['Ann', 'Bob', 'Cyd']),
      { type: 'kick', connectionId: 'c1', target: 'p2' },
      5000,
    ).room;
    const restored = restoreRoom(snapshotOf(kicked), [], 5000, TIMINGS);
    if (!restored.ok) throw new Error(restored.message);
    for (const room of [kicked, restored.room]) {
      const done = solveAll(rejoined(room), 'p1', 8000).room;
      const ended = apply(done, forfeitBy(3), 9000);
      const record = recordIn(ended.effects);
      expect(record.players.map((p) => [p.nickname, p.outcome, p.newRating === null])).toEqual([
        ['Ann', 'finished', false],
        ['Cyd', 'forfeited', false],
        ['Bob', 'left', true],
      ]);
      expect(record.players[2]!.rating).toBeNull();
      // Ann and Cyd played one game: as in a race of the two of them alone.
      const pair = apply(solveAll(racing(['Ann', 'Cyd']), 'p1', 8000).room, forfeitBy(2), 9000);
      expect(afterOf(ended.effects)['Ann']).toBeCloseTo(afterOf(pair.effects)['Ann']!, 9);
      expect(viewFor(ended.room, ann, 9000).race!.standings![2]!.rating).toBeNull();
    }
  });

  it('reads a snapshot written before kicks were marked: nobody was kicked', () => {
    const saved = JSON.parse(snapshotOf(racing(['Ann', 'Bob']))) as {
      room: { race: { runners: Array<Record<string, unknown>> } };
    };
    for (const runner of saved.room.race.runners) delete runner['kicked'];
    const restored = restoreRoom(JSON.stringify(saved), [], 5000, TIMINGS);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.room.race!.runners.map((r) => r.kicked)).toEqual([false, false]);
  });

  it('at the time limit: finisher above the out-of-time, the out-of-time above who quit', () => {
    let room = racing(['Ann', 'Bob', 'Cyd'], { timeLimitSec: 60 });
    room = apply(solveAll(room, 'p1', 8000).room, forfeitBy(3), 9000).room;
    const ended = apply(room, { type: 'timeUp', raceId: 'race-1' }, 64_000);
    const record = recordIn(ended.effects);
    expect(record.players.map((p) => p.outcome)).toEqual(['finished', 'timeout', 'forfeited']);
    const after = afterOf(ended.effects);
    expect(after['Ann']!).toBeGreaterThan(1500);
    expect(after['Bob']).toBeCloseTo(1500, 6);
    expect(after['Cyd']!).toBeLessThan(1500);
  });

  it('when the host ends the race before anyone finished, rates nobody (no game was decided)', () => {
    const ended = apply(racing(['Ann', 'Bob']), { type: 'endRace', connectionId: 'c1' }, 9000);
    const record = recordIn(ended.effects);
    expect(record.rated).toBe(false);
    expect(record.players.map((p) => [p.outcome, p.newRating, p.rating])).toEqual([
      ['ended', null, null],
      ['ended', null, null],
    ]);
    expect(viewFor(ended.room, ann, 9000).race!.rated).toBe(false);
    expect(ended.room.seats.map((s) => s.rating!.races)).toEqual([0, 0]);
  });

  it('when the host ends the race, finishers still beat the runners it stopped, who play each other no game', () => {
    // Ann finished; the host (Ann) ends it with Bob and Cyd still racing, Dan had given up.
    let room = apply(
      solveAll(racing(['Ann', 'Bob', 'Cyd', 'Dan']), 'p1', 8000).room,
      forfeitBy(4),
      8500,
    ).room;
    const ended = apply(room, { type: 'endRace', connectionId: 'c1' }, 9000);
    const record = recordIn(ended.effects);
    expect(record.players.map((p) => [p.nickname, p.outcome])).toEqual([
      ['Ann', 'finished'],
      ['Bob', 'ended'],
      ['Cyd', 'ended'],
      ['Dan', 'forfeited'],
    ]);
    const after = afterOf(ended.effects);
    expect(after['Ann']!).toBeGreaterThan(1500);
    // Bob and Cyd each lost to Ann and beat Dan (a loss and a win at equal ratings): as at the
    // time limit, where the two of them would draw instead.
    expect(after['Bob']).toBeCloseTo(after['Cyd']!, 9);
    expect(after['Dan']!).toBeLessThan(after['Bob']!);
    room = racing(['Ann', 'Bob', 'Cyd', 'Dan'], { timeLimitSec: 60 });
    room = apply(solveAll(room, 'p1', 8000).room, forfeitBy(4), 8500).room;
    const timeUp = afterOf(apply(room, { type: 'timeUp', raceId: 'race-1' }, 64_000).effects);
    // One game fewer (no Bob–Cyd draw): the same direction, never a loss the race did not make.
    expect(Math.sign(after['Bob']! - 1500)).toBe(Math.sign(timeUp['Bob']! - 1500));
  });
});

describe('a device with two seats (two tabs)', () => {
  it('is not rated, and the other runners still are', () => {
    let room = createRoom('KQZTM', TIMINGS);
    room = apply(room, joinCmd('Ann', 1)).room;
    room = apply(room, { ...joinCmd('Ann again', 2), deviceId: 'device-1' }).room;
    room = apply(room, joinCmd('Cyd', 3)).room;
    room = apply(room, joinCmd('Dan', 4)).room;
    for (const c of ['c2', 'c3', 'c4'])
      room = apply(room, { type: 'ready', connectionId: c, ready: true }).room;
    room = apply(apply(room, startCmd).room, { type: 'begin', raceId: 'race-1' }, 4000).room;
    expect(viewFor(room, ann, 5000).race!.rated).toBe(true);
    for (const n of [1, 2, 4]) room = apply(room, forfeitBy(n), 5000).room;
    const ended = solveAll(room, 'p3', 8000);
    const after = afterOf(ended.effects);
    expect(after).toEqual({
      Cyd: expect.any(Number),
      Dan: expect.any(Number),
      Ann: null,
      'Ann again': null,
    });
    expect(after['Cyd']!).toBeGreaterThan(1500);
    expect(after['Dan']!).toBeLessThan(1500);
    expect(recordIn(ended.effects).rated).toBe(true);
  });

  it('says unrated in the view as in the record when fewer than two runners are rated', () => {
    let room = createRoom('KQZTM', TIMINGS);
    room = apply(room, joinCmd('Ann', 1)).room;
    room = apply(room, { ...joinCmd('Ann again', 2), deviceId: 'device-1' }).room;
    room = apply(room, joinCmd('Cyd', 3)).room;
    for (const c of ['c2', 'c3'])
      room = apply(room, { type: 'ready', connectionId: c, ready: true }).room;
    const counting = apply(room, startCmd).room;
    expect(viewFor(counting, ann, 2000).race!.rated).toBe(false);
    room = apply(counting, { type: 'begin', raceId: 'race-1' }, 4000).room;
    for (const n of [2, 3]) room = apply(room, forfeitBy(n), 5000).room;
    const ended = solveAll(room, 'p1', 8000);
    expect(viewFor(ended.room, ann, 8000).race!.rated).toBe(false);
    expect(recordIn(ended.effects).rated).toBe(false);
  });
});

/** A restored room waits for its players to come back; Ann and Cyd do (Bob was kicked). */
function rejoined(room: Room): Room {
  if (room.seats.every((s) => s.connectionId !== null)) return room;
  let back = room;
  for (const [name, n] of [
    ['Ann', 1],
    ['Cyd', 3],
  ] as const) {
    const seat = back.seats.find((s) => s.nickname === name)!;
    back = apply(back, joinCmd(name, n, seat.sessionToken), 6000).room;
  }
  return back;
}
