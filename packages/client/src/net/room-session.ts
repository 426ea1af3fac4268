/**
 * One room as this tab sees it: the server's latest snapshot (`view`), this tab's seat, and the
 * requests a room page makes. The snapshot is replaced by every `room:state`, patched by
 * `race:progress`, and taken afresh after every reconnection (`room:join` with the session
 * token, or `room:spectate`), after which unacknowledged moves are sent again with their ids.
 */
import type {
  MoveReply,
  RoomSettings,
  RoomView,
  SeatReply,
  SessionEndedEvent,
} from '@percent/protocol';
import { batch, signal } from '@preact/signals';
import { ServerClock } from './clock.ts';
import { getSocket, onConnect, request, type NetError, type NetResult } from './connection.ts';
import { deviceId, saveNickname, saveSessionToken, sessionTokenOf } from './identity.ts';
import { MoveQueue, type PendingMove } from './moves.ts';
import { applyProgress } from './views.ts';

type Seat = { kind: 'none' } | { kind: 'player'; nickname: string } | { kind: 'spectator' };
export type MoveListener = (
  move: PendingMove,
  reply: NetResult<MoveReply>,
  latest: boolean,
) => void;

const MOVE_TIMEOUT_MS = 4000;

export class RoomSession {
  readonly view = signal<RoomView | undefined>(undefined);
  readonly ended = signal<SessionEndedEvent | undefined>(undefined);
  readonly error = signal<NetError | undefined>(undefined);
  readonly clock = new ServerClock();
  readonly moves = new MoveQueue();
  private seat: Seat = { kind: 'none' };
  private moveListener: MoveListener | undefined;
  private readonly offs: (() => void)[] = [];

  constructor(readonly code: string) {
    const socket = getSocket();
    const onState = (view: RoomView) => this.accept(view);
    const onProgress = (event: Parameters<typeof applyProgress>[1]) => {
      const current = this.view.value;
      if (current) this.view.value = applyProgress(current, event);
    };
    const onEnded = (event: SessionEndedEvent) => {
      if (event.reason !== 'replaced') saveSessionToken(this.code, undefined);
      this.ended.value = event;
      this.seat = { kind: 'none' };
    };
    socket.on('room:state', onState);
    socket.on('race:progress', onProgress);
    socket.on('session:ended', onEnded);
    this.offs.push(
      () => socket.off('room:state', onState),
      () => socket.off('race:progress', onProgress),
      () => socket.off('session:ended', onEnded),
      onConnect(() => void this.resume()),
    );
  }

  /** A remembered seat in this room (a reload): its nickname is not needed to regain it. */
  get hasToken(): boolean {
    return sessionTokenOf(this.code) !== undefined;
  }

  onMove(listener: MoveListener): void {
    this.moveListener = listener;
  }

  /** Takes a seat (or regains the remembered one); mid-race the server seats us as a spectator. */
  async join(nickname: string): Promise<boolean> {
    saveNickname(nickname);
    const reply = await request('room:join', {
      code: this.code,
      nickname,
      deviceId: deviceId(),
      sessionToken: sessionTokenOf(this.code),
    });
    if (!reply.ok && reply.error.code === 'SESSION_INVALID') {
      // The remembered seat expired: seated() forgot the token; join as new.
      this.seated(reply, this.seat);
      return this.join(nickname);
    }
    return this.seated(reply, { kind: 'player', nickname });
  }

  async spectate(): Promise<boolean> {
    const reply = await request('room:spectate', { code: this.code, deviceId: deviceId() });
    return this.seated(reply, { kind: 'spectator' });
  }

  leave(): Promise<NetResult<object>> {
    saveSessionToken(this.code, undefined);
    this.seat = { kind: 'none' };
    return request('room:leave', {});
  }

  ready = (ready: boolean) => this.act(request('room:ready', { ready }));
  settings = (settings: Partial<RoomSettings>) => this.act(request('room:settings', { settings }));
  kick = (playerId: string) => this.act(request('room:kick', { playerId }));
  transferHost = (playerId: string) => this.act(request('room:host', { playerId }));
  start = () => this.act(request('race:start', {}));
  rematch = () => this.act(request('race:rematch', {}));
  endRace = () => this.act(request('race:end', {}));
  /** Gives up this race: out as `forfeited`, still in the room, watching the rest. */
  forfeit = () => this.act(request('race:forfeit', {}));
  /** Lobby: play the next races, or sit them out (a host running the room from a TV). */
  play = (plays: boolean) => this.act(request('room:play', { plays }));

  /** Sends a move now (or after the reconnection); its verdict goes to the move listener. */
  move(cell: number, digit: number): PendingMove {
    const move = this.moves.add(cell, digit);
    void this.send(move);
    return move;
  }

  /** Sends moves saved before a reload again, with their ids (each counts once on the server). */
  resend(moves: readonly PendingMove[]): void {
    for (const move of moves) {
      if (this.moves.pending().some((m) => m.moveId === move.moveId)) continue;
      this.moves.adopt(move);
      void this.send(move);
    }
  }

  dispose(): void {
    for (const off of this.offs) off();
  }

  private async send(move: PendingMove): Promise<void> {
    const reply = await request('race:move', move, {
      timeoutMs: MOVE_TIMEOUT_MS,
      waitForConnection: false,
    });
    if (!reply.ok && (reply.error.code === 'OFFLINE' || reply.error.code === 'TIMEOUT')) {
      // Re-sent by resume() after the reconnection; a timeout while connected retries now.
      if (reply.error.code === 'TIMEOUT' && getSocket().connected) void this.send(move);
      return;
    }
    const latest = this.moves.settle(move.moveId);
    this.moveListener?.(move, reply, latest);
  }

  private accept(view: RoomView): void {
    if (view.code !== this.code) return;
    this.clock.observe(view.serverNow);
    this.view.value = view;
  }

  private seated(reply: NetResult<SeatReply>, seat: Seat): boolean {
    if (!reply.ok) {
      if (reply.error.code === 'SESSION_INVALID') saveSessionToken(this.code, undefined);
      this.error.value = reply.error;
      return false;
    }
    this.seat = reply.role === 'spectator' ? { kind: 'spectator' } : seat;
    if (reply.sessionToken) saveSessionToken(this.code, reply.sessionToken);
    batch(() => {
      this.error.value = undefined;
      this.ended.value = undefined;
      this.accept(reply.view);
    });
    return true;
  }

  /** After a reconnection: the seat back with a full snapshot, then the moves still unanswered. */
  private async resume(): Promise<void> {
    const seat = this.seat;
    if (seat.kind === 'none') return;
    const ok = seat.kind === 'player' ? await this.join(seat.nickname) : await this.spectate();
    if (ok) for (const move of this.moves.pending()) void this.send(move);
  }

  private async act(pending: Promise<NetResult<object>>): Promise<boolean> {
    const reply = await pending;
    this.error.value = reply.ok ? undefined : reply.error;
    return reply.ok;
  }
}
