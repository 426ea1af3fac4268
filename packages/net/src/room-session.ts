/**
 * One room as this client sees it (a browser tab, or a test bot): the server's latest snapshot (`view`), this tab's seat, and the
 * requests a room page makes. The snapshot is replaced by every `room:state`, patched by
 * `race:progress`, and taken afresh after every reconnection (`room:join` with the session
 * token, or `room:spectate`), after which unacknowledged moves are sent again with their ids.
 * A room between owner nodes (`ROOM_UNAVAILABLE`) is asked again after a back-off for the
 * rejoin and for moves (`moving` says so meanwhile); other commands show the error.
 */
import type {
  ProgressBatch,
  Reaction,
  ReactionEvent,
  RoomSettings,
  RoomView,
  SeatReply,
  SessionEndedEvent,
} from '@percent/protocol';
import { batch, signal } from '@preact/signals-core';
import { ServerClock } from './clock.ts';
import { DEFAULT_TIMEOUT_MS, type NetError, type NetResult, type RoomLink } from './link.ts';
import { MoveSender, type MoveLink, type MoveListener } from './move-sender.ts';
import { MoveQueue, type PendingMove } from './moves.ts';
import { isRoomUnavailable, UnavailableRetries } from './room-unavailable.ts';
import { applyOwnMove, applyProgressBatch, runsInRace } from './views.ts';

export type { MoveListener } from './move-sender.ts';

/**
 * What a client remembers across reloads: its device id, and the session token of each room's
 * seat (the browser keeps them in localStorage; a bot in memory).
 */
export interface SeatMemory {
  deviceId(): string;
  /**
   * The device's secret, sent beside its id (`DeviceSecretSchema`: the server binds the id to
   * it the first time); absent: the id goes alone (a bot's throwaway device).
   */
  deviceSecret?(): string;
  tokenOf(code: string): string | undefined;
  /** Keeps (or, with undefined, forgets) the token of a seat in `code`. */
  saveToken(code: string, token: string | undefined): void;
  /** The nickname used last (the browser offers it next time). */
  saveNickname?(nickname: string): void;
}

/** A memory that lasts as long as the object (a bot's), with the device's secret if it has one. */
export function memoryOf(deviceId: string, deviceSecret?: string): SeatMemory {
  const tokens = new Map<string, string>();
  return {
    deviceId: () => deviceId,
    ...(deviceSecret === undefined ? {} : { deviceSecret: () => deviceSecret }),
    tokenOf: (code) => tokens.get(code),
    saveToken: (code, token) =>
      token === undefined ? tokens.delete(code) : tokens.set(code, token),
  };
}

type Seat = { kind: 'none' } | { kind: 'player'; nickname: string } | { kind: 'spectator' };
const MOVE_TIMEOUT_MS = 4000;
const OFFLINE_REPLY = {
  ok: false,
  error: { code: 'OFFLINE', message: 'the seat was not regained in time' },
} as const;
/** A start may wait for a puzzle to be generated (a few seconds when none is ready). */
const START_TIMEOUT_MS = 20_000;
/** The retry key of the rejoin after a reconnection (moves use their ids). */
const REJOIN = 'room:join';
/** The retry key of a first join or spectate, and how often it is sent at most. */
const FIRST_JOIN = 'room:join:first';
const FIRST_JOIN_ATTEMPTS = 12;
/** Reactions a session remembers (a page shows the last few seconds' worth). */
const KEPT_REACTIONS = 20;

