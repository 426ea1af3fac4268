import type { RoomView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  rejoin,
  solveGivens,
  startRace,
  twoPlayerLobby,
} from '../server/harness.ts';
import { useServerChild } from './server-child.ts';

/**
 * kill -9 mid-race and a restart some seconds later: the race clock pauses for the outage, so
 * nobody loses the time the server was down, and it never runs backwards. A crash is dated
 * to the end of the last heartbeat's period (1 s), so the pause may fall short of the real
 * outage by up to that period (the clock then runs on by as much, plus the time to rejoin).
 */
const child = useServerChild('pause');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OUTAGE_MS = 2500;
const HEARTBEAT_MS = 1000;

describe('a crash mid-race', () => {
  it('pauses the race clock for the outage and says so in the view', async () => {
    const server = await child.start();
    const { ann, annSeat, annDevice } = await twoPlayerLobby(server.url);
    const puzzle = await startRace(ann);
    await sleep(1200);
    const cell = blanksOf(puzzle)[0]!;
    const digit = Number(solveGivens(puzzle)[cell]);
    expectOk(await ann.call('race:move', { moveId: 'p1', cell, digit }));
    const before = expectOk<{ view: RoomView }>(await ann.call('room:sync')).view;
    const elapsedBefore = before.serverNow - before.race!.startsAt;

    await server.kill9();
    await sleep(OUTAGE_MS);
    await server.restart();
    const back = await connect(server.url);
    const seat = await rejoin(back, annSeat, 'Ann', annDevice);
    const race = seat.view.race!;
    const elapsedAfter = seat.view.serverNow - race.startsAt;
    console.log(
      `pause: ${OUTAGE_MS} ms asleep + restart; race.pausedMs ${race.pausedMs}; clock ${elapsedBefore} → ${elapsedAfter} ms`,
    );
    expect(seat.view.phase).toBe('racing');
    expect(race.pausedMs).toBeGreaterThanOrEqual(OUTAGE_MS - HEARTBEAT_MS);
    expect(race.startsAt).toBe(before.race!.startsAt + race.pausedMs);
    expect(race.endsAt).toBe(before.race!.endsAt! + race.pausedMs);
    expect(elapsedAfter - elapsedBefore).toBeGreaterThanOrEqual(0);
    expect(elapsedAfter - elapsedBefore).toBeLessThan(2000);
    expect(race.own![cell]).toBe(String(digit));

    // The stored race times the move made before the crash on the race clock, outage left out.
    expectOk(await back.call('race:end', {}));
    const stored = await fetch(`${server.url}/api/races/${race.id}`).then((r) => r.json());
    const { startedAt, endedAt, durationMs, moves } = stored.race as {
      startedAt: number;
      endedAt: number;
      durationMs: number;
      moves: { at: number; ms: number; cell: number }[];
    };
    expect(startedAt).toBe(race.startsAt);
    expect(moves.map((m) => m.cell)).toEqual([cell]);
    expect(moves[0]!.ms).toBeGreaterThanOrEqual(1200);
    expect(moves[0]!.ms).toBeLessThanOrEqual(elapsedBefore);
    expect(moves[0]!.at - startedAt).toBeLessThan(0); // why `at − startedAt` will not do
    expect(durationMs).toBe(endedAt - startedAt); // the clock ran from the shifted start
    back.close();
    ann.close();
  }, 60_000);
});

describe('a server frozen mid-race (SIGSTOP)', () => {
  it('pauses the race clock for the freeze, as for a crash, and the players see it', async () => {
    const server = await child.start();
    const { ann } = await twoPlayerLobby(server.url);
    await startRace(ann);
    await sleep(500);
    const before = expectOk<{ view: RoomView }>(await ann.call('room:sync')).view;
    server.stop();
    await sleep(OUTAGE_MS);
    server.cont();
    const after = await ann.state((v) => (v.race?.pausedMs ?? 0) > 0, 10_000);
    const race = after.race!;
    console.log(`SIGSTOP ${OUTAGE_MS} ms: race.pausedMs ${race.pausedMs}`);
    expect(after.phase).toBe('racing');
    // Dated from when the watch's next tick was due: at most a quarter second short.
    expect(race.pausedMs).toBeGreaterThanOrEqual(OUTAGE_MS - 500);
    expect(race.pausedMs).toBeLessThanOrEqual(OUTAGE_MS + 1000);
    expect(race.startsAt).toBe(before.race!.startsAt + race.pausedMs);
    expect(race.endsAt).toBe(before.race!.endsAt! + race.pausedMs);
    ann.close();
  }, 60_000);
});
