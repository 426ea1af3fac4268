/**
 * Finished races for the history store tests (`history-store.test.ts`), and the contract every
 * `HistoryStore` keeps, run against SQLite and PostgreSQL alike.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  type MoveRecord,
  type RacePlayerRecord,
  type RaceRecord,
} from '../../packages/server/src/rooms/index.ts';
import type { HistoryStore } from '../../packages/server/src/store/history.ts';
import { clockContract } from './history-clock.ts';
import { ratingsContract } from './history-ratings.ts';
import { tournamentContract } from './history-tournament.ts';

export const PUZZLE =
  '240070010090000075300000402000010000000856200025000006000000584000000000000001703';
export const SOLUTION =
  '246375918198264375357198462763412859419856237825937146971623584534789621682541793';

export function player(
  deviceId: string,
  place: number | null,
  timeMs: number | null,
  extra: Partial<RacePlayerRecord> = {},
): RacePlayerRecord {
  return {
    playerId: `p-${deviceId}`,
    deviceId,
    nickname: deviceId.toUpperCase(),
    place,
    timeMs,
    mistakes: 0,
    outcome: place === null ? 'left' : 'finished',
    flag: null,
    points: null,
    team: null,
    teamPlace: null,
    colour: null,
    rating: null,
    oldRating: null,
    newRating: null,
    ...extra,
  };
}

export function race(
  id: string,
  endedAt: number,
  players: RacePlayerRecord[],
  roomCode = 'KXMTA',
): RaceRecord {
  const common = {
    variant: 'percent',
    difficulty: 'easy',
    puzzle: PUZZLE,
    solution: SOLUTION,
  } as const;
  const fairness = { rated: false, commitment: 'c0'.repeat(32), secret: '5e'.repeat(32) };
  const startedAt = endedAt - 60_000;
  const tournament = null;
  return {
    id,
    roomCode,
    ...common,
    startedAt,
    endedAt,
    pauses: [],
    ...fairness,
    tournament,
    players,
  };
}

/**
 * The race as `raceOf` reads it back: each device's rating is kept in `ratings` instead, and
 * the race's pauses (none here) give its length on the race clock.
 */
export function asStored({ pauses: _pauses, ...record }: RaceRecord) {
  const players = record.players.map(({ oldRating: _old, newRating: _new, ...p }) => p);
  return { ...record, durationMs: record.endedAt - record.startedAt, players };
}

/** `count` judged moves, the players taking turns: right, wrong, cleared, right, … */
export function movesOf(record: RaceRecord, count = 3): MoveRecord[] {
  const verdicts = ['correct', 'wrong', 'cleared'] as const;
  return Array.from({ length: count }, (_, i) => {
    const verdict = verdicts[i % 3]!;
    const playerId = record.players[i % record.players.length]!.playerId;
    const digit = verdict === 'cleared' ? 0 : 1 + (i % 9);
    return {
      playerId,
      moveId: `m${i}`,
      at: record.startedAt + 1_000 + i,
      cell: i % 81,
      digit,
      verdict,
    };
  });
}

/** A new, empty history; its result opens a node on it (each call: another node, same data). */
export type FreshHistory = () => Promise<() => Promise<HistoryStore>>;

