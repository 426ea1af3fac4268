/**
 * The ratings part of the history contract (`history-fixtures.ts`): a rated race's changes are
 * kept, settled from the ratings stored when the race is; a race stored twice counts once, a
 * race copied out of order still counts, and of two races a device ran at the same time only
 * the first stored rates it — on SQLite and PostgreSQL alike. (Fixture races last 60 s.)
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
      100_000,
      ['bob', afterOf(rated, 'bob')],
      ['ann', afterOf(rated, 'ann')],
    );
    await store.recordRace(next, []);
    expect(await store.ratingOf('bob')).toEqual(afterOf(next, 'bob'));
    expect(await store.ratingOf('ann')).toEqual(afterOf(next, 'ann'));
  });

  it('rates a device in one of two races it ran at once: the first stored', async () => {
    const store = current();
    const first = ratedRace('r0', 1_000, newcomer('pat'), newcomer('ann'));
    await store.recordRace(first, []);
    const r0 = await store.ratingOf('pat');
    // Pat is losing race A, leaves, joins room B at once: both rooms read r0.
    const a = ratedRace('A', 100_000, newcomer('bob'), ['pat', r0]);
    const b = ratedRace('B', 130_000, ['pat', r0], newcomer('cyd'));
    await store.recordRace(a, []); // A ends first: its loss, exactly
    expect(await store.ratingOf('pat')).toEqual(afterOf(a, 'pat'));
    await store.recordRace(b, []); // B ran at the same time: it rates nobody
    expect(await store.ratingOf('pat')).toEqual(afterOf(a, 'pat'));
    expect(await store.ratingOf('cyd')).toEqual(INITIAL_RATING);
    expect(await store.raceOf('B')).toMatchObject({ ok: true, value: { rated: false } });
    // A retry of either (the outbox after a failover) changes nothing.
    await (await node()).recordRace(b, []);
    await store.recordRace(a, []);
    expect(await store.ratingOf('pat')).toEqual(afterOf(a, 'pat'));
    expect(await store.ratingOf('bob')).toEqual(afterOf(a, 'bob'));
  });

  it('counts every race once when a cluster copies them out of order', async () => {
    const store = current();
    const first = ratedRace('r1', 100_000, newcomer('ann'), newcomer('bob'));
    const second = ratedRace(
      'r2',
      200_000,
      ['bob', afterOf(first, 'bob')],
      ['ann', afterOf(first, 'ann')],
    );
    const third = ratedRace('r3', 300_000, ['ann', afterOf(second, 'ann')], newcomer('cat'));
    // The outbox copied race 3, then race 1, then race 2: each settled from the stored ratings.
    await store.recordRace(third, []);
    await store.recordRace(first, []);
    await store.recordRace(second, []);
    expect((await store.ratingOf('ann')).races).toBe(3);
    expect((await store.ratingOf('bob')).races).toBe(2);
    expect((await store.ratingOf('cat')).races).toBe(1);
    for (const id of ['r1', 'r2', 'r3'])
      expect(await store.raceOf(id)).toMatchObject({ ok: true, value: { rated: true } });
  });
}
