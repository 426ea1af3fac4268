/**
 * `pnpm loadtest --generators N`: the players run in processes of their own, and what they
 * measured comes back whole — every room once, its counters, its times on this process's
 * clock — so the report checks them exactly as it checks players run here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import { startTestServer } from '../server/harness.ts';
import { GeneratorPool } from './generators.ts';
import { decodeRoom, encodeRoom } from './outcome.ts';
import { checkRooms } from './report.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server?.close());

describe('players in generator processes', () => {
  it('race in two processes and report every room, with times on this clock', async () => {
    const pool = new GeneratorPool({ urls: [server.url], players: 10, failover: false }, 2);
    try {
      await pool.open();
      const raceBegun = performance.now();
      const cost = await pool.race(2_500, { wrongRate: 0.2, retryRate: 0.3 });
      const raceEnded = performance.now();
      expect(cost.processes).toBe(2);
      expect(cost.cpuSec).toBeGreaterThan(0);

      const rooms = await pool.outcomes();
      expect(rooms.map((room) => room.index)).toEqual([0, 1, 2]);
      expect(rooms.map((room) => room.players.length)).toEqual([4, 4, 2]);
      expect(new Set(rooms.map((room) => room.code)).size).toBe(3);
      for (const room of rooms)
        for (const { counters } of room.players) {
          expect(counters.sent).toBeGreaterThan(0);
          expect(counters.correct + counters.wrong).toBe(counters.sent);
          expect(counters.lost).toBe(0);
          // Sent during the race as this process saw it: the clocks were aligned.
          counters.rtt.forEach((_, sentAt) => {
            expect(sentAt).toBeGreaterThanOrEqual(raceBegun - 50);
            expect(sentAt).toBeLessThanOrEqual(raceEnded);
          });
        }
      const check = checkRooms(rooms);
      expect(check.progressMismatches).toEqual([]);
      expect(check.judged).toBe(
        rooms.reduce(
          (sum, room) =>
            sum + room.players.reduce((n, p) => n + p.counters.correct + p.counters.wrong, 0),
          0,
        ),
      );
      // What crosses the IPC channel comes back the same.
      const again = decodeRoom(JSON.parse(JSON.stringify(encodeRoom(rooms[0]!))));
      expect(again.players[0]!.counters).toEqual(rooms[0]!.players[0]!.counters);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