export class RoomSession {
  readonly view = signal<RoomView | undefined>(undefined);
  readonly ended = signal<SessionEndedEvent | undefined>(undefined);
  readonly error = signal<NetError | undefined>(undefined);
  /** The room's latest reactions (`room:reaction`), oldest first, at most `KEPT_REACTIONS`. */
  readonly reactions = signal<readonly ReactionEvent[]>([]);
  readonly clock = new ServerClock();
  readonly moves = new MoveQueue();
  private readonly retries = new UnavailableRetries();
  /** True while a command waits for the room to come back on its new server. */
  readonly moving = this.retries.moving;
  private readonly sender: MoveSender;
  private seat: Seat = { kind: 'none' };
  /** The server knows this connection's seat (false from a reconnection until the rejoin). */
  private seatLive = false;
  private disposed = false;
  private readonly offs: (() => void)[] = [];
  /** Commands waiting for the rejoin after a reconnection (`untilSeated`). */
  private readonly seatWaiters = new Set<(seated: boolean) => void>();

  private roomCode: string;

  constructor(
    code: string,
    private readonly link: RoomLink,
    private readonly memory: SeatMemory,
  ) {
    this.roomCode = code;
    if (code !== '') link.routeTo?.(code);
    this.sender = new MoveSender(this.moves, this.moveLink(), this.retries);
    const onState = (view: RoomView) => this.accept(view);
    const onProgress = (batch: ProgressBatch) => {
      const current = this.view.value;
      if (current) this.view.value = applyProgressBatch(current, batch);
    };
    const onReaction = (event: ReactionEvent) => {
      this.reactions.value = [...this.reactions.value, event].slice(-KEPT_REACTIONS);
    };
    const onEnded = (event: SessionEndedEvent) => {
      if (event.reason !== 'replaced') this.memory.saveToken(this.code, undefined);
      this.ended.value = event;
      this.unseat();
    };
    this.offs.push(
      link.on('room:state', onState),
      link.on('race:progress', onProgress),
      link.on('session:ended', onEnded),
      link.on('room:reaction', onReaction),
      link.onConnect(() => {
        this.seatLive = false;
        void this.resume();
      }),
    );
  }

  /** The room's code (known from the reply when this session created the room). */
  get code(): string {
    return this.roomCode;
  }

  /** A remembered seat in this room (a reload): its nickname is not needed to regain it. */
  get hasToken(): boolean {
    return this.memory.tokenOf(this.code) !== undefined;
  }

  onMove(listener: MoveListener): void {
    this.sender.onMove(listener);
  }

  /** Takes a seat (or regains the remembered one); mid-race the server seats us as a spectator. */
  async join(nickname: string): Promise<boolean> {
    this.memory.saveNickname?.(nickname);
    const reply = await this.whileMoving(() => this.joinReply(nickname));
    return this.seated(reply, { kind: 'player', nickname });
  }

  async spectate(): Promise<boolean> {
    return this.seated(await this.whileMoving(() => this.spectateReply()), { kind: 'spectator' });
  }

  /**
   * Sends `ask` again (after the back-off, `moving` meanwhile) while the room is between
   * servers, as the rejoin after a reconnection does: a page loaded during a takeover gets in
   * once the new owner is up, and shows the error only after about half a minute.
   */
  private async whileMoving<T extends object>(
    ask: () => Promise<NetResult<T>>,
  ): Promise<NetResult<T>> {
    for (let attempt = 0; ; attempt++) {
      const reply = await ask();
      if (!isRoomUnavailable(reply) || attempt >= FIRST_JOIN_ATTEMPTS || this.disposed) {
        this.retries.done(FIRST_JOIN);
        return reply;
      }
      await new Promise<void>((resolve) => this.retries.later(FIRST_JOIN, resolve));
    }
  }

  leave(): Promise<NetResult<object>> {
    this.memory.saveToken(this.code, undefined);
    this.unseat();
    this.link.routeTo?.(null);
    return this.link.request('room:leave', {});
  }

  /**
   * Creates a room (this client hosts it, and plays unless `plays` is false) and takes its seat,
   * as `room:join` does for an existing one. The session must be made for the code `''`: the
   * room's code is known from the reply (`code` then names it).
   */
  async create(nickname: string, settings: Partial<RoomSettings> = {}, plays = true) {
    this.memory.saveNickname?.(nickname);
    const payload = { nickname, ...this.device(), settings, plays };
    const reply = await this.link.request('room:create', payload);
    if (reply.ok) this.roomCode = reply.view.code;
    return this.seated(reply, { kind: 'player', nickname });
  }

