/**
 * Sends the player's moves and hands each one's verdict to the listener exactly once. A move
 * stays pending (no verdict) until the server judges it, and is always sent again with its same
 * `moveId`, so it counts once: after a drop it waits for the rejoin (`sendPending`), after a
 * local timeout it goes again at once, and after `ROOM_UNAVAILABLE` (the room is moving to
 * another server) it goes again after a back-off, until the seat's race is over.
 */
import type { MoveReply } from '@percent/protocol';
import type { NetResult } from './link.ts';
import type { MoveQueue, PendingMove } from './moves.ts';
import { isRoomUnavailable, type UnavailableRetries } from './room-unavailable.ts';

/** The server's bucket refills at several events a second: a refused move waits this long. */
const RATE_LIMITED_RETRY_MS = 1000;

/** A judged move: `latest` is true when it is still its cell's latest move (its verdict shows). */
export type MoveListener = (
  move: PendingMove,
  reply: NetResult<MoveReply>,
  latest: boolean,
) => void;

export interface MoveLink {
  /** One `race:move`: the server's reply, or a local `TIMEOUT` / `OFFLINE`. */
  send(move: PendingMove): Promise<NetResult<MoveReply>>;
  /** True while moves can go now: connected, with the seat regained on this connection. */
  live(): boolean;
  /** False once this seat's race is over: a move still waiting for the room is dropped. */
  racing(): boolean;
}

export class MoveSender {
  private listener: MoveListener | undefined;
  private disposed = false;

  constructor(
    private readonly queue: MoveQueue,
    private readonly link: MoveLink,
    private readonly retries: UnavailableRetries,
  ) {}

  onMove(listener: MoveListener): void {
    this.listener = listener;
  }

  /** Sends `move` now if the seat is live; otherwise it waits in the queue for `sendPending`. */
  send(move: PendingMove): void {
    if (this.disposed || !this.link.live()) return;
    this.retries.sendingNow(move.moveId);
    void this.attempt(move);
  }

  /** After the seat is regained: every move still unanswered, in the order they were made. */
  sendPending(): void {
    for (const move of this.queue.pending()) this.send(move);
  }

  dispose(): void {
    this.disposed = true;
  }

  private async attempt(move: PendingMove): Promise<void> {
    const reply = await this.link.send(move);
    // A move sent twice (a retry crossing a rejoin) is judged by its first answer only.
    if (this.disposed || !this.queue.has(move.moveId)) return;
    if (!reply.ok && reply.error.code === 'OFFLINE') return;
    if (!reply.ok && reply.error.code === 'TIMEOUT') return this.send(move);
    if (isRoomUnavailable(reply)) return this.retries.later(move.moveId, () => this.retry(move));
    // A burst (all the moves a long outage held back, sent at once) met the rate limit: the
    // move was not taken; it goes again once the bucket has refilled, still pending.
    if (!reply.ok && reply.error.code === 'RATE_LIMITED') {
      setTimeout(() => this.retry(move), RATE_LIMITED_RETRY_MS);
      return;
    }
    this.retries.done(move.moveId);
    const latest = this.queue.settle(move.moveId);
    this.listener?.(move, reply, latest);
  }

  /** The back-off is over: again if the race goes on (not live: `sendPending` will send it). */
  private retry(move: PendingMove): void {
    if (this.queue.has(move.moveId) && this.link.racing()) return this.send(move);
    // The race is over: the move can no longer count, and no verdict is shown for it.
    this.queue.settle(move.moveId);
    this.retries.done(move.moveId);
  }
}
