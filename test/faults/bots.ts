/**
 * A fault-suite player on the shipped socket client (`@percent/net`): the same `Link` and
 * `RoomSession` the web client runs — the seat regained with its session token after every
 * reconnection, and every unanswered move sent again with its id until judged. Socket.IO
 * reconnects by itself when the server comes back; the bot only keeps what a player saw (each
 * move's verdict, the races that ended) for the audit.
 */
import { Link, memoryOf, openSocket, RoomSession, type SeatMemory } from '@percent/net';
import type { MoveReply, RoomView } from '@percent/protocol';
import { solveGivens } from '../server/harness.ts';

/** A request that got no answer: the connection dropped or the server did not reply in time. */
export const OFFLINE = { ok: false, error: { code: 'OFFLINE', message: 'no answer' } } as const;

/** The server gave a player's seat away (or another seat back): a lost acknowledgement. */
export class SeatLost extends Error {}

/** One move as the bot sent it, and what the server answered (undefined: no answer yet). */
export interface SentMove {
  readonly moveId: string;
  readonly cell: number;
  readonly digit: number;
  verdict: MoveReply['verdict'] | undefined;
  /** Answered as already counted: a retry of a stored move, or a slip made again. */
  duplicate: boolean;
}

/** How long a bot waits for a move's verdict, or for its seat after the server came back. */
const ANSWER_MS = 3000;
const REJOIN_MS = 15_000;

/** Answers that say the seat is gone (the rejoin's): anything else is asked again. */
const SEAT_GONE: ReadonlySet<string> = new Set(['SESSION_INVALID', 'ROOM_NOT_FOUND']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Bot {
  private link: Link | undefined;
  private session: RoomSession | undefined;
  private readonly memory: SeatMemory;
  /** The seat this bot took; a rejoin that brings another one back is a lost seat. */
  playerId: string | null = null;
  /** Race id → moves sent in that race, in order. */
  readonly moves = new Map<string, SentMove[]>();
  /** Races this bot saw end (a `room:state` with `phase: 'finished'`). */
  readonly finished = new Set<string>();
  /** Every error code the server answered with (INTERNAL must never appear). */
  readonly errors: string[] = [];
  /** Cells whose digit the server confirmed, per race (the view's own board lags a move). */
  private readonly placed = new Map<string, Set<number>>();
  private readonly waiting = new Map<string, () => void>();

  constructor(
    private readonly url: string,
    readonly nickname: string,
    readonly deviceId: string,
  ) {
    this.memory = memoryOf(deviceId);
  }

  /** The link, reconnecting by itself; false when the server cannot be reached now. */
  async connect(): Promise<boolean> {
    this.link ??= new Link(
      openSocket(this.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnectionDelay: 50,
        reconnectionDelayMax: 250,
        timeout: 2000,
      }),
      { observe: (_event, reply) => !reply.ok && this.errors.push(reply.error.code) },
    );
    return this.link.whenConnected(3000);
  }

  get code(): string {
    return this.session?.code ?? '';
  }

  get view(): RoomView | undefined {
    return this.session?.view.value;
  }

  /** Seated on a live connection (false from a drop until the seat is regained). */
  get connected(): boolean {
    return this.session?.live ?? false;
  }

  /** Creates a room (this bot hosts) or joins `code`. */
  async enter(code: string | null, settings: object = {}): Promise<void> {
    const session = new RoomSession(code ?? '', this.link!, this.memory);
    this.session = session;
    session.view.subscribe((view) => {
      if (view?.phase === 'finished' && view.race) this.finished.add(view.race.id);
    });
    session.onMove((move, reply) => {
      const sent = this.sentMove(move.moveId);
      if (sent && reply.ok) {
        sent.verdict = reply.verdict;
        sent.duplicate = reply.duplicate;
        if (reply.verdict === 'correct') this.placedIn(this.view?.race?.id ?? '').add(move.cell);
      }
      this.waiting.get(move.moveId)?.();
    });
    const seated =
      code === null
        ? await session.create(this.nickname, settings)
        : await session.join(this.nickname);
    if (!seated) throw new Error(`${this.nickname} could not enter: ${session.error.value?.code}`);
    this.playerId = session.playerId;
  }

  /**
   * After a restart: waits until the session has its seat back (Socket.IO reconnects, the
   * session rejoins with its token and sends its unanswered moves again). False when the
   * server is down again meanwhile; a seat that did not come back is thrown as `SeatLost`.
   */
  async rejoin(): Promise<boolean> {
    const deadline = Date.now() + REJOIN_MS;
    while (!this.connected) {
      this.checkSeat();
      if (Date.now() > deadline) return false;
      await sleep(10);
    }
    this.checkSeat();
    return true;
  }

  private checkSeat(): void {
    const session = this.session!;
    const ended = session.ended.value;
    if (ended) throw new SeatLost(`${this.nickname} lost its seat: ${ended.reason}`);
    const error = session.error.value?.code;
    if (error !== undefined && SEAT_GONE.has(error))
      throw new SeatLost(`${this.nickname} lost its seat: ${error}`);
    if (session.playerId !== null && session.playerId !== this.playerId)
      throw new SeatLost(`${this.nickname} came back as ${session.playerId}, not ${this.playerId}`);
  }

  /** Sends a command of the room (ready, start, rematch): the session's own requests. */
  request(event: 'room:ready' | 'race:start' | 'race:rematch', payload: object): Promise<boolean> {
    const session = this.session!;
    if (event === 'room:ready') return session.ready((payload as { ready: boolean }).ready);
    return event === 'race:start' ? session.start() : session.rematch();
  }

  /**
   * One move of the current race: the right digit for an open cell, or now and then a wrong
   * one; resolves once it is judged, or when the link drops (the session sends it again after
   * the rejoin) or takes too long.
   */
  async play(random: () => number): Promise<void> {
    const race = this.view?.race;
    if (this.view?.phase !== 'racing' || !race?.puzzle || !race.own) return;
    const solution = solveGivens(race.puzzle);
    const placed = this.placedIn(race.id);
    const open = [...race.own].flatMap((ch, cell) =>
      ch === '0' && !placed.has(cell) ? [cell] : [],
    );
    const cell = open[Math.floor(random() * open.length)];
    if (cell === undefined) return;
    const right = Number(solution[cell]);
    const digit = random() < 0.125 ? (right % 9) + 1 : right;
    const move = this.session!.move(cell, digit);
    let done = false;
    this.waiting.set(move.moveId, () => (done = true));
    this.moves.set(race.id, [
      ...(this.moves.get(race.id) ?? []),
      { moveId: move.moveId, cell, digit, verdict: undefined, duplicate: false },
    ]);
    const deadline = Date.now() + ANSWER_MS;
    while (!done && this.connected && Date.now() < deadline) await sleep(5);
    this.waiting.delete(move.moveId);
  }

  close(): void {
    this.session?.dispose();
    this.link?.close();
  }

  private sentMove(moveId: string): SentMove | undefined {
    for (const moves of this.moves.values()) {
      const found = moves.find((m) => m.moveId === moveId);
      if (found) return found;
    }
    return undefined;
  }

  private placedIn(raceId: string): Set<number> {
    let cells = this.placed.get(raceId);
    if (!cells) this.placed.set(raceId, (cells = new Set()));
    return cells;
  }
}
