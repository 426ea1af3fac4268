import type { Result, RoomSettings, RoomSummaryView } from '@percent/protocol';
import { summaryOf, type Replies } from '../rooms/index.ts';
import type { RoomRegistry } from './registry.ts';
import type { ClientCommand } from './room-runner.ts';

/**
 * A room as the socket handlers reach it: run here (a `RoomRunner`) or, in cluster mode, on the
 * node that owns it (commands forwarded, replies relayed). Either way the handlers decide
 * nothing: they send commands and relay replies.
 */
export interface RoomHandle {
  readonly code: string;
  /** Resolves with the command's reply once the owner has carried it out (and stored it). */
  submit<C extends ClientCommand>(command: C): Promise<Result<Replies[C['type']]>>;
  /** `race:start`: the owner draws a puzzle (off its event loop) and starts the race. */
  startRace(connectionId: string): Promise<Result<object>>;
  /** `room:puzzle`: the owner checks the puzzle (off its event loop) and keeps it; null: back. */
  importPuzzle(connectionId: string, text: string | null): Promise<Result<object>>;
}

/** Every room of the service by code: this process's (one node) or the cluster's. */
export interface RoomDirectory {
  /** A new, empty room under a fresh code, run by this node; its creator joins it next. */
  open(settings?: Partial<RoomSettings>): Promise<RoomHandle>;
  /** The room with this code wherever it runs, or undefined when there is none. */
  find(code: string): Promise<RoomHandle | undefined>;
  /** Forgets a room this node opened that nobody joined (the creator's join failed). */
  discardIfEmpty(handle: RoomHandle): void;
  /** A live room as its join link shows it, or undefined. */
  summary(code: string): Promise<RoomSummaryView | undefined>;
}

/** The rooms of one process: the registry's host, puzzles drawn from this process's pool. */
export class LocalDirectory implements RoomDirectory {
  constructor(private readonly registry: RoomRegistry) {}

  open(settings: Partial<RoomSettings> = {}): Promise<RoomHandle> {
    return Promise.resolve(this.registry.openRoom(settings).handle);
  }

  find(code: string): Promise<RoomHandle | undefined> {
    return Promise.resolve(this.registry.host.get(code)?.handle);
  }

  discardIfEmpty(handle: RoomHandle): void {
    this.registry.discardIfEmpty(handle.code);
  }

  summary(code: string): Promise<RoomSummaryView | undefined> {
    const hosted = this.registry.host.get(code);
    return Promise.resolve(hosted && summaryOf(hosted.runner.room));
  }
}
