/**
 * A real restart mid-race on the one-process store: the registry stops (its final heartbeat),
 * the server is away, a new registry restores the room from the SQLite file with the race
 * clock paused, and the stored race times its moves on that clock — a move made before the
 * outage is not pushed back by it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createLogger } from '../../packages/server/src/log.ts';
import { BLANK_CELLS, digitAt, DRAW } from '../../packages/server/test-support/rooms.ts';
import { RoomRegistry } from '../../packages/server/src/runner/registry.ts';
import { MemoryTransport } from '../../packages/server/test-support/transport.ts';
import { openStore, type Store } from '../../packages/server/src/store/store.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const TIMINGS = { countdownMs: 0, graceMs: 60_000 };
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

it('times a stored race’s moves on the race clock across a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'percent-restart-clock-'));
  dirs.push(dataDir);
  let clock = 1_000_000;
  const registry = (store: Store) =>
    new RoomRegistry({
      store,
      transport: new MemoryTransport(),
      timings: TIMINGS,
      log: createLogger('test'),
      now: () => clock,
    });
  const seat = (n: number) => ({
    type: 'join' as const,
    connectionId: `c${n}`,
    nickname: `P${n}`,
    deviceId: `device-${n}`,
    sessionToken: `token-${n}-abcdefghijklmnop`,
    newToken: `token-${n}-abcdefghijklmnop`,
  });
  const play = (n: number, cell: number) => ({
    type: 'move' as const,
    connectionId: `c${n}`,
    moveId: `m${cell}`,
    cell,
    digit: digitAt(cell),
  });

  const first = openStore({ dataDir });
  const before = registry(first);
  const runner = before.open({ timeLimitSec: null });
  await runner.submit(seat(1));
  await runner.submit(seat(2));
  await runner.submit({ type: 'ready', connectionId: 'c2', ready: true });
  expect(await runner.startRace('c1', () => Promise.resolve(DRAW))).toEqual({ ok: true });
  await tick(); // the countdown (0 ms) is over: the clock's 0:00 is 1 000 000
  const raceId = runner.room.race!.id;
  clock += 2_000;
  await runner.submit(play(1, BLANK_CELLS[0]!));
  await before.shutdown(); // a clean stop at 1 002 000
  first.close();

  clock += 5_000; // the server is away for 5 s
  const second = openStore({ dataDir });
  const after = registry(second);
  expect(await after.restore()).toBe(1);
  const back = after.find(runner.code)!;
  expect(back.room.race).toMatchObject({
    startsAt: 1_005_000,
    pauses: [{ at: 1_002_000, ms: 5_000 }],
  });
  await back.submit(seat(1));
  clock += 1_000; // 3 s on the race clock
  for (const cell of BLANK_CELLS.slice(1)) await back.submit(play(1, cell));
  await back.submit({ type: 'endRace', connectionId: 'c1' });
  const stored = second.raceOf(raceId);
  if (!stored?.ok) return expect.fail('the race was not stored');
  expect(stored.value).toMatchObject({
    startedAt: 1_005_000,
    endedAt: 1_008_000,
    durationMs: 3_000,
  });
  expect(stored.value.moves.map((m) => [m.at - 1_000_000, m.ms])).toEqual([
    [2_000, 2_000],
    ...BLANK_CELLS.slice(1).map(() => [8_000, 3_000]),
  ]);
  expect(stored.value.players[0]).toMatchObject({ nickname: 'P1', timeMs: 3_000 });
  await after.shutdown();
  second.close();
});