/** What `/api`, replays and a failover rely on, whichever database keeps the history. */
export function historyContract(fresh: FreshHistory): void {
  let openNode: () => Promise<HistoryStore>;
  let store: HistoryStore;
  const nodes: HistoryStore[] = [];
  const node = async () => {
    const opened = await openNode();
    nodes.push(opened);
    return opened;
  };
  beforeEach(async () => {
    openNode = await fresh();
    store = await node();
  });
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.close()));
  });
  const record = (r: RaceRecord) => store.recordRace(r, movesOf(r));

  it('lists a device’s races newest first, with the number of players', async () => {
    await record(race('r1', 1_000_000, [player('ann', 1, 90_000), player('bob', 2, 95_000)]));
    await record(race('r2', 2_000_000, [player('bob', 1, 80_000), player('ann', null, null)]));
    await record(race('r3', 3_000_000, [player('cat', 1, 70_000)]));
    await record(race('r4', 2_000_000, [player('ann', 1, 60_000)]));
    const history = await store.historyOf('ann');
    // r2 and r4 ended together: the one stored last comes first.
    expect(history.map((h) => [h.raceId, h.place, h.timeMs, h.outcome, h.players])).toEqual([
      ['r4', 1, 60_000, 'finished', 1],
      ['r2', null, null, 'left', 2],
      ['r1', 1, 90_000, 'finished', 2],
    ]);
    expect(history[1]).toEqual({
      raceId: 'r2',
      roomCode: 'KXMTA',
      variant: 'percent',
      difficulty: 'easy',
      endedAt: 2_000_000,
      nickname: 'ANN',
      place: null,
      timeMs: null,
      mistakes: 0,
      outcome: 'left',
      players: 2,
      teamPlace: null,
    });
    expect((await store.historyOf('ann', 1)).map((h) => h.raceId)).toEqual(['r4']);
    expect(await store.historyOf('nobody')).toEqual([]);
  });

  it('ranks a room’s leaderboard by wins, then best time, then races, with the latest nickname', async () => {
    await record(
      race('r1', 1_000, [
        player('ann', 1, 90_000),
        player('bob', 2, 95_000),
        player('cat', 3, 99_000),
      ]),
    );
    await record(
      race('r2', 2_000, [
        player('bob', 1, 80_000),
        player('ann', 2, 85_000),
        player('cat', 3, 98_000),
      ]),
    );
    await record(
      race('r3', 3_000, [
        player('bob', 1, 88_000, { nickname: 'Bobby' }),
        player('ann', null, null),
      ]),
    );
    await record(race('r4', 3_000, [player('dan', null, null), player('eve', null, null)]));
    await record(race('elsewhere', 4_000, [player('cat', 1, 10_000)], 'QQQQQ'));
    expect(await store.leaderboard('KXMTA')).toEqual([
      { nickname: 'Bobby', deviceId: 'bob', wins: 2, races: 3, bestTimeMs: 80_000 },
      { nickname: 'ANN', deviceId: 'ann', wins: 1, races: 3, bestTimeMs: 85_000 },
      { nickname: 'CAT', deviceId: 'cat', wins: 0, races: 2, bestTimeMs: 98_000 },
      { nickname: 'DAN', deviceId: 'dan', wins: 0, races: 1, bestTimeMs: null },
      { nickname: 'EVE', deviceId: 'eve', wins: 0, races: 1, bestTimeMs: null },
    ]);
    expect((await store.leaderboard('KXMTA', 2)).map((e) => e.deviceId)).toEqual(['bob', 'ann']);
    expect(await store.leaderboard('NONE')).toEqual([]);
  });

  it('reads a finished race back with its standings and every move in order', async () => {
    const stored = race('r1', 1_000_000, [
      player('bob', 1, 80_000),
      player('cy', null, null, { outcome: 'idle', mistakes: 3 }),
      player('ann', null, null, { outcome: 'forfeited' }),
    ]);
    const moves = movesOf(stored, 250);
    await store.recordRace(stored, moves);
    expect(await store.raceOf('r1')).toEqual({
      ok: true,
      value: {
        ...asStored(stored),
        moves: moves.map((move, seq) => ({
          ...move,
          raceId: 'r1',
          seq,
          ms: move.at - stored.startedAt,
        })),
      },
    });
    await store.recordRace(race('r0', 5, [player('ann', 1, 5)]), []);
    expect(await store.raceOf('r0')).toMatchObject({ ok: true, value: { id: 'r0', moves: [] } });
    expect(await store.raceOf('nope')).toBeUndefined();
  });

  it('stores a retried race once: no second standings, no second moves', async () => {
    const first = race('r1', 1_000, [player('ann', 1, 90_000), player('bob', 2, 95_000)]);
    await store.recordRace(first, movesOf(first, 5));
    const retried = race('r1', 9_000, [player('ann', 2, 91_000), player('cat', 1, 50_000)]);
    await store.recordRace(retried, movesOf(retried, 7));
    const back = await store.raceOf('r1');
    expect(back).toMatchObject({
      ok: true,
      value: { endedAt: 1_000, players: asStored(first).players },
    });
    expect(back?.ok && back.value.moves.map((m) => m.moveId)).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
      'm4',
    ]);
    expect((await store.historyOf('ann')).map((h) => [h.raceId, h.place, h.players])).toEqual([
      ['r1', 1, 2],
    ]);
    expect(await store.historyOf('cat')).toEqual([]);
  });

  ratingsContract(() => store, node);
  clockContract(() => store);
  tournamentContract(() => store);

  it('stores all of a race or none of it', async () => {
    const stored = race('r1', 1_000, [player('ann', 1, 90_000)]);
    const moves = movesOf(stored, 4);
    const bad = [...moves.slice(0, 3), { ...moves[3]!, cell: 81 }];
    await expect(store.recordRace(stored, bad)).rejects.toThrow(
      /not stored \(race r1 of room KXMTA\)/,
    );
    expect(await store.raceOf('r1')).toBeUndefined();
    expect(await store.historyOf('ann')).toEqual([]);
    await store.recordRace(stored, moves); // the retry, with good moves, is stored
    expect((await store.raceOf('r1'))?.ok).toBe(true);
  });

  it('shows every node the same history, and stores a race two nodes record at once once', async () => {
    const other = await node();
    await store.recordRace(race('r1', 1_000, [player('ann', 1, 90_000)]), []);
    const both = race('r2', 2_000, [player('ann', 2, 80_000), player('bob', 1, 70_000)]);
    await Promise.all([
      store.recordRace(both, movesOf(both)),
      other.recordRace(both, movesOf(both)),
    ]);
    expect(await other.historyOf('ann')).toEqual(await store.historyOf('ann'));
    expect((await other.historyOf('ann')).map((h) => [h.raceId, h.players])).toEqual([
      ['r2', 2],
      ['r1', 1],
    ]);
    expect(await other.leaderboard('KXMTA')).toEqual(await store.leaderboard('KXMTA'));
    expect(await other.raceOf('r2')).toEqual(await store.raceOf('r2'));
  });

  it('answers a ping while open, says false once closed, and refuses work then', async () => {
    expect(await store.ping()).toBe(true);
    await store.close();
    await store.close(); // twice is harmless
    expect(await store.ping()).toBe(false);
    await expect(store.historyOf('ann')).rejects.toThrow(/closed/);
    await expect(store.recordRace(race('r1', 1, [player('ann', 1, 1)]), [])).rejects.toThrow(
      /closed/,
    );
  });
}

