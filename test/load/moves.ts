import { ErrorCode, type MoveReply, type Result } from '@percent/protocol';
import type { ClientSocket } from './player.ts';
import { unavailableDelayMs } from './backoff.ts';
import { Samples, Tally } from './stats.ts';

export const ACK_TIMEOUT_MS = 10_000;
/** With failover: how long a move keeps being sent again before it counts as lost. */
const GIVE_UP_MS = 60_000;

/**
 * Refusals that mean "not now" while a room changes owner: sent again with the same id.
 * RATE_LIMITED too: a player back after a long outage resends every unanswered move at once,
 * past the socket's burst; given up, a move an earlier attempt had counted would go unseen.
 */
const TRANSIENT: ReadonlySet<string> = new Set([
  ErrorCode.roomUnavailable,
  ErrorCode.roomNotFound,
  ErrorCode.notInRoom,
  ErrorCode.rateLimited,
]);

/** Every figure one simulated player gathers; the run adds them up. */
export class PlayerCounters {
  /** Distinct move ids sent. */
  sent = 0;
  /** Of those, sent again with the same id. */
  retries = 0;
  /** Moves judged (acknowledged the first time the server counted them), by verdict. */
  correct = 0;
  wrong = 0;
  cleared = 0;
  /** Clears sent for a cell holding this player's right digit (replays): filled goes down. */
  emptied = 0;
  /** Retries answered `duplicate: true` with the first verdict. */
  retriesAcked = 0;
  /** Acks that break idempotency: a first send answered as a duplicate, or a move counted again. */
  duplicated = 0;
  /** Moves never acknowledged (within the timeout; with failover, within the give-up time). */
  lost = 0;
  /** Replies whose verdict is not the one the solution implies. */
  misjudged = 0;
  /** `race:progress` batches received, and the events in them. */
  progressBatches = 0;
  progressEvents = 0;
  /** The latest progress each other player's events said (filled, mistakes), by player id. */
  readonly lastProgress = new Map<string, { filled: number; mistakes: number }>();
  readonly errors = new Tally();
  /** Every reply's round trip, at the time its attempt was sent. */
  readonly rtt = new Samples();
  /** Successful acks only (round trip, at the time sent): when each room moved again. */
  readonly acked = new Samples();
  /** performance.now() when the latest new move was first sent. */
  lastSentAt = 0;
  /** With failover: attempts sent again after no answer (a dropped connection or a timeout). */
  resent = 0;
  /** With failover: transient refusals (e.g. ROOM_UNAVAILABLE), each followed by a resend. */
  readonly transient = new Tally();
  /** Moves answered ROOM_UNAVAILABLE that had been counted all the same (a resend said so). */
  countedDespiteUnavailable = 0;
  /** Connections dropped, by Socket.IO's reason (e.g. `transport close` when a node dies). */
  readonly drops = new Tally();
  /** Connections dropped and the seat regained (with the session token) on another node. */
  reconnects = 0;
  /** From each drop until the seat was regained, ms. */
  readonly rejoin = new Samples();
}

/** How a player's moves reach the server; the player implements it. */
export interface MoveChannel {
  /** Sends again after no answer or a transient refusal (cluster runs); else each try is final. */
  readonly failover: boolean;
  /** The socket once connected and seated (waits out a reconnection); throws once given up. */
  connection(): Promise<ClientSocket>;
  /** After NOT_IN_ROOM: regains the seat with the session token on the current connection. */
  reseat(): Promise<void>;
}

export interface Move {
  readonly moveId: string;
  readonly cell: number;
  readonly digit: number;
  readonly expected: ExpectedVerdict;
}

/** What the solution implies a move's verdict is: a digit is right or wrong, a 0 clears. */
export type ExpectedVerdict = 'correct' | 'wrong' | 'cleared';

interface MoveRecord {
  /** The server's count of this move has been seen (a first ack, or a duplicate after a loss). */
  judged: boolean;
  /** Some attempt got no answer: the server may have counted it without our knowing. */
  uncertain: boolean;
  /** Some attempt was answered ROOM_UNAVAILABLE (which may follow a count the owner made). */
  unavailable: boolean;
}

