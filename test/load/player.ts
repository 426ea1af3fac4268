import {
  PROTOCOL_VERSION,
  type ClientEventName,
  type ClientToServerEvents,
  type MoveReply,
  type Result,
  type RoomView,
  type ServerToClientEvents,
} from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';
import { Samples, Tally } from './stats.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface LooseSocket {
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
}

const ACK_TIMEOUT_MS = 10_000;

/** Every figure one simulated player gathers; the run adds them up. */
export class PlayerCounters {
  /** Distinct move ids sent. */
  sent = 0;
  /** Of those, sent again with the same id. */
  retries = 0;
  /** First acknowledgements of a move (duplicate: false), by verdict. */
  correct = 0;
  wrong = 0;
  /** Retries answered `duplicate: true` with the first verdict. */
  retriesAcked = 0;
  /** Acks that break idempotency: a first send answered as a duplicate, or a retry counted again. */
  duplicated = 0;
  /** Moves never acknowledged within the timeout. */
  lost = 0;
  /** Replies whose verdict is not the one the solution implies. */
  misjudged = 0;
  progressEvents = 0;
  readonly errors = new Tally();
  readonly rtt = new Samples();
}

/** One socket.io-client connection speaking the Percent protocol. */
export class SimPlayer {
  readonly counters = new PlayerCounters();
  playerId: string | null = null;
  view: RoomView | null = null;
  private readonly socket: ClientSocket;
  private readonly viewWaiters: { test: (view: RoomView) => boolean; resolve: () => void }[] = [];

  private constructor(socket: ClientSocket) {
    this.socket = socket;
    socket.on('room:state', (view) => {
      this.view = view;
      for (const waiter of [...this.viewWaiters])
        if (waiter.test(view)) {
          this.viewWaiters.splice(this.viewWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
    });
    socket.on('race:progress', () => this.counters.progressEvents++);
  }

  static async connect(url: string): Promise<SimPlayer> {
    const socket: ClientSocket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { protocol: PROTOCOL_VERSION },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', (error) =>
        reject(new Error(`cannot connect to ${url}: ${error.message}`)),
      );
    });
    return new SimPlayer(socket);
  }

  /**
   * Emits `event` with an acknowledgement and returns the reply's fields; throws with the
   * server's error code and message. (Loosely typed: the harness sends few kinds of events.)
   */
  async request<T extends object = object>(event: ClientEventName, payload: object): Promise<T> {
    const socket = this.socket.timeout(ACK_TIMEOUT_MS) as unknown as LooseSocket;
    const reply = (await socket.emitWithAck(event, payload)) as Result<T>;
    if (!reply.ok) throw new Error(`${event}: ${reply.error.code}: ${reply.error.message}`);
    return reply;
  }

  /** Resolves at the first `room:state` (or the current view) that passes `test`. */
  until(test: (view: RoomView) => boolean, timeoutMs = 120_000): Promise<void> {
    if (this.view !== null && test(this.view)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('timed out waiting for a room state')),
        timeoutMs,
      );
      this.viewWaiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /**
   * Sends one move and checks its acknowledgement: a first send must be judged once with the
   * expected verdict; a retry (same id) must come back as a duplicate with the same verdict.
   */
  async move(
    moveId: string,
    cell: number,
    digit: number,
    expected: 'correct' | 'wrong',
    retry: boolean,
  ): Promise<void> {
    const c = this.counters;
    const started = performance.now();
    let reply: Result<MoveReply>;
    try {
      reply = (await this.socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('race:move', { moveId, cell, digit })) as Result<MoveReply>;
    } catch {
      c.lost++;
      return;
    }
    c.rtt.add(performance.now() - started, started);
    if (!reply.ok) {
      c.errors.add(reply.error.code);
      return;
    }
    if (reply.verdict !== expected) c.misjudged++;
    if (retry) {
      if (reply.duplicate) c.retriesAcked++;
      else c.duplicated++;
    } else if (reply.duplicate) c.duplicated++;
    else if (reply.verdict === 'correct') c.correct++;
    else c.wrong++;
  }

  close(): void {
    this.socket.disconnect();
  }
}
