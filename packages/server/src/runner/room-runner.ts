import { randomBytes, randomUUID } from 'node:crypto';
import {
  commitmentOf,
  ErrorCode,
  fail,
  ServerEvent,
  SESSION_END_MESSAGES,
  type DifficultyLevel,
  type Result,
  type VariantName,
} from '@percent/protocol';
import type { Logger } from 'pino';
import {
  membersOf,
  watches,
  progressDeliveries,
  reduce,
  importRefusalFor,
  startRefusalFor,
  viewFor,
  type Command,
  type Effect,
  type Fairness,
  type ImportedPuzzle,
  type PersistEffect,
  type PuzzleDraw,
  type Replies,
  type Room,
  type TimerCommand,
} from '../rooms/index.ts';
import { checkedTransport } from '../contract.ts';
import type { RoomLog } from './room-log.ts';
import { FencedError, UnavailableError } from './room-log.ts';
import { ProgressBatcher } from './progress-batcher.ts';
import type { RoomTransport } from './transport.ts';

/**
 * Commit–reveal for a race: a fresh 32-byte secret and the commitment every client receives
 * before the puzzle — SHA-256 (lowercase hex) over the ASCII text `puzzle + solution + secret`
 * (81 + 81 digits, then the secret as 64 lowercase hex digits), so that anyone can check it
 * with `printf '%s' "$PUZZLE$SOLUTION$SECRET" | sha256sum` once the secret is revealed.
 */
export function commitTo(draw: Pick<PuzzleDraw, 'puzzle' | 'solution'>): Fairness {
  const secret = randomBytes(32).toString('hex');
  return { secret, commitment: commitmentOf(draw.puzzle, draw.solution, secret) };
}

/** Client commands: the ones with a connection behind them. */
export type ClientCommand = Extract<Command, { readonly connectionId: string }>;

/** Draws a puzzle off the event loop (the worker pool); rejects when none can be had. */
export type DrawPuzzle = (variant: VariantName, difficulty: DifficultyLevel) => Promise<PuzzleDraw>;

/**
 * Reads and checks a brought puzzle under a variant off the event loop (the worker pool): its
 * one solution and grade, or why it is refused. Rejects only when the check itself failed.
 */
export type CheckPuzzle = (text: string, variant: VariantName) => Promise<CheckedPuzzle>;
export type CheckedPuzzle =
  | { readonly ok: true; readonly imported: ImportedPuzzle }
  | { readonly ok: false; readonly reason: string };

export interface RunnerDeps {
  readonly store: RoomLog;
  readonly transport: RoomTransport;
  readonly log: Logger;
  /** The server clock (ms). */
  readonly now: () => number;
  /** Called once the room has closed. */
  readonly onClose: (code: string) => void;
  /** Called for every acknowledged move (server counters). */
  readonly onMove: (duplicate: boolean) => void;
  /**
   * Cluster mode: whether this node can still prove it owns the room (its lease is fresh). A
   * command arriving while it cannot is refused with ROOM_UNAVAILABLE, unchanged and unsaved.
   */
  readonly proven?: (code: string) => boolean;
  /** Cluster mode: the store refused a write because another node owns the room now. */
  readonly onFenced?: (code: string) => void;
  /**
   * Called as a timer fires, before its command is queued: the host's stall watch looks
   * whether the process stood still, so a late timer's room is paused first (`stall`).
   */
  readonly beforeTimer?: () => void;
}

/** A timer command whose writes failed is tried again this much later. */
const RETRY_MS = 1000;
/** The replies that mean "not stored, try again" (a fenced runner schedules nothing). */
const RETRIED: ReadonlySet<string> = new Set([ErrorCode.internal, ErrorCode.roomUnavailable]);

/**
 * Runs one room: a serial queue of commands (clients' and timers'), each reduced by the core
 * and its effects carried out in order — the writes in one store transaction first (a failed
 * write answers INTERNAL and leaves the room as it was), then what members are told, then the
 * timers. It decides nothing itself.
 */
export class RoomRunner {
  /** The room as of the last command carried out. */
  private current: Room;
  /** The end of the queue: the next task runs after it. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Pending timers by the core's key. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /**
   * Set when the room closed, the server stops, or another node took the room over (fenced):
   * nothing changes or is written after.
   */
  private stopped: 'closed' | 'shutdown' | 'fenced' | null = null;
  /** When `race:progress` goes out (one batch per window). */
  private readonly progress: ProgressBatcher;

  private readonly deps: RunnerDeps;

  constructor(room: Room, deps: RunnerDeps) {
    this.current = room;
    // Every event the room sends is checked against the protocol when the check is on.
    this.deps = { ...deps, transport: checkedTransport(deps.transport) };
    this.progress = new ProgressBatcher(deps.now, (moved) => this.sendProgress(moved));
  }

