/**
 * Ratings in the one-process store: a rated race's changes are kept with its standings, and
 * each device's new rating is written in the transaction that stores the race — once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RacePlayerRecord, RaceRecord } from '../rooms/index.ts';
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
});
