import { randomInt } from 'node:crypto';
import { ErrorCode, ServerEvent } from '@percent/protocol';
import type { Logger } from 'pino';
import {
  createRoom,
  makeRoomCode,
  progressEventFor,
  reduce,
  restoreRoom,
  snapshotOf,
  viewFor,
  type Command,
  type Outcome,
  type Room,
  type RoomEvent,
} from '../rooms/index.ts';
import type { Store } from '../store/store.ts';
import type { PercentSocket, RoomTimings } from './types.ts';

/** One live room: its state, its serial queue, its timers and the connections in it. */
export interface RoomEntry {
  room: Room;
  tail: Promise<unknown>;
  readonly timers: Map<string, NodeJS.Timeout>;
  readonly members: Map<string, PercentSocket>;
  snapshot: NodeJS.Timeout | undefined;
  ticker: NodeJS.Timeout | undefined;
  closed: boolean;
}

/**
 * Every live room. Each room has exactly one writer: tasks for a room run one after the other
 * on its queue (timers post to it too), so a slow start in one room never delays another.
 */
export class RoomHub {
  private readonly rooms = new Map<string, RoomEntry>();
  /** Moves since start: judged (counted once) and answered as retries (`/healthz`). */
  readonly moves = { accepted: 0, duplicates: 0 };
  /** Set by `shutdown`: from then on nothing changes and nothing is written. */
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly timings: RoomTimings,
    private readonly log: Logger,
  ) {}

  get size(): number {
    return this.rooms.size;
  }

  get players(): number {
    let n = 0;
    for (const entry of this.rooms.values()) n += entry.room.seats.length;
    return n;
  }

  find(code: string): RoomEntry | undefined {
    return this.rooms.get(code);
  }

  /** The room a connection is in, if any. */
  roomOf(socket: PercentSocket): RoomEntry | undefined {
    return socket.data.code === null ? undefined : this.rooms.get(socket.data.code);
  }

  open(settings: Room['settings'] | Partial<Room['settings']> = {}): RoomEntry {
    let code = makeRoomCode(() => randomInt(1 << 30) / (1 << 30));
    while (this.rooms.has(code)) code = makeRoomCode(() => randomInt(1 << 30) / (1 << 30));
    return this.add(createRoom(code, settings));
  }

  private add(room: Room): RoomEntry {
    const entry: RoomEntry = {
      room,
      tail: Promise.resolve(),
      timers: new Map(),
      members: new Map(),
      snapshot: undefined,
      ticker: undefined,
      closed: false,
    };
    this.rooms.set(room.code, entry);
    this.log.info({ code: room.code, rooms: this.rooms.size }, 'room opened');
    return entry;
  }

  /** Runs `task` on the room's queue, after every task queued before it. */
  run<T>(entry: RoomEntry, task: () => T | Promise<T>): Promise<T> {
    const result = entry.tail.then(task);
    entry.tail = result.catch(() => undefined);
    return result;
  }

  /** Reduces one command and carries out its events. Call only from the room's queue. */
  apply(entry: RoomEntry, command: Command): Outcome {
    if (entry.closed || this.stopped) {
      const message = this.stopped ? 'the server is shutting down' : 'room closed';
      return { ok: false, error: { code: ErrorCode.roomNotFound, message } };
    }
    const outcome = reduce(entry.room, command, Date.now());
    if (!outcome.ok) return outcome;
    entry.room = outcome.room;
    for (const event of outcome.events) this.carryOut(entry, event);
    if (!entry.closed) {
      this.scheduleSnapshot(entry);
      this.updateTicker(entry);
    }
    return outcome;
  }

  private carryOut(entry: RoomEntry, event: RoomEvent): void {
    switch (event.type) {
      case 'changed':
        return this.broadcastState(entry);
      case 'progress':
        return this.broadcastProgress(entry, event.playerId);
      case 'raceEnded':
        try {
          this.store.saveRace(event.record);
          this.log.info({ code: entry.room.code, race: event.record.id }, 'race stored');
        } catch (error) {
          this.log.error({ err: error, race: event.record.id }, 'could not store a finished race');
        }
        return;
      case 'seatEnded':
        return this.endSeat(entry, event.playerId, event.reason);
      case 'schedule':
        return this.schedule(entry, event.key, event.at, event.command);
      case 'closed':
        return this.close(entry);
    }
  }

  broadcastState(entry: RoomEntry, only?: (socket: PercentSocket) => boolean): void {
    const now = Date.now();
    for (const socket of entry.members.values()) {
      const recipient = socket.data.recipient;
      if (!recipient || (only && !only(socket))) continue;
      socket.emit(ServerEvent.state, viewFor(entry.room, recipient, now));
    }
  }

  private broadcastProgress(entry: RoomEntry, playerId: string): void {
    for (const socket of entry.members.values()) {
      const recipient = socket.data.recipient;
      const event = recipient && progressEventFor(entry.room, playerId, recipient);
      if (event) socket.emit(ServerEvent.progress, event);
    }
  }

  attach(
    entry: RoomEntry,
    socket: PercentSocket,
    recipient: NonNullable<PercentSocket['data']['recipient']>,
  ): void {
    socket.data.code = entry.room.code;
    socket.data.recipient = recipient;
    entry.members.set(socket.id, socket);
  }

  detach(entry: RoomEntry, socket: PercentSocket): void {
    entry.members.delete(socket.id);
    socket.data.code = null;
    socket.data.recipient = null;
  }

  /** The connection holding `playerId`'s seat, if any. */
  holderOf(entry: RoomEntry, playerId: string): PercentSocket | undefined {
    for (const socket of entry.members.values()) {
      const r = socket.data.recipient;
      if (r?.role === 'player' && r.playerId === playerId) return socket;
    }
    return undefined;
  }

  endSeat(
    entry: RoomEntry,
    playerId: string,
    reason: 'kicked' | 'replaced' | 'expired' | 'closed',
  ): void {
    const socket = this.holderOf(entry, playerId);
    if (!socket) return;
    this.detach(entry, socket);
    socket.emit(ServerEvent.sessionEnded, { reason, message: endMessages[reason] });
  }

  private schedule(entry: RoomEntry, key: string, at: number, command: Command): void {
    if (this.stopped) return;
    clearTimeout(entry.timers.get(key));
    const timer = setTimeout(
      () => {
        entry.timers.delete(key);
        this.run(entry, () => this.apply(entry, command)).catch((error: unknown) => {
          this.log.error(
            { err: error, code: entry.room.code, command: command.type },
            'timer failed',
          );
        });
      },
      Math.max(0, at - Date.now()),
    );
    entry.timers.set(key, timer);
  }

  private close(entry: RoomEntry): void {
    entry.closed = true;
    for (const socket of [...entry.members.values()]) {
      this.detach(entry, socket);
      socket.emit(ServerEvent.sessionEnded, { reason: 'closed', message: endMessages.closed });
    }
    this.stopTimers(entry);
    this.rooms.delete(entry.room.code);
    this.log.info({ code: entry.room.code, rooms: this.rooms.size }, 'room closed');
    this.persist(() => this.store.deleteRoom(entry.room.code));
  }

  private stopTimers(entry: RoomEntry): void {
    for (const timer of entry.timers.values()) clearTimeout(timer);
    entry.timers.clear();
    clearTimeout(entry.snapshot);
    clearInterval(entry.ticker);
    entry.snapshot = entry.ticker = undefined;
  }

  private scheduleSnapshot(entry: RoomEntry): void {
    if (entry.snapshot || this.stopped) return;
    entry.snapshot = setTimeout(() => {
      entry.snapshot = undefined;
      if (!entry.closed) this.saveSnapshot(entry);
    }, this.timings.snapshotMs);
  }

  private saveSnapshot(entry: RoomEntry): void {
    this.persist(() => this.store.saveRoom(entry.room.code, snapshotOf(entry.room)));
  }

  /** Under the `delay` rule spectators get a fresh view every second while the race runs. */
  private updateTicker(entry: RoomEntry): void {
    const room = entry.room;
    const wanted =
      room.phase === 'racing' &&
      room.race?.rules.spectatorDigits.kind === 'delay' &&
      room.spectators.length > 0;
    if (wanted && !entry.ticker) {
      const spectators = (s: PercentSocket) => s.data.recipient?.role === 'spectator';
      entry.ticker = setInterval(() => this.broadcastState(entry, spectators), 1000);
    } else if (!wanted && entry.ticker) {
      clearInterval(entry.ticker);
      entry.ticker = undefined;
    }
  }

  private persist(write: () => void): void {
    try {
      write();
    } catch (error) {
      this.log.error({ err: error }, 'could not write a room snapshot');
    }
  }

  /** Brings back the rooms snapshotted before a restart; returns how many. */
  restore(): number {
    const now = Date.now();
    for (const { code, snapshot } of this.store.loadRooms()) {
      const restored = restoreRoom(snapshot, now, this.timings.graceMs);
      if (!restored.ok || this.rooms.has(code)) {
        this.log.warn(
          { code, reason: restored.ok ? 'duplicate' : restored.message },
          'room not restored',
        );
        this.persist(() => this.store.deleteRoom(code));
        continue;
      }
      const entry = this.add(restored.room);
      for (const event of restored.events) this.carryOut(entry, event);
    }
    return this.rooms.size;
  }

  /** Stops every timer and writes every room's snapshot now (graceful shutdown). */
  shutdown(): void {
    this.stopped = true;
    for (const entry of this.rooms.values()) {
      this.stopTimers(entry);
      this.saveSnapshot(entry);
    }
  }
}

const endMessages = {
  kicked: 'The host removed you from the room.',
  replaced: 'Your seat was taken over by another tab or device.',
  expired: 'You were away longer than the grace period; your seat was released.',
  closed: 'The room has closed.',
} as const;