/** Nicknames chosen to sort differently by locale than by code point (SQLite's order). */
const NAMES = ['ann', 'Ann', 'Émile', 'bob', 'Zed', 'zoë', '李雷', 'eve'];

/**
 * A deterministic season of races over three rooms: ties in end time (stored order decides),
 * in wins and best times, players who left (no time), renamed players, one-race devices that
 * tie on everything but their nickname.
 */
export function season(): { record: RaceRecord; moves: MoveRecord[] }[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const races = Array.from({ length: 40 }, (_, i) => {
    const devices = NAMES.map((_, d) => `d${d}`).filter(() => next(3) > 0);
    if (devices.length === 0) devices.push('d0');
    const players = devices.map((deviceId, rank) => {
      const left = next(4) === 0;
      const nickname = `${NAMES[Number(deviceId.slice(1))]!}${next(3) === 0 ? '+' : ''}`;
      const time = 60_000 + 1_000 * next(20);
      return left
        ? player(deviceId, null, null, { nickname, outcome: next(2) ? 'left' : 'timeout' })
        : player(deviceId, rank + 1, time, { nickname, mistakes: next(4) });
    });
    const room = ['KXMTA', 'QQQQQ', 'ZZZZZ'][i % 3]!;
    return race(`s${i}`, 1_000 * next(12), players, room);
  });
  races.push(race('solo-1', 500, [player('x1', null, null, { nickname: 'ann' })]));
  races.push(race('solo-2', 500, [player('x2', null, null, { nickname: 'Ann' })]));
  return races.map((record) => ({ record, moves: movesOf(record, next(30)) }));
}