  get room(): Room {
    return this.current;
  }

  get code(): string {
    return this.current.code;
  }

  /** Whether the connection holds a seat or watches here. */
  isMember(connectionId: string): boolean {
    return membersOf(this.current).some((m) => m.connectionId === connectionId);
  }

  /**
   * Queues a client command; resolves with its reply once it has been carried out. During a
   * shutdown it never resolves: the connection closes unanswered, and the client sends the
   * command again to the restarted server (a move with its same id, so it counts once).
   */
  submit<C extends ClientCommand>(command: C): Promise<Result<Replies[C['type']]>> {
    return this.enqueue(() => this.apply(command)).then(unlessHeld);
  }

  /**
   * `race:start`: the core says whether this connection may start; if so a puzzle is drawn
   * (this room waits, others do not) and the core starts the race with it.
   */
  startRace(connectionId: string, draw: DrawPuzzle): Promise<Result<object>> {
    return this.enqueue(async () => {
      const stop = this.refusal();
      if (stop) return stop;
      const refusal = startRefusalFor(this.current, connectionId);
      if (refusal && !refusal.ok) return { ok: false, error: refusal.error } as const;
      const { variant, difficulty } = this.current.settings;
      // The host's own puzzle when there is one (the core races it), else a drawn one.
      let puzzle: PuzzleDraw;
      try {
        puzzle = this.current.imported ?? (await draw(variant, difficulty));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return fail(ErrorCode.puzzleUnavailable, `no ${variant}/${difficulty} puzzle: ${reason}`);
      }
      const raceId = randomUUID();
      const fairness = commitTo(puzzle);
      const reply = await this.apply({
        type: 'start',
        connectionId,
        raceId,
        draw: puzzle,
        fairness,
      });
      if (reply !== HELD && reply.ok) {
        this.deps.log.info({ code: this.code, race: raceId, variant, difficulty }, 'race started');
      }
      return reply;
    }).then(unlessHeld);
  }

  /**
   * `room:puzzle`: the core says whether this connection may bring a puzzle now; if so it is
   * checked off the event loop under the room's variant (this room waits, others do not) and
   * the core keeps it for the next race. `text` null takes it back.
   */
  importPuzzle(
    connectionId: string,
    text: string | null,
    check: CheckPuzzle,
  ): Promise<Result<object>> {
    return this.enqueue(async () => {
      const stop = this.refusal();
      if (stop) return stop;
      const refusal = importRefusalFor(this.current, connectionId);
      if (refusal && !refusal.ok) return { ok: false, error: refusal.error } as const;
      if (text === null) return this.apply({ type: 'importPuzzle', connectionId, imported: null });
      const { variant } = this.current.settings;
      let checked: CheckedPuzzle;
      try {
        checked = await check(text, variant);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return fail(
          ErrorCode.puzzleUnavailable,
          `room:puzzle: the puzzle was not checked: ${reason}`,
        );
      }
      if (!checked.ok) return fail(ErrorCode.puzzleRefused, `room:puzzle: ${checked.reason}`);
      return this.apply({ type: 'importPuzzle', connectionId, imported: checked.imported });
    }).then(unlessHeld);
  }

  /**
   * Carries out effects computed outside a command (a restored room's timers and writes); the
   * writes are stored first (throws when they cannot be).
   */
  async resume(effects: readonly Effect[]): Promise<void> {
    await this.commit(effects.filter(isPersist));
    this.carryOut(effects);
  }

  /** A command from the server itself (a stall), queued like a timer's. */
  post(command: TimerCommand): void {
    this.enqueue(() => this.apply(command)).catch((error: unknown) => {
      this.deps.log.error({ err: error, code: this.code, command: command.type }, 'post failed');
    });
  }

  /** Stops the timers; from now on every command is refused. Resolves when the queue is idle. */
  stop(): Promise<void> {
    this.stopped ??= 'shutdown';
    this.clearTimers();
    return this.tail.then(() => undefined);
  }

  /**
   * Another node owns the room now (its lease was lost): the timers stop and every command
   * from now on is answered ROOM_UNAVAILABLE, so its sender tries the new owner.
   */
  fence(): void {
    this.stopped ??= 'fenced';
    this.clearTimers();
  }

