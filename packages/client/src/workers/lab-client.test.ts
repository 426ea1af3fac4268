import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_GRACE_MS, solve } from './lab-client.ts';
import type { LabRequest, LabResponse } from './lab-protocol.ts';

/** A stand-in for the lab worker: records what it is sent; the test answers for it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: LabResponse }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  readonly sent: LabRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(request: LabRequest): void {
    this.sent.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(response: LabResponse): void {
    this.onmessage?.({ data: response });
  }
}

const config = {
  mode: 'dpll',
  heuristic: 'first',
  xor: false,
  timeMs: undefined,
  proof: false,
} as const;

// The client keeps its worker between calls, as the page does: the latest one made is current.
beforeEach(() => {
  vi.stubGlobal('Worker', FakeWorker);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the lab worker client', () => {
  it('asks the worker to stop, and that is enough when it answers in time', async () => {
    const handle = solve('p cnf 1 1\n1 0\n', 'a.cnf', [config], () => undefined);
    const worker = FakeWorker.made.at(-1)!;
    const { id } = worker.sent[0]!;
    handle.cancel();
    expect(worker.sent.at(-1)).toEqual({ type: 'cancel', id });
    worker.answer({ type: 'done', id });
    await expect(handle.done).resolves.toBe('done');
    vi.advanceTimersByTime(CANCEL_GRACE_MS * 2);
    expect(worker.terminated).toBe(false);
  });

  it('terminates a worker that does not stop within the grace, and starts a fresh one', async () => {
    const handle = solve('p cnf 1 1\n1 0\n', 'a.cnf', [config], () => undefined);
    const stuck = FakeWorker.made.at(-1)!;
    handle.cancel();
    vi.advanceTimersByTime(CANCEL_GRACE_MS - 1);
    expect(stuck.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(stuck.terminated).toBe(true);
    await expect(handle.done).resolves.toBe('cancelled');
    const fresh = FakeWorker.made.at(-1)!;
    expect(fresh).not.toBe(stuck);
    solve('p cnf 1 1\n1 0\n', 'b.cnf', [config], () => undefined);
    expect(fresh.sent.at(-1)?.type).toBe('solve');
  });

  it('passes progress on and reports a failure as an error', async () => {
    const events: string[] = [];
    const handle = solve('x', 'a.cnf', [config], (event) => events.push(event.type));
    const worker = FakeWorker.made.at(-1)!;
    const { id } = worker.sent.at(-1)!;
    worker.answer({ type: 'started', id, run: 0 });
    worker.answer({ type: 'failed', id, message: 'out of memory' });
    await expect(handle.done).rejects.toThrow('out of memory');
    expect(events).toEqual(['started']);
  });
});