type Outcome =
  | { kind: 'settled' }
  | { kind: 'unanswered' }
  | { kind: 'refused'; code: string }
  | { kind: 'abandoned' };

/**
 * Sends one player's moves and checks each acknowledgement: a move must be counted once, with
 * the verdict the solution implies; a retry (same id) must come back as a duplicate. With
 * failover, an unanswered or transiently refused attempt is sent again with the same id, as a
 * real client does after reconnecting; a duplicate ack then counts as the move's judgement.
 */
export class MoveSender {
  private readonly records = new Map<string, MoveRecord>();

  constructor(
    private readonly channel: MoveChannel,
    private readonly counters: PlayerCounters,
  ) {}

  async send(move: Move): Promise<void> {
    let record = this.records.get(move.moveId);
    if (!record) {
      record = { judged: false, uncertain: false, unavailable: false };
      this.records.set(move.moveId, record);
    }
    const giveUpAt = performance.now() + GIVE_UP_MS;
    for (let refusals = 0; ;) {
      const outcome = await this.attempt(move, record);
      if (outcome.kind === 'settled') return;
      const final =
        outcome.kind === 'abandoned' ||
        !this.channel.failover ||
        performance.now() > giveUpAt ||
        (outcome.kind === 'refused' && !TRANSIENT.has(outcome.code));
      if (final) {
        if (outcome.kind === 'refused') this.counters.errors.add(outcome.code);
        else this.counters.lost++;
        return;
      }
      if (outcome.kind === 'unanswered') this.counters.resent++;
      else await this.recover(outcome.code, refusals++);
    }
  }

  /** The client's back-off after a transient refusal; after NOT_IN_ROOM, the seat again. */
  private async recover(code: string, refusals: number): Promise<void> {
    this.counters.transient.add(code);
    await new Promise((resolve) => setTimeout(resolve, unavailableDelayMs(refusals)));
    if (code === ErrorCode.notInRoom) await this.channel.reseat().catch(() => undefined);
  }

  private async attempt(move: Move, record: MoveRecord): Promise<Outcome> {
    let socket: ClientSocket;
    try {
      socket = await this.channel.connection();
    } catch {
      return { kind: 'abandoned' };
    }
    const started = performance.now();
    let reply: Result<MoveReply>;
    try {
      const { moveId, cell, digit } = move;
      reply = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('race:move', { moveId, cell, digit })) as Result<MoveReply>;
    } catch {
      record.uncertain = true;
      return { kind: 'unanswered' };
    }
    this.counters.rtt.add(performance.now() - started, started);
    if (!reply.ok) {
      if (reply.error.code === ErrorCode.roomUnavailable) record.unavailable = true;
      return { kind: 'refused', code: reply.error.code };
    }
    this.counters.acked.add(performance.now() - started, started);
    this.judge(reply, record, move.expected);
    return { kind: 'settled' };
  }

  private judge(reply: MoveReply, record: MoveRecord, expected: string): void {
    const c = this.counters;
    if (reply.verdict !== expected) c.misjudged++;
    if (record.judged) {
      // The other send of a retried move (which of the two judged it can change on a resend).
      if (reply.duplicate) c.retriesAcked++;
      else c.duplicated++;
      return;
    }
    record.judged = true;
    // A duplicate as the first answer is right only when an earlier attempt may have counted.
    if (reply.duplicate && !record.uncertain) {
      if (!record.unavailable) return void c.duplicated++;
      // A node that forwarded the move and heard nothing back says ROOM_UNAVAILABLE, while the
      // owner may have counted it before dying: the resend counts once, as the protocol says.
      c.countedDespiteUnavailable++;
    }
    if (reply.verdict === 'correct') c.correct++;
    else if (reply.verdict === 'wrong') c.wrong++;
    else c.cleared++;
  }
}
