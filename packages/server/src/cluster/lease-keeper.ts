import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { Keys } from './keys.ts';
import { RENEW } from './scripts.ts';

export interface LeaseKeeperOptions {
  readonly redisUrl: string;
  readonly nodeId: string;
  readonly leaseMs: number;
  readonly renewMs: number;
  readonly log: Logger;
  /** A lease Redis no longer holds for this node (another node may own the room now). */
  readonly onLost: (code: string, token: string) => void;
}

type FromWorker =
  | { readonly type: 'lost'; readonly leases: [string, string][] }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'recovered' };

/**
 * This node's leases, renewed (with its heartbeat) every second from a worker thread
 * (`lease-worker.mjs`): however busy the main thread is, a live process keeps its rooms, so a
 * burst of load never makes rooms change hands — only a dead, stopped or cut-off node loses
 * them. The time of the last renewal sent is shared memory, read by `lastRenewed`.
 */
export class LeaseKeeper {
  private worker: Worker;
  private readonly renewedAt = new Float64Array(new SharedArrayBuffer(8));
  /** The leases held, kept here too so that a restarted worker gets them all back. */
  private readonly held = new Map<string, string>();
  private stopping = false;

  constructor(private readonly options: LeaseKeeperOptions) {
    this.worker = this.spawn();
  }

  /** When the last renewal that succeeded was sent (epoch ms; 0: none yet). */
  lastRenewed(): number {
    return this.renewedAt[0] ?? 0;
  }

  hold(code: string, token: string): void {
    this.held.set(code, token);
    this.worker.postMessage({ type: 'hold', code, token });
  }

  drop(code: string): void {
    this.held.delete(code);
    this.worker.postMessage({ type: 'drop', code });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    worker.postMessage({ type: 'stop' });
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 1000);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }

  /** A worker renewing every lease held; one that dies is replaced at once, leases and all. */
  private spawn(): Worker {
    const { options } = this;
    const leaseKey = Keys.lease('X');
    const worker = new Worker(new URL('./lease-worker.mjs', import.meta.url), {
      workerData: {
        url: options.redisUrl,
        leaseMs: options.leaseMs,
        renewMs: options.renewMs,
        renewScript: RENEW,
        leaseKeyPrefix: leaseKey.slice(0, leaseKey.indexOf('{')),
        nodeKey: Keys.node(options.nodeId),
        lastRenewed: this.renewedAt.buffer,
      },
    });
    worker.unref();
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => options.log.error({ err: error }, 'the lease keeper failed'));
    worker.on('exit', () => {
      if (this.stopping) return;
      options.log.warn('the lease keeper stopped: starting it again');
      this.worker = this.spawn();
      for (const [code, token] of this.held) this.worker.postMessage({ type: 'hold', code, token });
    });
    return worker;
  }

  private receive(message: FromWorker): void {
    if (message.type === 'lost') {
      for (const [code, token] of message.leases) {
        if (this.held.get(code) === token) this.held.delete(code);
        this.options.onLost(code, token);
      }
    } else if (message.type === 'failed') {
      this.options.log.warn({ reason: message.message }, 'leases not renewed: Redis unreachable');
    } else this.options.log.info('leases renewed again');
  }
}
