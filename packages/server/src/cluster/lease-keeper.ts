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
  private readonly worker: Worker;
  private readonly renewedAt = new Float64Array(new SharedArrayBuffer(8));

  constructor(options: LeaseKeeperOptions) {
    const leaseKey = Keys.lease('X');
    this.worker = new Worker(new URL('./lease-worker.mjs', import.meta.url), {
      workerData: {
        url: options.redisUrl,
        nodeId: options.nodeId,
        leaseMs: options.leaseMs,
        renewMs: options.renewMs,
        renewScript: RENEW,
        leaseKeyPrefix: leaseKey.slice(0, leaseKey.indexOf('{')),
        nodeKey: Keys.node(options.nodeId),
        lastRenewed: this.renewedAt.buffer,
      },
    });
    this.worker.unref();
    this.worker.on('message', (message: FromWorker) => {
      if (message.type === 'lost') {
        for (const [code, token] of message.leases) options.onLost(code, token);
      } else if (message.type === 'failed') {
        options.log.warn({ reason: message.message }, 'leases not renewed: Redis unreachable');
      } else options.log.info('leases renewed again');
    });
    this.worker.on('error', (error) => {
      options.log.error({ err: error }, 'the lease keeper stopped: leases will expire');
    });
  }

  /** When the last renewal that succeeded was sent (epoch ms; 0: none yet). */
  lastRenewed(): number {
    return this.renewedAt[0] ?? 0;
  }

  hold(code: string, token: string): void {
    this.worker.postMessage({ type: 'hold', code, token });
  }

  drop(code: string): void {
    this.worker.postMessage({ type: 'drop', code });
  }

  async stop(): Promise<void> {
    this.worker.postMessage({ type: 'stop' });
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 1000);
      this.worker.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }
}
