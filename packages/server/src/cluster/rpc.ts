import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Keys } from './keys.ts';

/** A request one node sends another, and what comes back (JSON both ways). */
interface Envelope {
  readonly id: string;
  /** The sender's node id: where the reply goes. */
  readonly from: string;
  readonly body?: unknown;
  /** Set on replies. */
  readonly reply?: unknown;
  readonly isReply?: true;
}

/**
 * Node-to-node requests over Redis pub/sub: each node listens on its own channel; a request
 * names the sender, the reply comes back on the sender's channel. Nothing is queued: a node that
 * has gone has no subscriber, so a request to it fails at once (`undefined`), as does one that
 * does not answer in time or whose caller gave up (`signal`) — the caller decides how long a
 * live node may take (`forwarder.ts`).
 */
export class NodeRpc {
  private readonly waiting = new Map<string, (reply: unknown) => void>();
  private handler: (body: unknown) => Promise<unknown> = () => Promise.resolve(undefined);

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly nodeId: string,
    private readonly log: Logger,
  ) {}

  /** Starts listening; `handle` answers every request this node gets. */
  async listen(handle: (body: unknown) => Promise<unknown>): Promise<void> {
    this.handler = handle;
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    await this.subscriber.subscribe(Keys.rpc(this.nodeId));
  }

  /**
   * Sends `body` to the node; its reply, or undefined when it is gone, took longer than
   * `timeoutMs`, or `signal` aborted the wait.
   */
  async request(
    nodeId: string,
    body: unknown,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const id = randomUUID();
    const envelope: Envelope = { id, from: this.nodeId, body };
    const replied = new Promise<unknown>((resolve) => {
      const done = (reply: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        this.waiting.delete(id);
        resolve(reply);
      };
      const abort = () => done(undefined);
      const timer = setTimeout(abort, timeoutMs);
      signal?.addEventListener('abort', abort, { once: true });
      this.waiting.set(id, done);
    });
    if (signal?.aborted) this.waiting.get(id)?.(undefined);
    try {
      const listeners = await this.publisher.publish(Keys.rpc(nodeId), JSON.stringify(envelope));
      if (listeners === 0) this.waiting.get(id)?.(undefined);
    } catch (error) {
      this.log.warn({ err: error, to: nodeId }, 'forwarding failed');
      this.waiting.get(id)?.(undefined);
    }
    return replied;
  }

  /** Every waiting request fails now (shutdown). */
  close(): void {
    for (const resolve of [...this.waiting.values()]) resolve(undefined);
  }

  private receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      this.log.warn('a malformed node message was dropped');
      return;
    }
    if (envelope.isReply) {
      this.waiting.get(envelope.id)?.(envelope.reply);
      return;
    }
    void this.answer(envelope);
  }

  private async answer(request: Envelope): Promise<void> {
    let reply: unknown;
    try {
      reply = await this.handler(request.body);
    } catch (error) {
      this.log.error({ err: error }, 'a forwarded command failed');
      return;
    }
    const envelope: Envelope = { id: request.id, from: this.nodeId, reply, isReply: true };
    await this.publisher
      .publish(Keys.rpc(request.from), JSON.stringify(envelope))
      .catch((error: unknown) => this.log.warn({ err: error }, 'a reply could not be sent'));
  }
}
