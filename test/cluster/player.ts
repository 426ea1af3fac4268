/**
 * A player as a real client behaves across a cluster: it keeps its device id, room code, session
 * token and every move it sent. When its connection drops it reconnects — to the same node, or
 * to the next one when that node is gone (what a load balancer in front of the nodes does) —
 * takes its seat back with the token, and sends its unanswered moves again with the same ids.
 * A move answered ROOM_UNAVAILABLE is sent again after a short wait.
 */
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type MoveReply,
  type Result,
  type RoomView,
  type SeatReply,
  type ServerToClientEvents,
} from '@percent/protocol';
import { io, type Socket } from 'socket.io-client';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface AckedMove {
  readonly moveId: string;
  readonly cell: number;
  readonly digit: number;
  readonly verdict: MoveReply['verdict'];
  /** When the ack arrived (ms, this process's clock). */
  readonly at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ClusterPlayer {
  private socket: Client | undefined;
  private token: string | undefined;
  private seq = 0;
  code = '';
  view: RoomView | undefined;
  readonly acked: AckedMove[] = [];
  /** Every error code the server answered a move with. */
  readonly errors: string[] = [];
  /** How many times the player had to take its seat back. */
  rejoins = 0;
  private closed = false;

  constructor(
    /** The nodes' URLs; the player starts on `urls[node]` and moves on when one is gone. */
    private readonly urls: readonly string[],
    private node: number,
    readonly nickname: string,
    readonly deviceId: string,
  ) {}

  get url(): string {
    return this.urls[this.node]!;
  }

  async create(): Promise<SeatReply> {
    await this.connect();
    const reply = await this.call<SeatReply>('room:create', {
      nickname: this.nickname,
      deviceId: this.deviceId,
    });
    return this.seated(reply);
  }

  async join(code: string): Promise<SeatReply> {
    this.code = code;
    await this.connect();
    return this.seated(await this.call<SeatReply>('room:join', this.joinPayload()));
  }

  /** Sends `event` and waits for its reply (undefined: no reply, the connection dropped). */
  call<T extends object = object>(event: string, payload: unknown = {}, timeoutMs = 5000) {
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve(undefined);
    const emit = socket.timeout(timeoutMs).emitWithAck as (
      e: string,
      p: unknown,
    ) => Promise<Result<T>>;
    return emit.call(socket, event, payload).catch(() => undefined);
  }

  /** One move, sent until the owner of the room acknowledges it (same id every time). */
  async move(cell: number, digit: number): Promise<AckedMove> {
    const moveId = `${this.deviceId}-${++this.seq}`;
    for (;;) {
      if (this.closed) throw new Error(`${this.nickname} closed`);
      const reply = await this.call<MoveReply>('race:move', { moveId, cell, digit });
      if (reply?.ok) {
        const acked = { moveId, cell, digit, verdict: reply.verdict, at: Date.now() };
        this.acked.push(acked);
        return acked;
      }
      if (reply) this.errors.push(reply.error.code);
      if (reply && reply.error.code !== 'ROOM_UNAVAILABLE' && reply.error.code !== 'NOT_IN_ROOM')
        throw new Error(
          `${this.nickname}: move ${moveId} ${reply.error.code} ${reply.error.message}`,
        );
      await sleep(100);
    }
  }

  /** The latest state matching `predicate`, waiting up to `timeoutMs`. */
  async state(predicate: (view: RoomView) => boolean, timeoutMs = 20_000): Promise<RoomView> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.view && predicate(this.view)) return this.view;
      await sleep(20);
    }
    throw new Error(`${this.nickname}: no matching room:state in ${timeoutMs} ms`);
  }

  close(): void {
    this.closed = true;
    this.socket?.disconnect();
  }

  private joinPayload() {
    const { code, nickname, deviceId, token: sessionToken } = this;
    return { code, nickname, deviceId, sessionToken };
  }

  private seated(reply: Result<SeatReply> | undefined): SeatReply {
    if (!reply?.ok) throw new Error(`${this.nickname}: not seated: ${JSON.stringify(reply)}`);
    this.token = reply.sessionToken ?? this.token;
    this.code = reply.view.code;
    this.view = reply.view;
    return reply;
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      if (await this.open()) return;
      this.node = (this.node + 1) % this.urls.length;
      if (attempt > 100) throw new Error(`${this.nickname}: no node answers`);
      await sleep(100);
    }
  }

  /** A connection to the current node; false when it cannot be reached. */
  private open(): Promise<boolean> {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    const socket: Client = io(this.url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 2000,
    });
    this.socket = socket;
    socket.on('room:state', (view) => (this.view = view));
    return new Promise((resolve) => {
      socket.once('connect', () => {
        socket.on('disconnect', () => void this.recover());
        resolve(true);
      });
      socket.once('connect_error', () => resolve(false));
    });
  }

  /** After a drop: the same node first (it may only have closed this connection), then others. */
  private async recover(): Promise<void> {
    if (this.closed) return;
    await this.connect();
    for (let attempt = 0; attempt < 200 && !this.closed; attempt++) {
      const reply = await this.call<SeatReply>('room:join', this.joinPayload());
      if (reply?.ok) {
        this.rejoins += 1;
        this.seated(reply);
        return;
      }
      await sleep(100);
    }
  }
}
