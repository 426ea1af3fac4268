/**
 * The tournament part of the history contract (`history-fixtures.ts`): an evening's rounds are
 * stored with their races and read back ranked (`/api/tournaments/:id`), on SQLite and
 * PostgreSQL alike.
 */
import { expect, it } from 'vitest';
import type { RaceRecord } from '../../packages/server/src/rooms/index.ts';
import type { HistoryStore } from '../../packages/server/src/store/history.ts';
import { movesOf, player, race } from './history-fixtures.ts';

/** A round of evening `id`: places in the order given (null: did not finish), 10/7/5/… points. */
function round(id: string, n: number, of: number | null, order: (string | null)[]): RaceRecord {
  const points = [11, 8, 6, 4, 2, 1];
  let place = 0;
  const players = order.map((who, i) => {
    const finished = !who?.startsWith('-');
    const deviceId = finished ? who! : who!.slice(1);
    if (finished) place += 1;
    return player(deviceId, finished ? place : null, finished ? 60_000 + i : null, {
      points: finished ? points[place - 1]! : 0,
    });
  });
  const record = race(`${id}-r${n}`, 1_000_000 * n, players);
  return { ...record, tournament: { id, round: n, rounds: of } };
}

/** Run inside `historyContract`: `current` is the test's store. */
export function tournamentContract(current: () => HistoryStore) {
  it('reads an evening back round by round, ranked by points then wins, device ids never shown', async () => {
    const store = current();
    const rounds = [
      round('eve1', 1, 3, ['ann', 'bob', 'cat', '-dan']),
      round('eve1', 2, 3, ['bob', 'ann', 'dan', 'cat']),
      round('eve1', 3, 3, ['cat', 'dan', 'bob', 'ann']),
      round('other', 1, 3, ['dan', 'ann']),
    ];
    // Stored out of order (a cluster copies races as they come): read back in round order.
    for (const r of [rounds[2]!, rounds[0]!, rounds[3]!, rounds[1]!])
      await store.recordRace(r, movesOf(r));
    const read = await store.tournamentOf('eve1');
    expect(read?.ok).toBe(true);
    if (!read?.ok) return;
    const evening = read.value;
    expect(evening.races.map((r) => [r.round, r.raceId])).toEqual([
      [1, 'eve1-r1'],
      [2, 'eve1-r2'],
      [3, 'eve1-r3'],
    ]);
    expect(evening.complete).toBe(true);
    expect(evening.rounds).toBe(3);
    expect(evening.roomCode).toBe('KXMTA');
    // ann 11+8+4 = 23, bob 8+11+6 = 25, cat 6+4+11 = 21, dan 0+6+8 = 14: bob leads.
    expect(evening.standings.map((s) => [s.place, s.nickname, s.points, s.wins, s.rounds])).toEqual(
      [
        [1, 'BOB', 25, 1, [8, 11, 6]],
        [2, 'ANN', 23, 1, [11, 8, 4]],
        [3, 'CAT', 21, 1, [6, 4, 11]],
        [4, 'DAN', 14, 0, [0, 6, 8]],
      ],
    );
    expect(evening.races[0]!.players).toEqual([
      { nickname: 'ANN', place: 1, points: 11 },
      { nickname: 'BOB', place: 2, points: 8 },
      { nickname: 'CAT', place: 3, points: 6 },
      { nickname: 'DAN', place: null, points: 0 },
    ]);
    expect(JSON.stringify(evening)).not.toMatch(/deviceId|"ann"|"bob"/);
    // Each round's race still replays, and says which evening it was part of.
    const replay = await store.raceOf('eve1-r2');
    expect(replay?.ok && replay.value.tournament).toEqual({ id: 'eve1', round: 2, rounds: 3 });
    expect(replay?.ok && replay.value.players.map((p) => p.points)).toEqual([11, 8, 6, 4]);
    expect(await store.tournamentOf('nothing')).toBeUndefined();
  });

  it('shares a place between entrants level on points and wins, and keeps an open evening open', async () => {
    const store = current();
    const rounds = [round('open', 1, null, ['ann', 'bob']), round('open', 2, null, ['bob', 'ann'])];
    for (const r of rounds) await store.recordRace(r, movesOf(r));
    const read = await store.tournamentOf('open');
    if (!read?.ok) throw new Error('not read');
    expect(read.value.standings.map((s) => [s.place, s.nickname, s.points])).toEqual([
      [1, 'ANN', 19],
      [1, 'BOB', 19],
    ]);
    expect(read.value.complete).toBe(false);
    expect(read.value.rounds).toBeNull();
    // A race on its own is in no evening.
    const single = race('solo-race', 5_000_000, [player('ann', 1, 50_000)]);
    await store.recordRace(single, movesOf(single));
    const replay = await store.raceOf('solo-race');
    expect(replay?.ok && replay.value.tournament).toBeNull();
  });
}
