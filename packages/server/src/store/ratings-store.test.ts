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
    flag: null,
    points: null,
    team: null,
    teamPlace: null,
    colour: null,
    rating: { before: 1500, after: rating, provisional: true },
    oldRating: INITIAL_RATING,
    newRating: { rating, rd: 290.3, volatility: 0.06, races: 1 },
  };
}

function race(id: string, players: RacePlayerRecord[]): RaceRecord {
  return {
    id,
    roomCode: 'KXMTA',
    tournament: null,
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

/** `winner` beats `loser`, each from the rating the room had for them (its own computation). */
function duel(
  id: string,
  winner: [string, Rating],
  loser: [string, Rating],
  times: { startedAt: number; endedAt: number } = { startedAt: 940_000, endedAt: 1_000_000 },
): RaceRecord {
  const after = rateRace([
    { outcome: 'finished', timeMs: 1, rating: winner[1] },
    { outcome: 'left', timeMs: null, rating: loser[1] },
  ]);
  const players = [winner, loser].map(([deviceId, before], i) => ({
    ...player(deviceId, i === 0 ? 1 : null, after[i]!.rating),
    rating: { before: before.rating, after: after[i]!.rating, provisional: true },
    oldRating: before,
    newRating: after[i]!,
  }));
  return { ...race(id, players), ...times };
}

describe('ratings in the store', () => {
  let store: Store;
  beforeEach(() => (store = openStore({ memory: true })));
  afterEach(() => store.close());

  it('stores a rated race’s changes with its standings and each device’s new rating', () => {
    const record = duel('r1', ['bob', INITIAL_RATING], ['ann', INITIAL_RATING]);
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
        { deviceId: 'bob', rating: { before: 1500, after: after!.rating, provisional: true } },
        { deviceId: 'ann', rating: { before: 1500, after: lost!.rating, provisional: true } },
      ],
    });
    expect(stored?.ok && stored.value.players[0]).not.toHaveProperty('newRating');
    expect(stored?.ok && stored.value.players[0]).not.toHaveProperty('oldRating');
  });

  it('moves a device’s rating once per race, even when the race is recorded twice', () => {
    const history = openSqliteStore({ memory: true });
    const record = duel('r1', ['bob', INITIAL_RATING], ['ann', INITIAL_RATING]);
    expect(history.recordRace(record, [])).toBe(true);
    expect(history.recordRace(record, [])).toBe(false);
    expect(history.ratingOf('bob')).toEqual(record.players[0]!.newRating);
    history.close();
  });

  it('settles a race from the stored rating, not the stale one the room joined with', () => {
    const first = duel('A', ['pat', INITIAL_RATING], ['x', INITIAL_RATING]);
    store.commit([{ type: 'persistRace', record: first }]);
    const now = store.ratingOf('pat')!;
    // The room of B read Pat's rating before A was stored: it still says 1500.
    const later = { startedAt: 1_100_000, endedAt: 1_200_000 };
    const b = duel('B', ['pat', INITIAL_RATING], ['cyd', INITIAL_RATING], later);
    store.commit([{ type: 'persistRace', record: b }]);
    const right = duel('B', ['pat', now], ['cyd', INITIAL_RATING], later);
    expect(store.ratingOf('pat')).toEqual(right.players[0]!.newRating);
    const stored = store.raceOf('B');
    expect(stored?.ok && stored.value.players[0]!.rating).toEqual(right.players[0]!.rating);
  });

  it('rates a device in one of two races at once: the first stored; the other rates nobody', () => {
    const a = duel('A', ['bob', INITIAL_RATING], ['pat', INITIAL_RATING]);
    const b = duel('B', ['pat', INITIAL_RATING], ['cyd', INITIAL_RATING]); // at the same time
    store.commit([{ type: 'persistRace', record: a }]);
    const afterA = store.ratingOf('pat');
    store.commit([{ type: 'persistRace', record: b }]);
    expect(store.ratingOf('pat')).toEqual(afterA);
    expect(store.ratingOf('cyd')).toBeNull();
    const stored = store.raceOf('B');
    expect(stored?.ok && stored.value.rated).toBe(false);
    expect(stored?.ok && stored.value.players.map((p) => p.rating)).toEqual([null, null]);
  });

  it('gives a farm of four rooms at once what one room gives: one race’s worth', () => {
    const farm = (rooms: number) => {
      const db = openStore({ memory: true });
      for (let i = 0; i < rooms; i++) {
        const record = duel(`R${i}`, ['host', INITIAL_RATING], [`puppet${i}`, INITIAL_RATING]);
        db.commit([{ type: 'persistRace', record }]);
      }
      const rating = db.ratingOf('host')!.rating;
      db.close();
      return rating;
    };
    expect(Math.abs(farm(4) - farm(1))).toBeLessThanOrEqual(1);
  });
});
