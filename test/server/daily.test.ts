/**
 * The daily puzzle over HTTP on a real server: the same puzzle for every device and every
 * server on a day, played against the server move by move (judged and timed on arrival, the
 * solution never sent before the solve), the first finished solve ranked, streaks, ghosts, and
 * clear errors for a bad move, a future day and a bad payload.
 */
import type {
  DailyAttemptView,
  DailyGhostView,
  DailyIndexView,
  DailyMoveReply,
  DailyPuzzleView,
} from '@percent/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import { dailyClient } from './daily-client.ts';
import { solveGivens, startTestServer } from './harness.ts';

const DAY = '2026-11-25'; // a Wednesday: medium
const clock = { now: Date.parse(`${DAY}T10:00:00Z`) };
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock.now });
}, 60_000);
afterAll(() => server?.close());
const { call, play } = dailyClient(() => server.url, clock);
const get = <T = DailyPuzzleView>(path: string, device?: string) =>
  call<T>('GET', path, { device });

describe('the daily puzzle API', () => {
  it("lists today's variants with the weekday's difficulty, and the archive newest first", async () => {
    const { status, body } = await get<DailyIndexView>('/api/daily');
    expect(status).toBe(200);
    expect(body.today).toBe(DAY);
    expect(body.streak).toBeNull();
    expect(body.variants.map((v) => [v.variant, v.difficulty])).toEqual([
      ['classic', 'medium'],
      ['percent', 'medium'],
      ['x', 'medium'],
      ['windoku', 'medium'],
    ]);
    expect(body.archive.length).toBe(30);
    expect(body.archive[0]?.day).toBe('2026-11-24');
    expect(body.archive[0]?.variants[0]?.difficulty).toBe('easy');
  });

  it('serves the same puzzle, never its solution, and another server makes the same one', async () => {
    const a = await get(`/api/daily/${DAY}/percent`, 'device-aaaaaaaa');
    const b = await get(`/api/daily/${DAY}/percent`, 'device-bbbbbbbb');
    expect(a.status).toBe(200);
    expect(a.body.puzzle).toMatch(/^[0-9]{81}$/);
    expect(b.body.puzzle).toBe(a.body.puzzle);
    expect(a.body).not.toHaveProperty('solution');
    expect(JSON.stringify(a.body)).not.toContain(solveGivens(a.body.puzzle, 'percent'));
    expect(a.body.you).toBeNull();
    expect(a.body.streak).toEqual({ current: 0, best: 0, solvedToday: false });
    const other = await startTestServer({ now: () => clock.now });
    try {
      const c = await fetch(`${other.url}/api/daily/${DAY}/percent`).then((r) => r.json());
      expect(c.puzzle).toBe(a.body.puzzle);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('times a solve on the server, ranks the first finished one, and answers the streak', async () => {
    const annSolve = await play(DAY, 'classic', 'device-ann-1234', 'Ann', 2000);
    const blanks = [...(await get(`/api/daily/${DAY}/classic`)).body.puzzle].filter(
      (c) => c === '0',
    ).length;
    expect(annSolve.result).toMatchObject({
      timeMs: blanks * 2000,
      mistakes: 0,
      ranked: true,
      unranked: null,
      best: { rank: 1, nickname: 'Ann' },
      solvers: 1,
      onTheDay: true,
      streak: { current: 1, best: 1, solvedToday: true },
    });
    const bobSolve = await play(DAY, 'classic', 'device-bob-1234', 'Bob', 1000);
    expect(bobSolve.result).toMatchObject({ ranked: true, best: { rank: 1 }, solvers: 2 });
    // Ann again, faster: practice; her ranked solve stays.
    const again = await play(DAY, 'classic', 'device-ann-1234', 'Ann', 600);
    expect(again.result).toMatchObject({
      ranked: false,
      unranked: 'practice',
      best: { rank: 2, timeMs: blanks * 2000 },
    });
    const after = await get(`/api/daily/${DAY}/classic`, 'device-ann-1234');
    expect(after.body.leaderboard.map((e) => e.nickname)).toEqual(['Bob', 'Ann']);
    expect(after.body.you).toMatchObject({ rank: 2, nickname: 'Ann' });
    expect(JSON.stringify(after.body)).not.toContain('device-');
    // Ghosts show the solution: a device that has solved the day gets them, no one else.
    const locked = await get(`/api/daily/${DAY}/classic/ghost?rank=1`, 'device-cyd-1234');
    expect([locked.status, locked.body.error.code]).toEqual([403, 'GHOST_LOCKED']);
    expect((await get(`/api/daily/${DAY}/classic/ghost?rank=1`)).status).toBe(403);
    const ghost = await get<DailyGhostView>(
      `/api/daily/${DAY}/classic/ghost?rank=1`,
      'device-ann-1234',
    );
    expect(ghost.body.entry).toMatchObject({ rank: 1, nickname: 'Bob' });
    expect(ghost.body.moves.map((m) => m.at)).toEqual(
      Array.from({ length: blanks }, (_, i) => (i + 1) * 1000),
    );
    const none = await get(`/api/daily/${DAY}/classic/ghost?rank=3`, 'device-ann-1234');
    expect([none.status, none.body.error.code]).toEqual([404, 'GHOST_NOT_FOUND']);
  });

  it('judges each move on arrival and answers clear errors naming what and where', async () => {
    const eve = 'device-eve-1234';
    const started = await call<DailyAttemptView>('POST', `/api/daily/${DAY}/x/attempts`, {
      body: { nickname: 'Eve' },
      device: eve,
    });
    expect(started.status).toBe(200);
    const { attemptId, puzzle } = started.body;
    const moves = `/api/daily/attempts/${attemptId}/moves`;
    const given = puzzle.search(/[1-9]/);
    const blank = puzzle.indexOf('0');
    const solution = solveGivens(puzzle, 'x');
    const wrongDigit = (Number(solution[blank]) % 9) + 1;
    clock.now += 1500;
    const wrong = await call<DailyMoveReply>('POST', moves, {
      body: { seq: 0, cell: blank, digit: wrongDigit },
      device: eve,
    });
    expect(wrong.body).toEqual({
      ok: true,
      move: { seq: 0, cell: blank, digit: wrongDigit, at: 1500, verdict: 'wrong' },
      mistakes: 1,
      result: null,
    });
    const onGiven = await call('POST', moves, {
      body: { seq: 1, cell: given, digit: 1 },
      device: eve,
    });
    expect([onGiven.status, onGiven.body.error.code]).toEqual([422, 'GIVEN_CELL']);
    expect(onGiven.body.error.message).toMatch(/^cell: R\dC\d is a given$/);
    const skipped = await call('POST', moves, {
      body: { seq: 5, cell: blank, digit: 1 },
      device: eve,
    });
    expect([skipped.status, skipped.body.error]).toEqual([
      409,
      { code: 'MOVE_OUT_OF_ORDER', message: 'seq: 5; next: 1' },
    ]);
    const badDigit = await call('POST', moves, {
      body: { seq: 1, cell: blank, digit: 10 },
      device: eve,
    });
    expect([badDigit.status, badDigit.body.error.code]).toEqual([400, 'BAD_PAYLOAD']);
    expect(badDigit.body.error.message).toMatch(/^digit: /);
    const anonymous = await call('POST', moves, { body: { seq: 1, cell: blank, digit: 1 } });
    expect(anonymous.body.error).toEqual({
      code: 'BAD_PAYLOAD',
      message: 'header Percent-Device-Id: required: the id of the asking device',
    });
    const thief = await call('POST', moves, {
      body: { seq: 1, cell: blank, digit: 1 },
      device: 'device-mal-1234',
    });
    expect([thief.status, thief.body.error.code]).toEqual([404, 'ATTEMPT_NOT_FOUND']);
    const unknown = await call('GET', `/api/daily/attempts/${'z'.repeat(24)}`, { device: eve });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'ATTEMPT_NOT_FOUND']);
    const notJson = await call('POST', moves, { raw: '{"seq": ', device: eve });
    expect([notJson.status, notJson.body.error.code]).toEqual([400, 'BAD_PAYLOAD']);
    const huge = await call('POST', moves, {
      raw: JSON.stringify({ pad: 'x'.repeat(9000) }),
      device: eve,
    });
    expect([huge.status, huge.body.error]).toEqual([
      413,
      { code: 'BAD_PAYLOAD', message: 'body: request entity too large' },
    ]);
    // The attempt as it stands: its one judged move, no solution.
    const resumed = await call<DailyAttemptView>('GET', `/api/daily/attempts/${attemptId}`, {
      device: eve,
    });
    expect(resumed.body.moves).toHaveLength(1);
    expect(JSON.stringify(resumed.body)).not.toContain(solution);
    expect((await get(`/api/daily/${DAY}/x`)).body.solvers).toBe(0);
  });

  it('takes a device id only with the secret kept for it', async () => {
    const secret = 's'.repeat(22);
    const first = await call('GET', '/api/history', { device: 'device-dee-1234', secret });
    expect(first.status).toBe(200);
    const impostor = await call('GET', '/api/history', { device: 'device-dee-1234' });
    expect([impostor.status, impostor.body.error.code]).toEqual([403, 'DEVICE_NOT_YOURS']);
    const wrong = await call('POST', `/api/daily/${DAY}/x/attempts`, {
      body: { nickname: 'Dee' },
      device: 'device-dee-1234',
      secret: 't'.repeat(22),
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([403, 'DEVICE_NOT_YOURS']);
    expect((await call('GET', '/api/history', { device: 'device-dee-1234', secret })).status).toBe(
      200,
    );
  });

  it('refuses future days and days before the first daily; bad days and variants are named', async () => {
    const future = await call('POST', `/api/daily/2026-11-26/percent/attempts`, {
      body: { nickname: 'Eve' },
      device: 'device-eve-1234',
    });
    expect([future.status, future.body.error]).toEqual([
      400,
      { code: 'FUTURE_DAY', message: 'day: 2026-11-26 has not begun (today is 2026-11-25 UTC)' },
    ]);
    expect((await get('/api/daily/2026-11-26/percent')).body.error.code).toBe('FUTURE_DAY');
    expect((await get('/api/daily/2025-06-01/percent')).body.error.code).toBe('DAY_NOT_FOUND');
    for (const day of ['2026-02-30', '2026-13-01', '2026-00-10']) {
      const badDay = await get(`/api/daily/${day}/percent`);
      expect([badDay.status, badDay.body.error]).toEqual([
        400,
        { code: 'BAD_PAYLOAD', message: 'day: no such date' },
      ]);
    }
    const badVariant = await get(`/api/daily/${DAY}/sudoku`);
    expect(badVariant.body.error.message).toBe('variant: one of classic, percent, x, windoku');
  });

  it('takes archive solves (not on the day, no streak) and keeps a streak across days', async () => {
    const carl = 'device-carl-123';
    const late = await play('2026-11-24', 'windoku', carl, 'Carl', 1000);
    expect(late.result).toMatchObject({ onTheDay: false, streak: { current: 0, best: 0 } });
    const saved = clock.now;
    try {
      clock.now = Date.parse(`${DAY}T23:50:00Z`);
      await play(DAY, 'windoku', carl, 'Carl', 1000);
      clock.now = Date.parse('2026-11-26T00:01:00Z');
      const onNext = await play('2026-11-26', 'windoku', carl, 'Carl', 1000);
      expect(onNext.result?.streak).toEqual({ current: 2, best: 2, solvedToday: true });
      const index = await get<DailyIndexView>('/api/daily', carl);
      expect(index.body.streak).toEqual({ current: 2, best: 2, solvedToday: true });
      clock.now = Date.parse('2026-11-28T00:01:00Z');
      const gap = await get(`/api/daily/2026-11-28/windoku`, carl);
      expect(gap.body.streak).toEqual({ current: 0, best: 2, solvedToday: false });
    } finally {
      clock.now = saved;
    }
  }, 60_000);
});
