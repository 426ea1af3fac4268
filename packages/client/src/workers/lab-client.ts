/**
 * The page's side of the lab worker. The worker (and the engine in it) is its own chunk,
 * started on first use. `solve` streams the run's events to handlers; its `cancel` asks the
 * worker to stop at the next slice and, if no answer comes within `CANCEL_GRACE_MS` (the
 * solver may be inside a long synchronous step such as preprocessing), terminates it and
 * starts a fresh one, so Cancel always takes effect at once.
 */
import { t } from '../i18n/index.ts';
import type { Trace } from '@percent/engine';
import type { Inspection, LabRequest, LabResponse, RunConfig } from './lab-protocol.ts';

export const CANCEL_GRACE_MS = 200;

type Listener = (response: LabResponse) => void;

let worker: Worker | undefined;
let nextId = 1;
const listeners = new Map<number, Listener>();

function start(): Worker {
  const created = new Worker(new URL('./lab.worker.ts', import.meta.url), { type: 'module' });
  created.onmessage = ({ data }: MessageEvent<LabResponse>) => listeners.get(data.id)?.(data);
  created.onerror = (event) => {
    const message = event.message || t('lab.workerLoad');
    restart((id) => ({ type: 'failed', id, message }));
  };
  return created;
}

/** Ends the current worker; every request still waiting gets `answer(id)`. */
function restart(answer: (id: number) => LabResponse): void {
  worker?.terminate();
  worker = undefined;
  for (const [id, listener] of [...listeners]) listener(answer(id));
  listeners.clear();
}

/** Starts the worker ahead of the first request, so its chunk is loaded (e.g. before going offline). */
export function warmUp(): void {
  worker ??= start();
}

function send(request: LabRequest, listener: Listener): void {
  worker ??= start();
  listeners.set(request.id, listener);
  worker.postMessage(request);
}

/** The header summary and warnings of `text`, or its first error. */
export function inspect(text: string, file: string): Promise<Inspection> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    send({ type: 'inspect', id, text, file }, (response) => {
      listeners.delete(id);
      if (response.type === 'inspected') resolve(response.inspection);
      else reject(new Error(response.type === 'failed' ? response.message : 'cancelled'));
    });
  });
}

/** The traced search of `text` (at most TRACE_MAX_CLAUSES clauses) by `mode`. */
export function trace(text: string, file: string, mode: 'cdcl' | 'dpll'): Promise<Trace> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    send({ type: 'trace', id, text, file, mode }, (response) => {
      listeners.delete(id);
      if (response.type === 'traced') resolve(response.trace);
      else reject(new Error(response.type === 'failed' ? response.message : 'cancelled'));
    });
  });
}

export type SolveEvent = Exclude<LabResponse, { type: 'done' | 'failed' | 'traced' }>;

export interface SolveHandle {
  /** Resolves when the runs are over: `cancelled` when the worker had to be terminated. */
  readonly done: Promise<'done' | 'cancelled'>;
  readonly cancel: () => void;
}

/** Solves `text` with each configuration in turn; `onEvent` sees every step. */
export function solve(
  text: string,
  file: string,
  runs: readonly RunConfig[],
  onEvent: (event: SolveEvent) => void,
): SolveHandle {
  const id = nextId++;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<'done' | 'cancelled'>((resolve, reject) => {
    send({ type: 'solve', id, text, file, runs }, (response) => {
      if (response.type === 'done' || response.type === 'failed') {
        clearTimeout(timer);
        listeners.delete(id);
        if (response.type === 'done') resolve('done');
        else if (response.message === CANCELLED) resolve('cancelled');
        else reject(new Error(response.message));
        return;
      }
      if (response.type !== 'traced') onEvent(response);
    });
  });
  const cancel = (): void => {
    if (!listeners.has(id) || timer !== undefined) return;
    worker?.postMessage({ type: 'cancel', id } satisfies LabRequest);
    timer = setTimeout(() => {
      restart((pending) => ({ type: 'failed', id: pending, message: CANCELLED }));
      warmUp();
    }, CANCEL_GRACE_MS);
  };
  return { done, cancel };
}

const CANCELLED = '\u0000cancelled';
