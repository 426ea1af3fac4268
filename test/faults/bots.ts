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
import { solveGivens } from '../server/harness.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A request that got no answer: the connection dropped or the server did not reply in time. */
export const OFFLINE = { ok: false, error: { code: 'OFFLINE', message: 'no answer' } } as const;
type Reply<T extends object = object> = Result<T> | typeof OFFLINE;

/** The server gave a player's seat away (or another seat back): a lost acknowledgement. */
export class SeatLost extends Error {}

/** One move as the bot sent it, and what the server answered (undefined: no answer yet). */
export interface SentMove {
  readonly moveId: string;
  readonly cell: number;
  readonly digit: number;
  verdict: MoveReply['verdict'] | undefined;
}

/**
 * A player that keeps what a real client keeps: its device id, room code and session token,
 * and every move it sent per race. After a restart it takes its seat back with the token and
 * sends its unanswered moves again with the same ids.
 */
export class Bot {
  private socket: Client | undefined;
  code = '';
  playerId: string | null = null;
  private token: string | null = null;
  view: RoomView | undefined;
  /** Race id → moves sent in that race, in order. */
  readonly moves = new Map<string, SentMove[]>();
  /** Races this bot saw end (a `room:state` with `phase: 'finished'`). */
  readonly finished = new Set<string>();
  /** Every error code the server answered with (INTERNAL must never appear). */
  readonly errors: string[] = [];
  private sequence = 0;

  constructor(
    private readonly url: string,
    readonly nickname: string,
    readonly deviceId: string,
  ) {}

  /** A new connection; false when the server cannot be reached (it may be down right now). */
  async connect(): Promise<boolean> {
    this.socket?.disconnect();
    const socket: Client = io(this.url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('room:state', (view) => this.see(view));
    this.socket = socket;
    return new Promise<boolean>((resolve) => {
      // socket.io-client may stay silent when the server dies mid-handshake: a timer decides.
      const settle = (connected: boolean) => {
        clearTimeout(timer);
        if (!connected) socket.disconnect();
        resolve(connected);
      };
      const timer = setTimeout(() => settle(false), 3000);
      socket.once('connect', () => settle(true));
      socket.once('connect_error', () => settle(false));
    });
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  private see(view: RoomView): void {
    this.view = view;
    if (view.phase === 'finished' && view.race) this.finished.add(view.race.id);
  }

  /** Emits with an acknowledgement; OFFLINE when the connection drops or 3 s pass. */
  request<T extends object>(event: keyof ClientToServerEvents, payload: object): Promise<Reply<T>> {
    const socket = this.socket;
    if (!socket?.connected) return Promise.resolve(OFFLINE);
    return new Promise((resolve) => {
      const done = (reply: Reply<T>) => {
        clearTimeout(timer);
        socket.off('disconnect', drop);
        if (!reply.ok) this.errors.push(reply.error.code);
        resolve(reply);
      };
      const drop = () => done(OFFLINE);
      const timer = setTimeout(drop, 3000);
      socket.once('disconnect', drop);
      (socket.emit as (e: string, p: object, ack: (r: Result<T>) => void) => void)(
        event,
        payload,
        done,
      );
    });
  }

  /** Creates a room (this bot hosts) or joins `code`, keeping the seat's token. */
  async enter(code: string | null, settings: object = {}): Promise<void> {
    const reply = await (code === null
      ? this.request<SeatReply>('room:create', {
          nickname: this.nickname,
          deviceId: this.deviceId,
          settings,
        })
      : this.request<SeatReply>('room:join', {
          code,
          nickname: this.nickname,
          deviceId: this.deviceId,
        }));
    if (!reply.ok) throw new Error(`${this.nickname} could not enter: ${reply.error.code}`);
    this.seated(reply);
  }

  private seated(reply: SeatReply): void {
    this.code = reply.view.code;
    this.playerId = reply.playerId;
    this.token = reply.sessionToken;
    this.see(reply.view);
  }

  /**
   * After a restart: a new connection, the seat back with the token, then every unanswered
   * move of the race sent again. False when the server went down again meanwhile; a seat that
   * did not come back (an error, or another player id) is thrown as `SeatLost`.
   */
  async rejoin(): Promise<boolean> {
    if (!(await this.connect())) return false;
    const reply = await this.request<SeatReply>('room:join', {
      code: this.code,
      nickname: this.nickname,
      deviceId: this.deviceId,
      sessionToken: this.token,
    });
    if (reply === OFFLINE) return false;
    if (!reply.ok) throw new SeatLost(`${this.nickname} lost its seat: ${reply.error.code}`);
    if (reply.playerId !== this.playerId)
      throw new SeatLost(`${this.nickname} came back as ${reply.playerId}, not ${this.playerId}`);
    this.seated(reply);
    const race = this.view?.race;
    for (const move of race ? (this.moves.get(race.id) ?? []) : []) {
      if (move.verdict === undefined && (await this.send(race!.id, move)) === OFFLINE) return false;
    }
    return true;
  }

  /** One move of the current race: the right digit for an open cell, or now and then a wrong one. */
  async play(random: () => number): Promise<Reply> {
    const race = this.view?.race;
    if (this.view?.phase !== 'racing' || !race?.puzzle || !race.own) return OFFLINE;
    const solution = solveGivens(race.puzzle);
    const open = [...race.own].flatMap((ch, cell) => (ch === '0' ? [cell] : []));
    const cell = open[Math.floor(random() * open.length)];
    if (cell === undefined) return OFFLINE;
    const right = Number(solution[cell]);
    const digit = random() < 0.125 ? (right % 9) + 1 : right;
    const move: SentMove = {
      moveId: `${this.deviceId}-${++this.sequence}`,
      cell,
      digit,
      verdict: undefined,
    };
    this.moves.set(race.id, [...(this.moves.get(race.id) ?? []), move]);
    return this.send(race.id, move);
  }

  private async send(raceId: string, move: SentMove): Promise<Reply> {
    const { moveId, cell, digit } = move;
    const reply = await this.request<MoveReply>('race:move', { moveId, cell, digit });
    if (!reply.ok) return reply;
    move.verdict = reply.verdict;
    if (this.view?.race?.id === raceId && this.view.race.own && reply.verdict === 'correct') {
      const own = this.view.race.own;
      this.view = {
        ...this.view,
        race: { ...this.view.race, own: own.slice(0, cell) + digit + own.slice(cell + 1) },
      };
    }
    return reply;
  }

  close(): void {
    this.socket?.disconnect();
  }
}
