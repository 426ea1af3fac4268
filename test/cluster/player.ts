/**
 * A player across a cluster, on the shipped socket client (`@percent/net`): the `RoomSession`
 * the web client runs keeps the seat's token, rejoins after every reconnection and sends its
 * unanswered moves again with their ids (after `ROOM_UNAVAILABLE`, after a back-off). What this
 * file adds is what a load balancer in front of the nodes does: when the connection drops the
 * player reconnects to the same node, or to the next one when that node is gone.
 */
import {
  Link,
  memoryOf,
  openSocket,
  RoomSession,
  type EventName,
  type NetResult,
  type PayloadOf,
  type PercentSocket,
  type ReplyOf,
} from '@percent/net';
import type { MoveReply, RoomView } from '@percent/protocol';

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
  private link: Link | undefined;
  private session: RoomSession | undefined;
  private readonly memory;
  readonly acked: AckedMove[] = [];
  /** Every error code the server answered a move with. */
  readonly errors: string[] = [];
  /** How many times the player had to take its seat back (reconnections after the first). */
  rejoins = 0;
  private connections = 0;
  private closed = false;
  private readonly waiting = new Map<string, (acked: AckedMove | Error) => void>();

  constructor(
    /** The nodes' URLs; the player starts on `urls[node]` and moves on when one is gone. */
    private readonly urls: readonly string[],
    private node: number,
    readonly nickname: string,
    readonly deviceId: string,
  ) {
    this.memory = memoryOf(deviceId);
  }

  get url(): string {
    return this.urls[this.node]!;
  }

  get view(): RoomView | undefined {
    return this.session?.view.value;
  }

  get code(): string {
    return this.session?.code ?? '';
  }

  async create(): Promise<RoomView> {
    const session = await this.start('');
    if (!(await session.create(this.nickname))) throw this.notSeated();
    return session.view.value!;
  }

  async join(code: string): Promise<RoomView> {
    const session = await this.start(code);
    if (!(await session.join(this.nickname))) throw this.notSeated();
    return session.view.value!;
  }

  /** Sends `event` on the player's link and waits for its reply (5 s unless said). */
  call<E extends EventName>(
    event: E,
    payload: PayloadOf<E>,
    timeoutMs = 5000,
  ): Promise<NetResult<ReplyOf<E>>> {
    return this.link!.request(event, payload, { timeoutMs });
  }

  /** One move, judged once whatever happens to the nodes (the session re-sends it with its id). */
  move(cell: number, digit: number): Promise<AckedMove> {
    if (this.closed) return Promise.reject(new Error(`${this.nickname} closed`));
    const { moveId } = this.session!.move(cell, digit);
    return new Promise((resolve, reject) =>
      this.waiting.set(moveId, (outcome) =>
        outcome instanceof Error ? reject(outcome) : resolve(outcome),
      ),
    );
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
    this.session?.dispose();
    this.link?.close();
  }

  private notSeated(): Error {
    return new Error(`${this.nickname}: not seated: ${JSON.stringify(this.session?.error.value)}`);
  }

  /** The first connection and the session on it. */
  private async start(code: string): Promise<RoomSession> {
    const socket = await this.connect();
    this.link = new Link(socket, {
      observe: (event, reply) => {
        if (event === 'race:move' && !reply.ok) this.errors.push(reply.error.code);
      },
    });
    this.link.onConnect(() => {
      this.connections += 1;
      this.rejoins = this.connections - 1;
    });
    const session = new RoomSession(code, this.link, this.memory);
    session.onMove((move, reply) => {
      const settle = this.waiting.get(move.moveId);
      this.waiting.delete(move.moveId);
      if (!reply.ok) {
        settle?.(new Error(`${this.nickname}: move ${move.moveId} ${reply.error.code}`));
        return;
      }
      const acked = { ...move, verdict: reply.verdict, at: Date.now() };
      this.acked.push(acked);
      settle?.(acked);
    });
    this.session = session;
    return session;
  }

  /** A connected socket: the current node first, then the next ones in turn. */
  private async connect(): Promise<PercentSocket> {
    for (let attempt = 0; ; attempt++) {
      const socket = await this.open();
      if (socket) return socket;
      this.node = (this.node + 1) % this.urls.length;
      if (attempt > 100 || this.closed) throw new Error(`${this.nickname}: no node answers`);
      await sleep(100);
    }
  }

  /** A socket to the current node once connected; undefined when it cannot be reached. */
  private open(): Promise<PercentSocket | undefined> {
    const socket = openSocket(this.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 2000,
    });
    return new Promise((resolve) => {
      socket.once('connect', () => {
        socket.once('disconnect', () => void this.recover());
        resolve(socket);
      });
      socket.once('connect_error', () => {
        socket.disconnect();
        resolve(undefined);
      });
    });
  }

  /** After a drop: the same node first (it may only have closed this connection), then others. */
  private async recover(): Promise<void> {
    if (this.closed) return;
    const socket = await this.connect();
    if (this.closed) return void socket.disconnect();
    // The session rejoins with its token on the new connection and re-sends its moves.
    this.link!.replace(socket);
  }
}
