/**
 * The race clock part of the history contract (`history-fixtures.ts`): a stored race gives
 * each move its time on the race clock (`ms`, the server's outages left out) and its length
 * (`durationMs`), on SQLite and PostgreSQL alike.
 */
import { expect, it } from 'vitest';
import type { MoveRecord } from '../../packages/server/src/rooms/index.ts';
import type { HistoryStore } from '../../packages/server/src/store/history.ts';
import { player, race } from './history-fixtures.ts';

const move = (moveId: string, at: number): MoveRecord => ({
  playerId: 'p-ann',
  moveId,
  at,
  cell: 2,
  digit: 6,
  verdict: 'correct',
});

/** Run inside `historyContract`: `current` is the test's store. */
export function clockContract(current: () => HistoryStore) {
  it('times a race’s moves on its clock, the server’s outages left out', async () => {
    const store = current();
    // Started (clock 0:00) at 10 000; the server was away 20 000–25 000 and 40 000–42 000,
    // so the record's start is the shifted 17 000 and the race ended at 60 000 (clock 43 000).
    const record = {
      ...race('r1', 60_000, [player('ann', 1, 43_000)]),
      startedAt: 17_000,
      pauses: [
        { at: 20_000, ms: 5_000 },
        { at: 40_000, ms: 2_000 },
      ],
    };
    const moves = [
      move('a', 12_000), // before both outages
      move('b', 20_000), // exactly as the clock stopped
      move('c', 25_000), // exactly as it went on
      move('d', 30_000), // between them
      move('e', 41_000), // inside the second (a crash late in its heartbeat's second)
      move('f', 50_000), // after both
    ];
    await store.recordRace(record, moves);
    const stored = await store.raceOf('r1');
    if (!stored?.ok) return expect.fail('the race was not read back');
    expect(stored.value).not.toHaveProperty('pauses');
    expect(stored.value).toMatchObject({ startedAt: 17_000, endedAt: 60_000, durationMs: 43_000 });
    expect(stored.value.moves.map((m) => [m.moveId, m.at, m.ms])).toEqual([
      ['a', 12_000, 2_000],
      ['b', 20_000, 10_000],
      ['c', 25_000, 10_000],
      ['d', 30_000, 15_000],
      ['e', 41_000, 25_000],
      ['f', 50_000, 33_000],
    ]);
  });

  it('times a race stored without pauses from its start, never before it', async () => {
    const store = current();
    const record = race('r2', 70_000, [player('ann', 1, 60_000)]); // started at 10 000
    await store.recordRace(record, [move('a', 9_000), move('b', 15_000), move('c', 12_000)]);
    const stored = await store.raceOf('r2');
    if (!stored?.ok) return expect.fail('the race was not read back');
    expect(stored.value.durationMs).toBe(60_000);
    // A move before the start is at 0:00; a clock stepped back never runs a replay backwards.
    expect(stored.value.moves.map((m) => m.ms)).toEqual([0, 5_000, 5_000]);
  });
}