  ready = (ready: boolean) => this.act(() => this.link.request('room:ready', { ready }));
  settings = (settings: Partial<RoomSettings>) =>
    this.act(() => this.link.request('room:settings', { settings }));
  kick = (playerId: string) => this.act(() => this.link.request('room:kick', { playerId }));
  transferHost = (playerId: string) => this.act(() => this.link.request('room:host', { playerId }));
  start = () =>
    this.act(() => this.link.request('race:start', {}, { timeoutMs: START_TIMEOUT_MS }));
  rematch = () => this.act(() => this.link.request('race:rematch', {}));
  endRace = () => this.act(() => this.link.request('race:end', {}));
  /** Gives up this race: out as `forfeited`, still in the room, watching the rest. */
  forfeit = () => this.act(() => this.link.request('race:forfeit', {}));
  /** Lobby: play the next races, or sit them out (a host running the room from a TV). */
  play = (plays: boolean) => this.act(() => this.link.request('room:play', { plays }));
  /** Sends a reaction to the room (a seat or a spectator); refused past the rate limit. */
  react = (emoji: Reaction) =>
    this.link.request('room:react', { emoji }, { waitForConnection: false });
  /** Host: start an evening of `rounds` races (null: until `endTournament`); between races. */
  startTournament = (rounds: number | null) =>
    this.act(() => this.link.request('tournament:start', { rounds }));
  /** Host: end the evening now (its standings become final); between races. */
  endTournament = () => this.act(() => this.link.request('tournament:end', {}));
  /** Host, lobby, teams on: put a seat in a team (0 … teams − 1). */
  setTeam = (playerId: string, team: number) =>
    this.act(() => this.link.request('team:set', { playerId, team }));
  /** Host, lobby, teams on: deal every playing seat again into teams of close total rating. */
  balanceTeams = () => this.act(() => this.link.request('team:balance', {}));
  /** The host's own puzzle for the next race (81 cells), or null to take it back. */
  puzzle = (puzzle: string | null) =>
    this.act(() => this.link.request('room:puzzle', { puzzle }, { timeoutMs: START_TIMEOUT_MS }));

  /** This client's seat in the room (null: none, or watching). */
  get playerId(): string | null {
    return this.view.peek()?.you.playerId ?? null;
  }

  /** True while the server knows this connection's seat (from the join until a drop). */
  get live(): boolean {
    return this.seatLive && this.link.connected;
  }

  /** Sends a move now (or after the reconnection); its verdict goes to the move listener. */
  move(cell: number, digit: number): PendingMove {
    const move = this.moves.add(cell, digit);
    this.sender.send(move);
    return move;
  }

  /** Sends moves saved before a reload again, with their ids (each counts once on the server). */
  resend(moves: readonly PendingMove[]): void {
    for (const move of moves) {
      if (this.moves.pending().some((m) => m.moveId === move.moveId)) continue;
      this.moves.adopt(move);
      this.sender.send(move);
    }
  }

  /** Stops listening and retrying; moves still unanswered stay in `moves` (saved with the race). */
  dispose(): void {
    this.disposed = true;
    for (const off of this.offs) off();
    this.sender.dispose();
    this.retries.dispose();
  }

  private moveLink(): MoveLink {
    return {
      send: async (move: PendingMove) => {
        const reply = await this.link.request('race:move', move, {
          timeoutMs: MOVE_TIMEOUT_MS,
          waitForConnection: false,
        });
        const current = this.view.value;
        if (reply.ok && current) this.view.value = applyOwnMove(current, reply);
        return reply;
      },
      live: () => this.live,
      racing: () => runsInRace(this.view.peek()),
    };
  }

