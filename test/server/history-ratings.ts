/**
 * The ratings part of the history contract (`history-fixtures.ts`): a rated race's changes are
 * kept, and every rated race counts exactly once in each device's rating — whether races are
 * stored twice, out of order, or ran at the same time from the same rating — on SQLite and
 * PostgreSQL alike.
 */
import { expect, it } from 'vitest';
import {
  INITIAL_RATING,
  rateRace,
  type RaceRecord,
  type Rating,
} from '../../packages/server/src/rooms/index.ts';
import type { HistoryStore } from '../../packages/server/src/store/history.ts';
import { asStored, movesOf, player, race } from './history-fixtures.ts';

/** A device and the rating it started the race from (as read at its join). */
type Entrant = readonly [deviceId: string, before: Rating];

/** A rated race of two, rated as the core rates it: `winner` finished, `loser` left. */
export function ratedRace(
  id: string,
  endedAt: number,
  winner: Entrant,
  loser: Entrant,
): RaceRecord {
  const [up, down] = rateRace([
    { outcome: 'finished', timeMs: 80_000, rating: winner[1] },
    { outcome: 'left', timeMs: null, rating: loser[1] },
  ]);
  const standing = (before: Rating, after: Rating) => ({
    rating: { before: before.rating, after: after.rating, provisional: true },
    oldRating: before,
    newRating: after,
  });
  return {
    ...race(id, endedAt, [
      player(winner[0], 1, 80_000, standing(winner[1], up!)),
      player(loser[0], null, null, standing(loser[1], down!)),
    ]),
    rated: true,
  };
}

const newcomer = (deviceId: string): Entrant => [deviceId, INITIAL_RATING];
const afterOf = (record: RaceRecord, deviceId: string): Rating =>
  record.players.find((p) => p.deviceId === deviceId)!.newRating!;

/** `rating` is `expected` up to rounding (a change carried over as a difference). */
function expectRating(rating: Rating, expected: Rating): void {
  expect(rating.races).toBe(expected.races);
  expect(rating.rating).toBeCloseTo(expected.rating, 8);
  expect(rating.rd).toBeCloseTo(expected.rd, 8);
  expect(rating.volatility).toBeCloseTo(expected.volatility, 10);
}

/** Run inside `historyContract`: `current` is the test's store, `node` opens another node. */
export function ratingsContract(current: () => HistoryStore, node: () => Promise<HistoryStore>) {
  it('keeps a rated race’s changes and moves each rating once, even if the race is recorded twice', async () => {
    const store = current();
    expect(await store.ratingOf('ann')).toEqual(INITIAL_RATING);
    const rated = ratedRace('r1', 1_000, newcomer('ann'), newcomer('bob'));
    await store.recordRace(rated, movesOf(rated));
    const other = await node();
    // A retry (another node, after a failover) with other numbers changes nothing.
    const retried = ratedRace('r1', 1_000, newcomer('bob'), newcomer('ann'));
    await other.recordRace(retried, movesOf(retried));
    expect(await other.ratingOf('ann')).toEqual(afterOf(rated, 'ann'));
    expect(await store.ratingOf('bob')).toEqual(afterOf(rated, 'bob'));
    expect(await store.raceOf('r1')).toMatchObject({
      ok: true,
      value: {
        rated: true,
        commitment: rated.commitment,
        secret: rated.secret,
        players: asStored(rated).players,
      },
    });
    // The next race started from the stored rating: its result is stored exactly.
    const next = ratedRace(
      'r2',
      2_000,
      ['bob', afterOf(rated, 'bob')],
      ['ann', afterOf(rated, 'ann')],
    );
    await store.recordRace(next, []);
    expect(await store.ratingOf('bob')).toEqual(afterOf(next, 'bob'));
    expect(await store.ratingOf('ann')).toEqual(afterOf(next, 'ann'));
  });

  it('counts both races of a device that left a losing race and joined another at once', async () => {
    const store = current();
    const first = ratedRace('r0', 1_000, newcomer('pat'), newcomer('ann'));
    await store.recordRace(first, []);
    const r0 = await store.ratingOf('pat');
    expect(r0).toEqual(afterOf(first, 'pat'));
    // Pat is losing race A, leaves, joins room B at once: B reads r0 (A is not stored yet).
    const a = ratedRace('A', 5_000, newcomer('bob'), ['pat', r0]);
    const b = ratedRace('B', 9_000, ['pat', r0], newcomer('cyd'));
    await store.recordRace(a, []); // A ends: its loss, exactly
    expect(await store.ratingOf('pat')).toEqual(afterOf(a, 'pat'));
    await store.recordRace(b, []); // B ends later, computed from r0: its win is added to it
    const both = await store.ratingOf('pat');
    expect(both.races).toBe(r0.races + 2);
    expect(both.rating).toBeCloseTo(r0.rating + lossOf(a) + winOf(b), 8);
    expect(both.rating).toBeLessThan(afterOf(b, 'pat').rating); // A's loss is not lost
    expect(both.rd).toBeLessThan(Math.min(afterOf(a, 'pat').rd, afterOf(b, 'pat').rd));
    // A retry of either (the outbox after a failover) changes nothing.
    await (await node()).recordRace(b, []);
    await store.recordRace(a, []);
    expect(await store.ratingOf('pat')).toEqual(both);
    // The other players' ratings are their races' own.
    expect(await store.ratingOf('bob')).toEqual(afterOf(a, 'bob'));
    expect(await store.ratingOf('cyd')).toEqual(afterOf(b, 'cyd'));

    // The same two races stored the other way round end in the same place.
    const other = ratedRace('r0b', 1_000, newcomer('kim'), newcomer('ann'));
    await store.recordRace(other, []);
    const swap = (r: RaceRecord, id: string) => ({
      ...r,
      id,
      players: r.players.map((p) => (p.deviceId === 'pat' ? { ...p, deviceId: 'kim' } : p)),
    });
    await store.recordRace(swap(b, 'B2'), []);
    await store.recordRace(swap(a, 'A2'), []);
    expectRating(await store.ratingOf('kim'), both);
  });

  it('counts every race once when a cluster copies them out of order', async () => {
    const store = current();
    const first = ratedRace('r1', 1_000, newcomer('ann'), newcomer('bob'));
    const second = ratedRace(
      'r2',
      2_000,
      ['bob', afterOf(first, 'bob')],
      ['ann', afterOf(first, 'ann')],
    );
    const third = ratedRace('r3', 3_000, ['ann', afterOf(second, 'ann')], newcomer('cat'));
    // The outbox copied race 3, then race 1, then race 2.
    await store.recordRace(third, []);
    await store.recordRace(first, []);
    await store.recordRace(second, []);
    expectRating(await store.ratingOf('ann'), afterOf(third, 'ann'));
    expectRating(await store.ratingOf('bob'), afterOf(second, 'bob'));
    expect(await store.ratingOf('cat')).toEqual(afterOf(third, 'cat'));
    expect((await store.raceOf('r1'))?.ok).toBe(true); // the races themselves are stored
  });
}

/** The rating change race `a` gave its loser, and race `b` its winner. */
const lossOf = (a: RaceRecord) => a.players[1]!.newRating!.rating - a.players[1]!.oldRating!.rating;
const winOf = (b: RaceRecord) => b.players[0]!.newRating!.rating - b.players[0]!.oldRating!.rating;