  private enqueue<T>(task: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async apply<C extends Command>(
    command: C,
  ): Promise<Result<Replies[C['type']]> | typeof HELD> {
    const refusal = this.refusal();
    if (refusal) return refusal;
    const outcome = reduce(this.current, command, this.deps.now());
    if (!outcome.ok) return { ok: false, error: outcome.error };
    try {
      await this.commit(outcome.effects.filter(isPersist));
    } catch (error) {
      return this.notStored(command.type, error);
    }
    this.current = outcome.room;
    this.carryOut(outcome.effects);
    if (command.type === 'move') this.deps.onMove((outcome.reply as Replies['move']).duplicate);
    return { ok: true, ...outcome.reply };
  }

  /** Why no command is taken now, if so: the room closed, the server stops, or it moved. */
  private refusal(): Result<never> | typeof HELD | undefined {
    if (this.stopped === 'shutdown') return HELD;
    if (this.stopped === 'closed') return fail(ErrorCode.roomNotFound, 'the room has closed');
    if (this.stopped === 'fenced' || this.deps.proven?.(this.code) === false) return unavailable;
    return undefined;
  }

  /** A failed write: the room is as it was; another owner (fenced) or a store error. */
  private notStored(type: Command['type'], error: unknown): Result<never> {
    if (error instanceof FencedError) {
      this.deps.log.warn({ code: this.code, command: type }, 'fenced: another node owns the room');
      this.fence();
      this.deps.onFenced?.(this.code);
      return unavailable;
    }
    if (error instanceof UnavailableError) {
      this.deps.log.warn({ code: this.code, command: type, reason: error.message }, 'not stored');
      return unavailable;
    }
    this.deps.log.error({ err: error, code: this.code, command: type }, 'store write failed');
    return fail(ErrorCode.internal, `${type}: the change could not be stored; try again`);
  }

  private async commit(writes: readonly PersistEffect[]): Promise<void> {
    if (writes.length > 0) await this.deps.store.commit(writes);
  }

  private carryOut(effects: readonly Effect[]): void {
    for (const effect of effects) {
      switch (effect.type) {
        case 'state':
          this.sendState(effect.to);
          break;
        case 'progress':
          this.progress.queue(effect.playerId);
          break;
        case 'reaction':
          this.deps.transport.sendAll(
            membersOf(this.current).map((m) => m.connectionId),
            ServerEvent.reaction,
            effect.event,
          );
          break;
        case 'endSession':
          this.deps.transport.endSession(effect.connectionId, {
            reason: effect.reason,
            message: SESSION_END_MESSAGES[effect.reason],
          });
          break;
        case 'schedule':
          this.schedule(effect.key, effect.at, effect.command);
          break;
        case 'close':
          this.close();
          break;
      }
    }
  }

  private sendState(to: 'all' | 'spectators'): void {
    const now = this.deps.now();
    // Every member's new view holds everyone's progress: a batch still waiting is superseded.
    if (to === 'all') this.progress.drop();
    for (const { connectionId, recipient } of membersOf(this.current)) {
      if (to === 'spectators' && !watches(this.current, recipient)) continue;
      this.deps.transport.send(
        connectionId,
        ServerEvent.state,
        viewFor(this.current, recipient, now),
      );
    }
  }

  /** One `race:progress` per batch (`progressDeliveries`), serialised once for all shown it. */
  private sendProgress(moved: readonly string[]): void {
    if (this.stopped) return;
    const { transport } = this.deps;
    for (const { connectionIds, events } of progressDeliveries(this.current, moved)) {
      if (connectionIds.length === 1)
        transport.send(connectionIds[0]!, ServerEvent.progress, { events });
      else transport.sendAll(connectionIds, ServerEvent.progress, { events });
    }
  }

  private schedule(key: string, at: number, command: TimerCommand): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(key));
    const fire = () => {
      this.timers.delete(key);
      this.deps.beforeTimer?.();
      this.enqueue(async () => {
        const reply = await this.apply(command);
        if (reply !== HELD && !reply.ok && RETRIED.has(reply.error.code)) {
          this.schedule(key, this.deps.now() + RETRY_MS, command);
        }
      }).catch((error: unknown) => {
        this.deps.log.error({ err: error, code: this.code, command: command.type }, 'timer failed');
      });
    };
    this.timers.set(key, setTimeout(fire, Math.max(0, at - this.deps.now())));
  }

  private close(): void {
    this.stopped = 'closed';
    this.clearTimers();
    this.deps.onClose(this.code);
  }

  private clearTimers(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.progress.drop();
  }
}

const unavailable = fail(
  ErrorCode.roomUnavailable,
  'the room is moving to another server; nothing was changed, try again shortly',
);

/** What a command gets once the server is shutting down: no answer at all. */
const HELD = Symbol('held');

const unlessHeld = <T>(reply: T | typeof HELD): Promise<T> =>
  reply === HELD ? new Promise<T>(() => undefined) : Promise.resolve(reply);

const isPersist = (effect: Effect): effect is PersistEffect =>
  effect.type === 'persistMove' ||
  effect.type === 'persistRace' ||
  effect.type === 'persistRoom' ||
  effect.type === 'forgetRoom';