  private async joinReply(nickname: string): Promise<NetResult<SeatReply>> {
    const reply = await this.link.request('room:join', {
      code: this.code,
      nickname,
      ...this.device(),
      sessionToken: this.memory.tokenOf(this.code),
    });
    if (reply.ok || reply.error.code !== 'SESSION_INVALID') return reply;
    // The remembered seat expired: forget its token and join as new.
    this.memory.saveToken(this.code, undefined);
    return this.joinReply(nickname);
  }

  private spectateReply(): Promise<NetResult<SeatReply>> {
    return this.link.request('room:spectate', { code: this.code, ...this.device() });
  }

  /** The device's id, and its secret when the memory keeps one. */
  private device(): { deviceId: string; deviceSecret?: string } {
    const secret = this.memory.deviceSecret?.();
    return {
      deviceId: this.memory.deviceId(),
      ...(secret === undefined ? {} : { deviceSecret: secret }),
    };
  }

  /** No seat any more (left, kicked, expired): nothing to rejoin. */
  private unseat(): void {
    this.seat = { kind: 'none' };
    this.seatLive = false;
    for (const waiter of [...this.seatWaiters]) waiter(false);
    this.retries.done(REJOIN);
  }

  /** A snapshot of this room arrived (a subclass may note more of it, in the same batch). */
  protected accept(view: RoomView): void {
    if (view.code !== this.code) return;
    this.clock.observe(view.serverNow);
    this.view.value = view;
  }

  private seated(reply: NetResult<SeatReply>, seat: Seat): boolean {
    if (!reply.ok) {
      if (reply.error.code === 'SESSION_INVALID') this.memory.saveToken(this.code, undefined);
      this.error.value = reply.error;
      return false;
    }
    this.seat = reply.role === 'spectator' ? { kind: 'spectator' } : seat;
    this.seatLive = true;
    this.link.routeTo?.(this.code);
    for (const waiter of [...this.seatWaiters]) waiter(true);
    this.retries.done(REJOIN);
    if (reply.sessionToken) this.memory.saveToken(this.code, reply.sessionToken);
    batch(() => {
      this.error.value = undefined;
      this.ended.value = undefined;
      this.accept(reply.view);
    });
    return true;
  }

  /**
   * After a reconnection: the seat back with a full snapshot, then the moves still unanswered.
   * While the room is moving to another server the rejoin is asked again after a back-off
   * (and at once on the next reconnection), until the room answers or the session ends.
   */
  private async resume(): Promise<void> {
    const seat = this.seat;
    if (seat.kind === 'none' || this.disposed) return;
    this.retries.sendingNow(REJOIN);
    const reply =
      seat.kind === 'player' ? await this.joinReply(seat.nickname) : await this.spectateReply();
    // Left, or seated by a join of its own meanwhile: this rejoin's answer no longer matters.
    if (this.disposed || this.seat !== seat) return;
    if (isRoomUnavailable(reply)) {
      // A drop meanwhile: the next connection rejoins at once, not this timer.
      return this.retries.later(REJOIN, () => {
        if (this.link.connected && !this.seatLive) void this.resume();
      });
    }
    this.retries.done(REJOIN);
    if (this.seated(reply, seat)) this.sender.sendPending();
  }

  /**
   * Sends a room command once the seat is known on this connection: a command pressed during a
   * reconnection waits for the rejoin (sent before it, the server would not know the seat yet
   * and answer `NOT_IN_ROOM`), up to the request timeout.
   */
  private async act(send: () => Promise<NetResult<object>>): Promise<boolean> {
    const reply = (await this.untilSeated()) ? await send() : OFFLINE_REPLY;
    this.error.value = reply.ok ? undefined : reply.error;
    return reply.ok;
  }

  /** True once the seat (or the watching) is live on this connection; false after the wait. */
  private untilSeated(): Promise<boolean> {
    if (this.seat.kind === 'none' || this.live) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), DEFAULT_TIMEOUT_MS);
      const finish = (seated: boolean) => {
        clearTimeout(timer);
        this.seatWaiters.delete(finish);
        resolve(seated);
      };
      this.seatWaiters.add(finish);
    });
  }
}
