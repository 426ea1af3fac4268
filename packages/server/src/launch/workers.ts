import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { stopReadingOnHandOff } from './hand-off.ts';
import { isWorkerMessage, STOP_MESSAGE } from './messages.ts';

/**
 * The primary's N worker processes: forks them, waits until each has started its server,
 * restarts one that dies (after a back-off that grows while it keeps dying young), and stops
 * them all on request.
 */
export interface WorkerSetOptions {
  readonly count: number;
  /** Added to each worker's environment (REDIS_URL of a local Redis). */
  readonly env: Readonly<Record<string, string>>;
  readonly log: Logger;
  /** How long a worker may take to start (it runs migrations, restores rooms). */
  readonly readyTimeoutMs?: number;
}

export interface WorkerMember {
  /** 1 to N. */
  readonly worker: number;
  readonly process?: Worker;
  /** It has started its server and takes connections. */
  readonly ready: boolean;
}

interface Slot {
  readonly index: number;
  worker?: Worker;
  /** The worker has said it is ready (its server runs and takes connections). */
  ready: boolean;
  startedAt: number;
  /** Deaths in a row, each within `YOUNG_MS` of its start. */
  youngDeaths: number;
  restart?: NodeJS.Timeout;
}

/** A worker that lived this long is healthy again: its next death restarts it at once. */
const YOUNG_MS = 30_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** How a process under tsx's preflight ends on a SIGTERM it has no handler for (128 + 15). */
const SIGTERM_EXIT = 143;

/** 0.5 s after a first early death, doubling with each further one, at most 30 s. */
export function restartDelayMs(youngDeaths: number): number {
  if (youngDeaths <= 0) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (youngDeaths - 1));
}

export class WorkerSet {
  private readonly slots: Slot[];
  private stopping = false;
  /** Set once every first worker is ready: a death before that fails the start instead. */
  private running = false;

  constructor(private readonly options: WorkerSetOptions) {
    this.slots = Array.from({ length: options.count }, (_, index) => ({
      index,
      ready: false,
      startedAt: 0,
      youngDeaths: 0,
    }));
  }

  /** Forks every worker; resolves with the rooms they restored once all are ready. */
  async start(): Promise<number> {
    const ready = await Promise.all(this.slots.map((slot) => this.fork(slot)));
    this.running = true;
    return ready.reduce((sum, rooms) => sum + rooms, 0);
  }

  /** Each worker (numbered from 1): its process while one runs, and whether it is ready. */
  members(): WorkerMember[] {
    return this.slots.map((slot) => ({
      worker: slot.index + 1,
      ready: slot.ready && slot.worker !== undefined,
      ...(slot.worker && { process: slot.worker }),
    }));
  }

  pids(): number[] {
    return this.slots.flatMap((slot) => slot.worker?.process.pid ?? []);
  }

  /**
   * Stops every worker; SIGKILL to any still running after `timeoutMs`. True when each closed
   * cleanly: a ready one closes its server when told (a message rather than SIGTERM, which
   * would kill one that already had SIGINT from the terminal) and exits 0; one still starting
   * serves nobody yet and is ended with SIGTERM.
   */
  async stop(timeoutMs: number): Promise<boolean> {
    this.stopping = true;
    const exits = this.slots.map((slot) => {
      clearTimeout(slot.restart);
      const worker = slot.worker;
      if (!worker || worker.isDead()) return Promise.resolve(true);
      const ready = slot.ready;
      const exited = new Promise<boolean>((resolve) =>
        worker.once('exit', (code: number | null, signal: string | null) => {
          const clean = code === 0 || (!ready && (signal === 'SIGTERM' || code === SIGTERM_EXIT));
          if (!clean)
            this.options.log.error(
              { worker: slot.index + 1, code, signal },
              'worker did not close cleanly',
            );
          resolve(clean);
        }),
      );
      if (ready) worker.send(STOP_MESSAGE, undefined, () => undefined);
      else worker.process.kill('SIGTERM');
      const timer = setTimeout(() => worker.process.kill('SIGKILL'), timeoutMs);
      return exited.finally(() => clearTimeout(timer));
    });
    return (await Promise.all(exits)).every(Boolean);
  }

  /** Resolves with the worker's restored rooms when it is ready; rejects if it dies first. */
  private fork(slot: Slot): Promise<number> {
    const worker = cluster.fork({ ...this.options.env, PERCENT_WORKER: String(slot.index + 1) });
    slot.worker = worker;
    slot.ready = false;
    slot.startedAt = Date.now();
    stopReadingOnHandOff(worker);
    holdBack(worker);
    return new Promise<number>((resolve, reject) => {
      let failure = 'it exited before it was ready';
      const timer = setTimeout(() => {
        failure = `it was not ready after ${this.readyTimeoutMs / 1000} s`;
        worker.process.kill('SIGKILL');
      }, this.readyTimeoutMs);
      worker.on('message', (message: unknown) => {
        if (!isWorkerMessage(message)) return;
        if (message.type === 'percent:failed') failure = message.message;
        if (message.type !== 'percent:ready') return;
        clearTimeout(timer);
        slot.ready = true;
        release(worker);
        resolve(message.restoredRooms);
      });
      worker.once('exit', (code: number | null, signal: string | null) => {
        clearTimeout(timer);
        reject(new Error(`worker ${slot.index + 1} could not start: ${failure}`));
        if (slot.worker === worker) this.died(slot, code, signal);
      });
    });
  }

  private died(slot: Slot, code: number | null, signal: string | null): void {
    slot.worker = undefined;
    if (this.stopping || !this.running) return;
    const lived = Date.now() - slot.startedAt;
    slot.youngDeaths = lived < YOUNG_MS ? slot.youngDeaths + 1 : 0;
    const delay = restartDelayMs(slot.youngDeaths);
    this.options.log.error(
      { worker: slot.index + 1, code, signal, livedMs: lived, restartInMs: delay },
      `worker ${slot.index + 1} died (${signal ?? `exit code ${code}`}); restarting in ${delay} ms`,
    );
    slot.restart = setTimeout(() => {
      if (this.stopping) return;
      this.fork(slot).then(
        () =>
          this.options.log.info(
            { worker: slot.index + 1, pid: slot.worker?.process.pid },
            'worker restarted',
          ),
        (error: unknown) => this.options.log.error({ err: error }, 'worker restart failed'),
      );
    }, delay);
  }

  private get readyTimeoutMs(): number {
    return this.options.readyTimeoutMs ?? 60_000;
  }
}

/**
 * `@socket.io/sticky`'s least-connection balancing picks the worker with the smallest
 * `clientsCount` (a property it keeps on each cluster Worker). A worker still starting has no
 * server to take a connection yet, so it counts as full until it says it is ready.
 */
type Balanced = Worker & { clientsCount?: number };

function holdBack(worker: Balanced): void {
  worker.clientsCount = Number.MAX_SAFE_INTEGER;
}

function release(worker: Balanced): void {
  worker.clientsCount = 0;
}
