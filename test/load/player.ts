import {
  PROTOCOL_VERSION,
  type ClientEventName,
  type ClientToServerEvents,
  type Result,
  type RoomView,
  type SeatReply,
  type ServerToClientEvents,
} from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';
import { ACK_TIMEOUT_MS, MoveSender, PlayerCounters, type MoveChannel } from './moves.ts';

export { PlayerCounters } from './moves.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface LooseSocket {
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
}

/** A dropped player tries other nodes for this long before its moves count as lost. */
const REJOIN_GIVE_UP_MS = 30_000;
const REJOIN_CONNECT_TIMEOUT_MS = 5_000;

/** What a player needs to regain its seat on any node: `room:join` with its session token. */
export interface Seat {
  readonly code: string;
  readonly nickname: string;
  readonly deviceId: string;
  sessionToken: string;
}

/** Where a player whose connection dropped reconnects (cluster runs); see `Cluster.failover`. */
export type Failover = (url: string) => string;

/** One socket.io-client connection speaking the Percent protocol. */
export class SimPlayer implements MoveChannel {
  readonly counters = new PlayerCounters();
  readonly failover: boolean;
  playerId: string | null = null;
  view: RoomView | null = null;
  seat: Seat | null = null;
  private socket: ClientSocket;
  private closed = false;
  /** Pending while the player reconnects; rejects once it gave up. */
  private seated: Promise<void> = Promise.resolve();
  private readonly moves = new MoveSender(this, this.counters);
  private readonly viewWaiters: { test: (view: RoomView) => boolean; resolve: () => void }[] = [];

  private constructor(
    socket: ClientSocket,
    private url: string,
    private readonly next: Failover | undefined,
  ) {
    this.failover = next !== undefined;
    this.socket = socket;
    this.attach(socket);
  }

  /** Connects to `url`; with `failover`, a dropped connection reconnects where it says. */
  static async connect(url: string, failover?: Failover): Promise<SimPlayer> {
    return new SimPlayer(await openSocket(url), url, failover);
  }

  private attach(socket: ClientSocket): void {
    socket.on('room:state', (view) => {
      this.view = view;
      for (const waiter of [...this.viewWaiters])
        if (waiter.test(view)) {
          this.viewWaiters.splice(this.viewWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
    });
    socket.on('race:progress', () => this.counters.progressEvents++);
    socket.on('disconnect', (reason) => {
      if (socket !== this.socket || this.closed || !this.next) return;
      if (reason === 'io client disconnect') return;
      const rejoining = this.rejoin(performance.now());
      rejoining.catch(() => undefined); // waited on by `connection()`
      this.seated = rejoining;
    });
  }

  /**
   * Emits `event` with an acknowledgement and returns the reply's fields; throws with the
   * server's error code and message. (Loosely typed: the harness sends few kinds of events.)
   */
  async request<T extends object = object>(event: ClientEventName, payload: object): Promise<T> {
    return requestOn<T>(await this.connection(), event, payload);
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

  /** Sends one move; see `MoveSender` for what its acknowledgement must be. */
  move(
    moveId: string,
    cell: number,
    digit: number,
    expected: 'correct' | 'wrong',
    retry: boolean,
  ): Promise<void> {
    return this.moves.send({ moveId, cell, digit, expected }, retry);
  }

  async connection(): Promise<ClientSocket> {
    await this.seated;
    return this.socket;
  }

  async reseat(): Promise<void> {
    await this.join(await this.connection());
  }

  /** After a drop: the next node's URL, a new connection, the seat again with the token. */
  private async rejoin(droppedAt: number): Promise<void> {
    const next = this.next!;
    for (;;) {
      this.url = next(this.url);
      let socket: ClientSocket | undefined;
      try {
        socket = await openSocket(this.url, REJOIN_CONNECT_TIMEOUT_MS);
        await this.join(socket);
        if (this.closed) throw new Error('closed while reconnecting');
        this.socket = socket;
        this.attach(socket);
        this.counters.reconnects++;
        this.counters.rejoin.add(performance.now() - droppedAt, droppedAt);
        return;
      } catch (error) {
        socket?.disconnect();
        this.counters.transient.add(`rejoin: ${errorCode(error)}`);
        if (this.closed || performance.now() - droppedAt > REJOIN_GIVE_UP_MS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private async join(socket: ClientSocket): Promise<void> {
    if (!this.seat) throw new Error('the player has no seat to regain');
    const { code, nickname, deviceId, sessionToken } = this.seat;
    const reply = await requestOn<SeatReply>(socket, 'room:join', {
      code,
      nickname,
      deviceId,
      sessionToken,
    });
    this.view = reply.view;
    if (reply.sessionToken !== null) this.seat.sessionToken = reply.sessionToken;
  }

  close(): void {
    this.closed = true;
    this.socket.disconnect();
  }
}

/** A connected socket; `timeoutMs` for the handshake (socket.io-client's default is 20 s). */
async function openSocket(url: string, timeoutMs?: number): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
    auth: { protocol: PROTOCOL_VERSION },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(new Error(`cannot connect to ${url}: ${error.message}`));
    });
  });
  return socket;
}

async function requestOn<T extends object>(
  socket: ClientSocket,
  event: ClientEventName,
  payload: object,
): Promise<T> {
  const loose = socket.timeout(ACK_TIMEOUT_MS) as unknown as LooseSocket;
  const reply = (await loose.emitWithAck(event, payload)) as Result<T>;
  if (!reply.ok) throw new Error(`${event}: ${reply.error.code}: ${reply.error.message}`);
  return reply;
}

/** `ROOM_NOT_FOUND` from a refusal's message, else the kind of failure. */
const errorCode = (error: unknown): string =>
  /: ([A-Z_]+): /.exec(String(error))?.[1] ??
  (String(error).includes('cannot connect') ? 'connect failed' : 'no answer');
