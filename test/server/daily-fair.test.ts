/**
 * The daily leaderboard cannot be written (issue 21): each attack that placed forged entries
 * in a top 10 before, against a server with the human floor on. There is nothing to post any
 * more; a bot that plays is timed by the server and flagged; a start is used once; ghosts are
 * for devices that have solved.
 */
import {
  HUMAN_FLOOR_MS_PER_CELL,
  type DailyAttemptView,
  type DailyPuzzleView,
} from '@percent/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import { dailyClient } from './daily-client.ts';
import { solveGivens, startTestServer } from './harness.ts';

const DAY = '2026-11-25';
const clock = { now: Date.parse(`${DAY}T09:00:00Z`) };
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    now: () => clock.now,
    timings: { humanFloorMs: HUMAN_FLOOR_MS_PER_CELL },
  });
}, 60_000);
afterAll(() => server?.close());
const { call, play } = dailyClient(() => server.url, clock);

async function topTen(): Promise<string[]> {
  const view = await call<DailyPuzzleView>('GET', `/api/daily/${DAY}/percent?limit=10`);
  return view.body.leaderboard.map((e) => e.nickname);
}

describe('forging the daily leaderboard', () => {
  it('places 0 of 40 fresh bot devices in the top 10, and every honest player', async () => {
    for (const name of ['Ann', 'Bob', 'Cyd']) {
      const honest = await play(DAY, 'percent', `device-${name.toLowerCase()}-honest`, name, 4000);
      expect(honest.result).toMatchObject({ ranked: true });
    }
    // 40 fresh devices, each solving at machine speed (the server's clock barely moves).
    for (let i = 0; i < 40; i++) {
      const bot = await play(DAY, 'percent', `device-bot-${i}-fresh`, `Bot${i}`, 5);
      expect(bot.result).toMatchObject({ ranked: false, unranked: 'tooFast' });
    }
    expect(await topTen()).toEqual(['Ann', 'Bob', 'Cyd']);
  }, 120_000);

  it('has no endpoint that takes a posted result or a posted time', async () => {
    const path = `/api/daily/${DAY}/percent`;
    const headers = { 'content-type': 'application/json', 'percent-device-id': 'device-forger-1' };
    for (const end of ['start', 'results']) {
      const forged = await fetch(`${server.url}${path}/${end}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ deviceId: 'device-forger-1', nickname: 'Forger', moves: [] }),
      });
      expect(forged.status, end).toBe(404);
    }
    // A move carries no time: a forged `at` is not read, the server's clock is.
    const started = await call<DailyAttemptView>('POST', `${path}/attempts`, {
      body: { nickname: 'Forger' },
      device: 'device-forger-1',
    });
    const cell = started.body.puzzle.indexOf('0');
    clock.now += 7000;
    const move = await call('POST', `/api/daily/attempts/${started.body.attemptId}/moves`, {
      body: { seq: 0, cell, digit: 1, at: 0 },
      device: 'device-forger-1',
    });
    expect(move.body).toMatchObject({ move: { at: 7000 } });
  });

  it('uses a start once: a finished attempt takes no move, a second attempt is practice', async () => {
    const dee = 'device-dee-honest';
    const first = await play(DAY, 'x', dee, 'Dee', 3000);
    expect(first.result).toMatchObject({ ranked: true });
    const second = await play(DAY, 'x', dee, 'Dee', 1000);
    expect(second.result).toMatchObject({ ranked: false, unranked: 'practice' });
    const view = await call<DailyPuzzleView>('GET', `/api/daily/${DAY}/x`);
    expect(view.body.leaderboard.map((e) => [e.nickname, e.timeMs > 0])).toEqual([['Dee', true]]);
  });

  it('keeps the leader’s ghost (the solution) from a fresh device, so it cannot be replayed', async () => {
    const fresh = await call('GET', `/api/daily/${DAY}/percent/ghost?rank=1`, {
      device: 'device-copycat-1',
    });
    expect([fresh.status, fresh.body.error.code]).toEqual([403, 'GHOST_LOCKED']);
    const day = await call<DailyPuzzleView>('GET', `/api/daily/${DAY}/percent`, {
      device: 'device-copycat-1',
    });
    expect(JSON.stringify(day.body)).not.toContain(solveGivens(day.body.puzzle, 'percent'));
  });
});
