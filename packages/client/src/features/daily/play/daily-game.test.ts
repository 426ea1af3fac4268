import type { DailyAttemptView, DailyMovePayload, DailyMoveReply } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import type { Fetched } from '../../../net/daily-api.ts';
import { elapsedMs, enter, gameOf, solveRecordOf } from './daily-game.ts';

const PUZZLE = `00${'1'.repeat(79)}`;
const VIEW: DailyAttemptView = {
  attemptId: 'a'.repeat(24),
  day: '2026-11-25',
  variant: 'classic',
  difficulty: 'easy',
  puzzle: PUZZLE,
  startedAt: 1_000_000,
  serverNow: 1_004_000,
  ranked: true,
  moves: [{ seq: 0, cell: 0, digit: 3, at: 2000, verdict: 'wrong' }],
  result: null,
};

/** A server that answers each move after `release()`; `down` makes it unreachable. */
function fakeServer() {
  const sent: DailyMovePayload[] = [];
  const waiting: (() => void)[] = [];
  let down = 0;
  const send = (move: DailyMovePayload): Promise<Fetched<DailyMoveReply>> => {
    sent.push(move);
    if (down > 0) {
      down--;
      return Promise.resolve({ ok: false, message: 'offline' });
    }
    return new Promise((resolve) =>
      waiting.push(() =>
        resolve({
          ok: true,
          value: {
            move: { ...move, at: 5000, verdict: move.digit === 2 ? 'correct' : 'wrong' },
            mistakes: 1,
            result: null,
          },
        }),
      ),
    );
  };
  return {
    send,
    sent,
    offline: (n: number) => (down = n),
    release: async () => {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('a daily attempt in the browser', () => {
  it('resumes from the server’s view: its moves on the board, its clock the server’s', () => {
    const daily = gameOf(VIEW, 500)!;
    expect(daily.game.value.marks.entries[0]).toBe(3);
    expect(daily.game.value.verdicts[0]).toBe('wrong');
    expect(daily.mistakes.value).toBe(1);
    expect(daily.next).toBe(1);
    // The server said 4 s had passed when this device read 500: 1 s later, 5 s.
    expect(elapsedMs(daily, 1500)).toBe(5000);
  });

  it('sends moves one at a time in order, pending until each answer', async () => {
    const daily = gameOf(VIEW, 0)!;
    const server = fakeServer();
    enter(daily, 1, 2, server.send);
    enter(daily, 0, 2, server.send);
    expect(server.sent).toEqual([{ seq: 1, cell: 1, digit: 2 }]);
    expect(daily.game.value.verdicts[1]).toBe('pending');
    await server.release();
    expect(daily.game.value.verdicts[1]).toBe('confirmed');
    expect(server.sent.map((m) => m.seq)).toEqual([1, 2]);
    await server.release();
    expect(daily.game.value.verdicts[0]).toBe('confirmed');
  });

  it('sends a move again with the same seq when the server could not be reached', async () => {
    const daily = gameOf(VIEW, 0)!;
    const server = fakeServer();
    server.offline(1);
    enter(daily, 1, 2, server.send);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(daily.problem.value).toEqual({ message: 'offline', retrying: true });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(server.sent).toEqual([
      { seq: 1, cell: 1, digit: 2 },
      { seq: 1, cell: 1, digit: 2 },
    ]);
    await server.release();
    expect(daily.problem.value).toBeUndefined();
    expect(daily.game.value.verdicts[1]).toBe('confirmed');
  });

  it('stops at a refusal and says why', async () => {
    const daily = gameOf(VIEW, 0)!;
    const refuse = async (): Promise<Fetched<DailyMoveReply>> => ({
      ok: false,
      message: 'the attempt is solved: start another',
      code: 'ATTEMPT_FINISHED',
    });
    enter(daily, 1, 2, refuse);
    enter(daily, 0, 2, refuse);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(daily.problem.value).toEqual({
      message: 'the attempt is solved: start another',
      retrying: false,
    });
    expect(daily.unsent).toEqual([]);
  });

  it('records the solved attempt on the device with the server’s moves and times', async () => {
    const daily = gameOf(VIEW, 0)!;
    const server = fakeServer();
    enter(daily, 1, 2, server.send);
    await server.release();
    const result = {
      timeMs: 5000,
      mistakes: 1,
      ranked: true,
      unranked: null,
      best: null,
      solvers: 1,
      onTheDay: true,
      streak: { current: 1, best: 1, solvedToday: true },
    };
    const record = solveRecordOf(daily, result, 'Ann');
    expect(record).toMatchObject({
      id: VIEW.attemptId,
      source: 'daily',
      day: '2026-11-25',
      variant: 'classic',
      timeMs: 5000,
      mistakes: 1,
      solution: `32${'1'.repeat(79)}`,
    });
    expect(record.moves).toEqual([
      { at: 2000, cell: 0, digit: 3, verdict: 'wrong' },
      { at: 5000, cell: 1, digit: 2, verdict: 'correct' },
    ]);
  });
});
