/**
 * The ratings part of the history contract (`history-fixtures.ts`): a rated race's changes are
 * kept, each rating moves once per race and only forward, on SQLite and PostgreSQL alike.
 */
import { expect, it } from 'vitest';
import { INITIAL_RATING, type RaceRecord } from '../../packages/server/src/rooms/index.ts';
import type { HistoryStore } from '../../packages/server/src/store/history.ts';
import { asStored, movesOf, player, race } from './history-fixtures.ts';

/** A rated race of two: `winner` beats `loser`, both new devices, with their new ratings. */
export function ratedRace(id: string, endedAt: number, winner: string, loser: string): RaceRecord {
  const up = { rating: 1662.31, rd: 290.32, volatility: 0.059999, races: 1 };
  const down = { rating: 1337.69, rd: 290.32, volatility: 0.059999, races: 1 };
  const change = (after: typeof up) => ({ before: 1500, after: after.rating, provisional: true });
  return {
    ...race(id, endedAt, [
      player(winner, 1, 80_000, { rating: change(up), newRating: up }),
      player(loser, null, null, { rating: change(down), newRating: down }),
    ]),
    rated: true,
  };
}

/** The race with every new rating counting `races` rated races. */
export function withRaces(record: RaceRecord, races: number): RaceRecord {
  const players = record.players.map((p) => ({
    ...p,
    newRating: p.newRating && { ...p.newRating, races },
  }));
  return { ...record, players };
}

/** Run inside `historyContract`: `current` is the test's store, `node` opens another node. */
export function ratingsContract(current: () => HistoryStore, node: () => Promise<HistoryStore>) {
  it('keeps a rated race’s changes and moves each rating once, even if the race is recorded twice', async () => {
    const store = current();
    expect(await store.ratingOf('ann')).toEqual(INITIAL_RATING);
    const rated = ratedRace('r1', 1_000, 'ann', 'bob');
    await store.recordRace(rated, movesOf(rated));
    const other = await node();
    // A retry (another node, after a failover) with other numbers changes nothing.
    const retried = ratedRace('r1', 1_000, 'bob', 'ann');
    await other.recordRace(retried, movesOf(retried));
    expect(await other.ratingOf('ann')).toEqual(rated.players[0]!.newRating);
    expect(await store.ratingOf('bob')).toEqual(rated.players[1]!.newRating);
    expect(await store.raceOf('r1')).toMatchObject({
      ok: true,
      value: {
        rated: true,
        commitment: rated.commitment,
        secret: rated.secret,
        players: asStored(rated).players,
      },
    });
    const next = ratedRace('r2', 2_000, 'bob', 'ann');
    await store.recordRace(next, []);
    expect(await store.ratingOf('bob')).toEqual(next.players[0]!.newRating);
  });

  it('moves a rating only forward: races stored out of order leave the newest one', async () => {
    const store = current();
    const first = ratedRace('r1', 1_000, 'ann', 'bob');
    const second = withRaces(ratedRace('r2', 2_000, 'bob', 'ann'), 2);
    // A cluster's outbox copied race 2 before race 1.
    await store.recordRace(second, []);
    await store.recordRace(first, []);
    expect(await store.ratingOf('ann')).toEqual(second.players[1]!.newRating);
    expect(await store.ratingOf('bob')).toEqual(second.players[0]!.newRating);
    expect((await store.raceOf('r1'))?.ok).toBe(true); // the race itself is stored
    // Two rooms at once, both from the same rating: the later-ended race stands.
    const later = withRaces(ratedRace('r3', 4_000, 'ann', 'cat'), 3);
    const earlier = withRaces(ratedRace('r4', 3_000, 'dan', 'ann'), 3);
    await store.recordRace(later, []);
    await store.recordRace(earlier, []);
    expect(await store.ratingOf('ann')).toEqual(later.players[0]!.newRating);
    const again = withRaces(ratedRace('r5', 5_000, 'eve', 'cat'), 3);
    const first4 = withRaces(ratedRace('r6', 4_500, 'cat', 'eve'), 3);
    await store.recordRace(first4, []);
    await store.recordRace(again, []);
    expect(await store.ratingOf('cat')).toEqual(again.players[1]!.newRating);
  });
}
