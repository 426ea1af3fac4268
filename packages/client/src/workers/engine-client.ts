/**
 * The page's side of the engine worker. The worker (and the engine code in it) is loaded on
 * the first request only, as its own chunk. `cancel()` terminates it: the pending request
 * rejects with `EngineCancelled` and the next request starts a fresh worker.
 */
import type { Debrief, DebriefInput } from '@percent/engine';
import type { EngineRequest, EngineResponse, EngineResults } from './protocol.ts';

export class EngineCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'EngineCancelled';
  }
}

interface Pending {
  readonly resolve: (result: EngineResults[keyof EngineResults]) => void;
  readonly reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function start(): Worker {
  const created = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
  created.onmessage = ({ data }: MessageEvent<EngineResponse>) => {
    const entry = pending.get(data.id);
    if (!entry) return;
    pending.delete(data.id);
    if (data.ok) entry.resolve(data.result);
    else entry.reject(new Error(data.error));
  };
  created.onerror = (event) => failAll(new Error(event.message || 'engine worker failed to load'));
  return created;
}

function failAll(error: Error): void {
  for (const entry of pending.values()) entry.reject(error);
  pending.clear();
  worker?.terminate();
  worker = undefined;
}

/** Sends a request; resolves with the worker's answer for that request type. */
export function askEngine<T extends EngineRequest>(request: T): Promise<EngineResults[T['type']]> {
  worker ??= start();
  const id = nextId++;
  const sent = worker;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as Pending['resolve'], reject });
    sent.postMessage({ id, request });
  });
}

/** Stops whatever the worker is doing. */
export function cancelEngine(): void {
  failAll(new EngineCancelled());
}

/** The whole race's debrief is ready within about this long (the bar is 1 s). */
export const DEBRIEF_BUDGET_MS = 900;

/**
 * Debriefs every player of a race (or one solve) in the engine worker, in the inputs' order.
 * Each `Debrief` says `complete: false` when the budget cut it short. An abort rejects at
 * once with `EngineCancelled` and leaves the worker running (its answer, within the budget,
 * is dropped), so a hint or a generation in flight is not lost.
 */
export function debriefPlayers(
  inputs: readonly DebriefInput[],
  signal?: AbortSignal,
  budgetMs: number = DEBRIEF_BUDGET_MS,
): Promise<readonly Debrief[]> {
  if (signal?.aborted) return Promise.reject(new EngineCancelled());
  const answer = askEngine({ type: 'debrief', inputs, budgetMs });
  if (signal === undefined) return answer;
  return new Promise((resolve, reject) => {
    const abort = (): void => reject(new EngineCancelled());
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
