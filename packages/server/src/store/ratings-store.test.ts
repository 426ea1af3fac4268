/**
 * Ratings in the one-process store: a rated race's changes are kept with its standings, and
 * each device's new rating is written in the transaction that stores the race — once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  INITIAL_RATING,
  rateRace,
  type RacePlayerRecord,
  type RaceRecord,
  type Rating,
} from '../rooms/index.ts';
import { openSqliteStore } from './sqlite.ts';
import { openStore, type Store } from './store.ts';

const PUZZLE = '240070010090000075300000402000010000000856200025000006000000584000000000000001703';
const SOLUTION =
  '246375918198264375357198462763412859419856237825937146971623584534789621682541793';

function player(deviceId: string, place: number | null, rating: number): RacePlayerRecord {
  return {
    playerId: `p-${deviceId}`,
    deviceId,
    nickname: deviceId.toUpperCase(),
    place,
    timeMs: place === null ? null : 80_000,
    mistakes: 0,
    outcome: place === null ? 'left' : 'finished',
    rating: { before: 1500, after: rating, provisional: true },
    oldRating: INITIAL_RATING,
    newRating: { rating, rd: 290.3, volatility: 0.06, races: 1 },
  };
}

function race(id: string, players: RacePlayerRecord[]): RaceRecord {
  return {
    id,
    roomCode: 'KXMTA',
    variant: 'percent',
    difficulty: 'easy',
    puzzle: PUZZLE,
    solution: SOLUTION,
    startedAt: 940_000,
    endedAt: 1_000_000,
    pauses: [],
    rated: true,
    commitment: 'c0'.repeat(32),
    secret: '5e'.repeat(32),
    players,
  };
}

describe('ratings in the store', () => {
  let store: Store;
  beforeEach(() => (store = openStore({ memory: true })));
  afterEach(() => store.close());

  it('stores a rated race’s changes with its standings and each device’s new rating', () => {
    const record = race('r1', [player('bob', 1, 1662.3), player('ann', null, 1337.7)]);
    const [after, lost] = record.players.map((p) => p.newRating);
    expect(store.ratingOf('bob')).toBeNull();
    store.commit([{ type: 'persistRace', record }]);
    expect(() => store.commit([{ type: 'persistRace', record }])).toThrow(/not stored/);
    expect(store.ratingOf('bob')).toEqual(after);
    expect(store.ratingOf('ann')).toEqual(lost);
    expect(store.ratingOf('cyd')).toBeNull();
    const stored = store.raceOf('r1');
    expect(stored?.ok && stored.value).toMatchObject({
      rated: true,
      commitment: 'c0'.repeat(32),
      secret: '5e'.repeat(32),
      players: [
        { deviceId: 'bob', rating: { before: 1500, after: 1662.3, provisional: true } },
        { deviceId: 'ann', rating: { before: 1500, after: 1337.7, provisional: true } },
      ],
    });
    expect(stored?.ok && stored.value.players[0]).not.toHaveProperty('newRating');
    expect(stored?.ok && stored.value.players[0]).not.toHaveProperty('oldRating');
  });

  it('moves a device’s rating once per race, even when the race is recorded twice', () => {
    const history = openSqliteStore({ memory: true });
    const rated = (rating: number) => race('r1', [player('bob', 1, rating)]);
    expect(history.recordRace(rated(1600), [])).toBe(true);
    expect(history.recordRace(rated(1700), [])).toBe(false);
    expect(history.ratingOf('bob')).toEqual({
      rating: 1600,
      rd: 290.3,
      volatility: 0.06,
      races: 1,
    });
    history.close();
  });

  it('counts both races of a device that left a losing race for another room', () => {
    /** `winner` beats `loser`, each from the rating they joined with. */
    const rated = (id: string, winner: [string, Rating], loser: [string, Rating]) => {
      const after = rateRace([
        { outcome: 'finished', timeMs: 1, rating: winner[1] },
        { outcome: 'left', timeMs: null, rating: loser[1] },
      ]);
      const players = [winner, loser].map(([deviceId, before], i) => ({
        ...player(deviceId, i === 0 ? 1 : null, after[i]!.rating),
        rating: { before: before.rating, after: after[i]!.rating, provisional: false },
        oldRating: before,
        newRating: after[i]!,
      }));
      return race(id, players);
    };
    store.commit([
      { type: 'persistRace', record: rated('r0', ['pat', INITIAL_RATING], ['x', INITIAL_RATING]) },
    ]);
    // Pat's rating as its row holds it now (what a join reads).
    const now = store.ratingOf('pat')!;
    const a = rated('A', ['bob', INITIAL_RATING], ['pat', now]); // Pat loses A and leaves…
    const b = rated('B', ['pat', now], ['cyd', INITIAL_RATING]); // …joining B from the same rating
    store.commit([{ type: 'persistRace', record: a }]);
    store.commit([{ type: 'persistRace', record: b }]);
    const both = store.ratingOf('pat')!;
    const change = (r: RaceRecord, i: number) =>
      r.players[i]!.newRating!.rating - r.players[i]!.oldRating!.rating;
    expect(both.races).toBe(now.races + 2);
    expect(both.rating).toBeCloseTo(now.rating + change(a, 1) + change(b, 0), 8);
    expect(() => store.commit([{ type: 'persistRace', record: b }])).toThrow(/not stored/);
    expect(store.ratingOf('pat')).toEqual(both);
  });
});
