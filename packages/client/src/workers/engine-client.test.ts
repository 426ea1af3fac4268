import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Debrief, DebriefInput } from '@percent/engine';
import { DEBRIEF_BUDGET_MS, debriefPlayers, EngineCancelled } from './engine-client.ts';
import type { EngineRequest, EngineResponse } from './protocol.ts';

/** A stand-in for the engine worker: records what it is sent; the test answers for it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: EngineResponse }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  readonly sent: { id: number; request: EngineRequest }[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: { id: number; request: EngineRequest }): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(id: number, result: readonly Debrief[]): void {
    this.onmessage?.({ data: { id, ok: true, result } });
  }
}

const input: DebriefInput = {
  variant: 'percent',
  puzzle: '0'.repeat(81),
  solution: '1'.repeat(81),
  moves: [{ at: 1000, cell: 0, digit: 2, verdict: 'wrong' }],
  endMs: 1000,
};
const answer: Debrief = { mistakes: [], pauses: [], complete: true };

beforeEach(() => vi.stubGlobal('Worker', FakeWorker));
afterEach(() => vi.unstubAllGlobals());

describe('debriefPlayers', () => {
  it('sends every player with the race budget and resolves with the answers in order', async () => {
    const pending = debriefPlayers([input, input]);
    const worker = FakeWorker.made.at(-1)!;
    const { id, request } = worker.sent.at(-1)!;
    expect(request).toEqual({
      type: 'debrief',
      inputs: [input, input],
      budgetMs: DEBRIEF_BUDGET_MS,
    });
    worker.answer(id, [answer, { ...answer, complete: false }]);
    await expect(pending).resolves.toEqual([answer, { ...answer, complete: false }]);
  });

  it('an abort rejects at once and leaves the worker running for the next request', async () => {
    const controller = new AbortController();
    const pending = debriefPlayers([input], controller.signal);
    const worker = FakeWorker.made.at(-1)!;
    const first = worker.sent.at(-1)!;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(EngineCancelled);
    expect(worker.terminated).toBe(false);
    worker.answer(first.id, [answer]);
    const next = debriefPlayers([input]);
    expect(FakeWorker.made.at(-1)).toBe(worker);
    worker.answer(worker.sent.at(-1)!.id, [answer]);
    await expect(next).resolves.toEqual([answer]);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const before = FakeWorker.made.at(-1)?.sent.length ?? 0;
    await expect(debriefPlayers([input], controller.signal)).rejects.toBeInstanceOf(
      EngineCancelled,
    );
    expect(FakeWorker.made.at(-1)?.sent.length ?? 0).toBe(before);
  });
});
