import {
  ErrorCode,
  PROTOCOL_VERSION,
  ROOM_QUERY,
  type ClientEventName,
  type ClientToServerEvents,
  type Result,
  type RoomView,
  type SeatReply,
  type ServerToClientEvents,
} from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';
import { reconnectDelayMs, unavailableDelayMs } from './backoff.ts';
import {
  ACK_TIMEOUT_MS,
  MoveSender,
  PlayerCounters,
  type ExpectedVerdict,
  type MoveChannel,
} from './moves.ts';

export { PlayerCounters } from './moves.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface LooseSocket {
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
}

/** A dropped player tries other nodes for this long before its moves count as lost. */
const REJOIN_GIVE_UP_MS = 60_000;

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

  /**
   * Connects to `url` (naming `room` in the handshake, as a join link does); with `failover`, a
   * dropped connection reconnects where it says.
   */
  static async connect(url: string, failover?: Failover, room?: string): Promise<SimPlayer> {
    return new SimPlayer(await openSocket(url, room), url, failover);
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
    socket.on('race:progress', ({ events }) => {
      this.counters.progressBatches++;
      this.counters.progressEvents += events.length;
      for (const { playerId, progress } of events)
        this.counters.lastProgress.set(playerId, progress);
    });
    socket.on('session:ended', (event) =>
      this.counters.drops.add(`session ended: ${event.reason}`),
    );
    socket.on('disconnect', (reason) => {
      if (socket !== this.socket || this.closed || !this.next) return;
      if (reason === 'io client disconnect') return;
      this.counters.drops.add(reason);
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

  /** Sends one move (again, for a retry: same id); see `MoveSender` for what its ack must be. */
  move(moveId: string, cell: number, digit: number, expected: ExpectedVerdict): Promise<void> {
    return this.moves.send({ moveId, cell, digit, expected });
  }

  async connection(): Promise<ClientSocket> {
    await this.seated;
    return this.socket;
  }

  async reseat(): Promise<void> {
    await this.join(await this.connection());
  }

  /**
   * After a drop, as a client behind a load balancer: Socket.IO's reconnection wait, a new
   * connection to the next live node, the seat again with the token (asked again after the
   * client's back-off while the room is between owners).
   */
  private async rejoin(droppedAt: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await sleep(reconnectDelayMs(attempt));
      this.url = this.next!(this.url);
      let socket: ClientSocket | undefined;
      try {
        socket = await openSocket(this.url, this.seat?.code);
        await this.joinPatiently(socket, droppedAt);
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
      }
    }
  }

  private async joinPatiently(socket: ClientSocket, droppedAt: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.join(socket);
      } catch (error) {
        const code = errorCode(error);
        const late = performance.now() - droppedAt > REJOIN_GIVE_UP_MS;
        if (code !== ErrorCode.roomUnavailable || late || !socket.connected) throw error;
        this.counters.transient.add(`rejoin: ${code}`);
        await sleep(unavailableDelayMs(attempt));
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

/** A connected socket (the handshake may take socket.io-client's default 20 s, as a browser's). */
async function openSocket(url: string, room?: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    ...(room !== undefined && { query: { [ROOM_QUERY]: room } }),
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
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

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal's code (`ROOM_UNAVAILABLE`), a failed connection's reason, or 'no answer'. */
function errorCode(error: unknown): string {
  const text = String(error);
  const refused = /: ([A-Z_]+): /.exec(text)?.[1];
  if (refused !== undefined) return refused;
  const connect = /cannot connect to \S+: (.*)/.exec(text)?.[1];
  return connect === undefined ? 'no answer' : `connect failed: ${connect}`;
}
