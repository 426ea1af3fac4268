/**
 * A daily player for the server tests, written from docs/PROTOCOL.md: attempts begun and played
 * move by move over HTTP with the device headers. The test's clock (`clock.now`) is the
 * server's: each move may move it on first.
 */
import type { VariantIdName } from '@percent/engine';
import type { DailyAttemptView, DailyMoveReply } from '@percent/protocol';
import { deviceHeaders } from '../support/device.ts';
import { solveGivens } from './harness.ts';

/** An answer as a test reads it: the fields on success, `error` on failure. */
export type Answer<T = object> = T & {
  ok: boolean;
  error: { code: string; message: string };
};

type Call = <T = object>(
  method: 'GET' | 'POST',
  path: string,
  options?: { body?: unknown; device?: string; secret?: string; raw?: string },
) => Promise<{ status: number; body: Answer<T> }>;

export interface DailyClient {
  call: Call;
  /**
   * Begins an attempt and fills every blank with the solution, the clock moving `stepMs` before
   * each move; answers the last move's answer (its `result`).
   */
  play(
    day: string,
    variant: VariantIdName,
    deviceId: string,
    nickname: string,
    stepMs: number,
  ): Promise<Answer<DailyMoveReply>>;
}

export function dailyClient(url: () => string, clock: { now: number }): DailyClient {
  const call: Call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; device?: string; secret?: string; raw?: string } = {},
  ) => {
    const headers: Record<string, string> = {
      ...(options.device === undefined ? {} : deviceHeaders(options.device, options.secret)),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    };
    const body =
      options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const res = await fetch(`${url()}${path}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as Answer<T> };
  };
  const play: DailyClient['play'] = async (day, variant, deviceId, nickname, stepMs) => {
    const started = await call<DailyAttemptView>('POST', `/api/daily/${day}/${variant}/attempts`, {
      body: { nickname },
      device: deviceId,
    });
    if (started.status !== 200) throw new Error(`start: ${started.body.error.message}`);
    const { attemptId, puzzle } = started.body;
    const solution = solveGivens(puzzle, variant);
    let last: Answer<DailyMoveReply> | undefined;
    let seq = 0;
    for (let cell = 0; cell < 81; cell++) {
      if (puzzle[cell] !== '0') continue;
      clock.now += stepMs;
      const move = { seq: seq++, cell, digit: Number(solution[cell]) };
      const answer = await call<DailyMoveReply>('POST', `/api/daily/attempts/${attemptId}/moves`, {
        body: move,
        device: deviceId,
      });
      if (answer.status !== 200) throw new Error(`move: ${answer.body.error.message}`);
      last = answer.body;
    }
    return last!;
  };
  return { call, play };
}
