/**
 * The daily puzzle over HTTP on a real server: the same puzzle for every device and every
 * server on a day, a solve verified by replaying its moves, best-of, ranks, streaks, ghosts,
 * and clear errors for a bogus solve, a future day and a bad payload.
 */
import type {
  DailyGhostView,
  DailyIndexView,
  DailyMove,
  DailyPuzzleView,
  DailyResultView,
} from '@percent/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import { startTestServer } from './harness.ts';

const DAY = '2026-11-25'; // a Wednesday: medium
let clock = Date.parse(`${DAY}T10:00:00Z`);
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
}, 60_000);
afterAll(() => server?.close());

/** An answer as the test reads it: the view's fields on success, `error` on failure. */
type Answer<T> = T & { error: { code: string; message: string } };

async function get<T = DailyPuzzleView>(
  path: string,
): Promise<{ status: number; body: Answer<T> }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as Answer<T> };
}

async function post(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Answer<DailyResultView> }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer<DailyResultView> };
}

/**
 * Starts an attempt `ms` before the test clock's now (the clock goes back for the start), so a
 * solve whose stopwatch ran `ms` fits the server's clock; answers the start's id.
 */
async function startedBefore(path: string, deviceId: string, ms: number): Promise<string> {
  const now = clock;
  clock = now - ms;
  try {
    const res = await fetch(`${server.url}${path}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId }),
    });
    const body = (await res.json()) as { startId: string };
    expect(res.status).toBe(200);
    return body.startId;
  } finally {
    clock = now;
  }
}

/** Posts a solve of the daily at `path` (`/api/daily/DAY/VARIANT`), started as long ago as it ran. */
async function submit(
  path: string,
  body: { deviceId: string; nickname: string; moves: DailyMove[] },
): Promise<{ status: number; body: Answer<DailyResultView> }> {
  const startId = await startedBefore(path, body.deviceId, body.moves.at(-1)?.at ?? 0);
  return post(`${path}/results`, { ...body, startId });
}

/** Fills the blanks in order, `stepMs` apart: a valid solve. */
function solveOf(puzzle: string, solution: string, stepMs: number): DailyMove[] {
  const moves: DailyMove[] = [];
  for (let cell = 0; cell < 81; cell++)
    if (puzzle[cell] === '0')
      moves.push({ at: (moves.length + 1) * stepMs, cell, digit: Number(solution[cell]) });
  return moves;
}

describe('the daily puzzle API', () => {
  it("lists today's variants with the weekday's difficulty, and the archive newest first", async () => {
    const { status, body } = await get<DailyIndexView>('/api/daily');
    expect(status).toBe(200);
    expect(body.today).toBe(DAY);
    expect(body.streak).toBeNull();
    expect(
      body.variants.map((v: { variant: string; difficulty: string }) => [v.variant, v.difficulty]),
    ).toEqual([
      ['classic', 'medium'],
      ['percent', 'medium'],
      ['x', 'medium'],
      ['windoku', 'medium'],
    ]);
    expect(body.archive.length).toBe(30);
    expect(body.archive[0]?.day).toBe('2026-11-24');
    expect(body.archive[0]?.variants[0]?.difficulty).toBe('easy');
  });

  it('serves the same puzzle to two devices, and another server makes the same one from the date', async () => {
    const a = await get(`/api/daily/${DAY}/percent?deviceId=device-aaaaaaaa`);
    const b = await get(`/api/daily/${DAY}/percent?deviceId=device-bbbbbbbb`);
    expect(a.status).toBe(200);
    expect(a.body.puzzle).toMatch(/^[0-9]{81}$/);
    expect(b.body.puzzle).toBe(a.body.puzzle);
    expect(a.body.grade).toMatchObject({
      difficulty: expect.any(String),
      score: expect.any(Number),
    });
    expect(a.body.you).toBeNull();
    expect(a.body.streak).toEqual({ current: 0, best: 0, solvedToday: false });
    const other = await startTestServer({ now: () => clock });
    try {
      const c = await fetch(`${other.url}/api/daily/${DAY}/percent`).then((r) => r.json());
      expect(c.puzzle).toBe(a.body.puzzle);
      expect(c.solution).toBe(a.body.solution);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('verifies a solve, ranks it, keeps the best, and answers the streak', async () => {
    const { body: day } = await get(`/api/daily/${DAY}/classic`);
    const fast = solveOf(day.puzzle, day.solution, 500);
    const slow = solveOf(day.puzzle, day.solution, 900);
    const ann = { deviceId: 'device-ann-1234', nickname: 'Ann' };
    const bob = { deviceId: 'device-bob-1234', nickname: 'Bob' };
    const first = await submit(`/api/daily/${DAY}/classic`, { ...ann, moves: slow });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      ok: true,
      rank: 1,
      solvers: 1,
      timeMs: slow.at(-1)!.at,
      mistakes: 0,
      improved: true,
      onTheDay: true,
      streak: { current: 1, best: 1, solvedToday: true },
    });
    const bobs = await submit(`/api/daily/${DAY}/classic`, { ...bob, moves: fast });
    expect(bobs.body).toMatchObject({ rank: 1, solvers: 2, improved: true });
    const worse = await submit(`/api/daily/${DAY}/classic`, {
      ...ann,
      moves: solveOf(day.puzzle, day.solution, 1000),
    });
    expect(worse.body).toMatchObject({
      rank: 2,
      improved: false,
      best: { timeMs: slow.at(-1)!.at },
    });
    const { body: after } = await get(`/api/daily/${DAY}/classic?deviceId=${ann.deviceId}`);
    expect(after.leaderboard.map((e: { nickname: string }) => e.nickname)).toEqual(['Bob', 'Ann']);
    expect(after.you).toMatchObject({ rank: 2, nickname: 'Ann' });
    expect(JSON.stringify(after)).not.toContain('device-');
    const ghost = await get<DailyGhostView>(`/api/daily/${DAY}/classic/ghost?rank=1`);
    expect(ghost.body.entry).toMatchObject({ rank: 1, nickname: 'Bob' });
    expect(ghost.body.moves).toEqual(fast);
    expect(ghost.body.puzzle).toBe(day.puzzle);
    const none = await get(`/api/daily/${DAY}/classic/ghost?rank=3`);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('GHOST_NOT_FOUND');
  });

  it('rejects a bogus solve with a clear error naming the problem', async () => {
    const { body: day } = await get(`/api/daily/${DAY}/x`);
    const moves = solveOf(day.puzzle, day.solution, 100);
    const who = { deviceId: 'device-eve-1234', nickname: 'Eve' };
    const unfinished = await submit(`/api/daily/${DAY}/x`, {
      ...who,
      moves: moves.slice(0, -1),
    });
    expect(unfinished.status).toBe(422);
    expect(unfinished.body.error.code).toBe('BAD_SOLVE');
    expect(unfinished.body.error.message).toMatch(
      /^moves: the final board is not the solution: R\dC\d is empty$/,
    );
    const backwards = moves.map((m, i) => (i === 1 ? { ...m, at: 1 } : m));
    const back = await submit(`/api/daily/${DAY}/x`, { ...who, moves: backwards });
    expect(back.body.error).toEqual({
      code: 'BAD_SOLVE',
      message: 'moves[1].at: times must not decrease (1 after 100)',
    });
    const badDigit = await submit(`/api/daily/${DAY}/x`, {
      ...who,
      moves: [{ at: 0, cell: 0, digit: 10 }],
    });
    expect(badDigit.status).toBe(400);
    expect(badDigit.body.error.code).toBe('BAD_PAYLOAD');
    expect(badDigit.body.error.message).toMatch(/^moves\.0\.digit: /);
    const tooMany = await submit(`/api/daily/${DAY}/x`, {
      ...who,
      moves: Array.from({ length: 501 }, () => ({ at: 0, cell: 0, digit: 1 })),
    });
    expect(tooMany.body.error.message).toBe('moves: a solve has at most 500 moves');
    const notJson = await fetch(`${server.url}/api/daily/${DAY}/x/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"deviceId": ',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as Answer<object>).error.code).toBe('BAD_PAYLOAD');
    const huge = await fetch(`${server.url}/api/daily/${DAY}/x/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...who, padding: 'x'.repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      ok: false,
      error: { code: 'BAD_PAYLOAD', message: 'body: request entity too large' },
    });
    const { body: board } = await get(`/api/daily/${DAY}/x`);
    expect(board.solvers).toBe(0);
  });

  it("times a solve on the server's clock: it needs this device's start and cannot beat it", async () => {
    const path = `/api/daily/${DAY}/percent`;
    const { body: day } = await get(path);
    const moves = solveOf(day.puzzle, day.solution, 1000);
    const ran = moves.at(-1)!.at;
    const fay = { deviceId: 'device-fay-1234', nickname: 'Fay' };
    const unstarted = await post(`${path}/results`, { ...fay, moves });
    expect([unstarted.status, unstarted.body.error.code]).toEqual([400, 'BAD_PAYLOAD']);
    expect(unstarted.body.error.message).toMatch(/^startId: /);
    const gusStart = await startedBefore(path, 'device-gus-1234', ran);
    const borrowed = await post(`${path}/results`, { ...fay, startId: gusStart, moves });
    expect([borrowed.status, borrowed.body.error]).toEqual([
      422,
      { code: 'BAD_SOLVE', message: `startId: no start of ${DAY}/percent by this device` },
    ]);
    const elsewhere = await startedBefore(`/api/daily/${DAY}/classic`, fay.deviceId, ran);
    const wrongPuzzle = await post(`${path}/results`, { ...fay, startId: elsewhere, moves });
    expect(wrongPuzzle.body.error.message).toBe(
      `startId: no start of ${DAY}/percent by this device`,
    );
    // Started just now: a stopwatch of a minute or more cannot be true yet.
    const justNow = await startedBefore(path, fay.deviceId, 0);
    const early = await post(`${path}/results`, { ...fay, startId: justNow, moves });
    expect([early.status, early.body.error]).toEqual([
      422,
      {
        code: 'BAD_SOLVE',
        message: `moves: the solve claims ${(ran / 1000).toFixed(1)} s but began 0.0 s ago on the server`,
      },
    ]);
    expect((await get(path)).body.solvers).toBe(0);
    // The same start once the server's clock has run as long (the 2 s slack included).
    clock += ran - 2000;
    try {
      const fair = await post(`${path}/results`, { ...fay, startId: justNow, moves });
      expect([fair.status, fair.body.timeMs]).toEqual([200, ran]);
    } finally {
      clock -= ran - 2000;
    }
  });

  it('refuses future days and days before the first daily; bad days and variants are named', async () => {
    const future = await post(`/api/daily/2026-11-26/percent/results`, {
      deviceId: 'device-eve-1234',
      startId: 'no-such-start-0000',
      nickname: 'Eve',
      moves: [{ at: 0, cell: 0, digit: 1 }],
    });
    expect(future.status).toBe(400);
    expect(future.body.error).toEqual({
      code: 'FUTURE_DAY',
      message: 'day: 2026-11-26 has not begun (today is 2026-11-25 UTC)',
    });
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
    const carl = { deviceId: 'device-carl-123', nickname: 'Carl' };
    const yesterday = '2026-11-24';
    const { body: old } = await get(`/api/daily/${yesterday}/windoku`);
    const late = await submit(`/api/daily/${yesterday}/windoku`, {
      ...carl,
      moves: solveOf(old.puzzle, old.solution, 100),
    });
    expect(late.body).toMatchObject({ onTheDay: false, streak: { current: 0, best: 0 } });
    clock = Date.parse('2026-11-26T08:00:00Z');
    try {
      const { body: next } = await get('/api/daily/2026-11-26/windoku');
      const { body: today } = await get(`/api/daily/${DAY}/windoku`);
      expect(next.puzzle).not.toBe(today.puzzle);
      clock = Date.parse(`${DAY}T23:59:00Z`);
      await submit(`/api/daily/${DAY}/windoku`, {
        ...carl,
        moves: solveOf(today.puzzle, today.solution, 100),
      });
      clock = Date.parse('2026-11-26T00:01:00Z');
      const onNext = await submit('/api/daily/2026-11-26/windoku', {
        ...carl,
        moves: solveOf(next.puzzle, next.solution, 100),
      });
      expect(onNext.body.streak).toEqual({ current: 2, best: 2, solvedToday: true });
      const index = await get<DailyIndexView>(`/api/daily?deviceId=${carl.deviceId}`);
      expect(index.body.streak).toEqual({ current: 2, best: 2, solvedToday: true });
      clock = Date.parse('2026-11-28T00:01:00Z');
      const { body: gap } = await get(`/api/daily/2026-11-28/windoku?deviceId=${carl.deviceId}`);
      expect(gap.streak).toEqual({ current: 0, best: 2, solvedToday: false });
    } finally {
      clock = Date.parse(`${DAY}T10:00:00Z`);
    }
  }, 60_000);
});
