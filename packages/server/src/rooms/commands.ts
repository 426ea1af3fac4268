import type {
  MoveReply,
  Reaction,
  ReactionEvent,
  RoomSettings,
  SeatReply,
  SessionEndReason,
  ViewReply,
  WireError,
} from '@percent/protocol';
import type { MoveRecord, RaceRecord } from './records.ts';
import type { Fairness, ImportedPuzzle, PuzzleDraw, Rating, Room } from './types.ts';

/**
 * What goes into the room core and what comes out: the commands (from clients, after schema
 * validation, and from the room's timers), each command's typed reply, the effects to carry out
 * (persist, then tell, then schedule) and a command's outcome (`Transition`).
 */

/** `connectionId` names the connection that sent a client command. */
interface From {
  readonly connectionId: string;
}

/** Commands from clients (after schema validation) and from the room's timers. */
export type Command =
  | (From & {
      readonly type: 'join';
      readonly nickname: string;
      readonly deviceId: string;
      /** The token the client kept for this room, if any. */
      readonly sessionToken: string | undefined;
      /** The token a new seat gets (made by the caller: the core has no randomness). */
      readonly newToken: string;
      /** false: a new seat sits races out (a host on a TV); default true. */
      readonly plays?: boolean;
      /**
       * The device's rating as the store has it (read by the caller: the core does no I/O);
       * null when it could not be read; absent: a new device's (`INITIAL_RATING`).
       */
      readonly rating?: Rating | null;
      /** The device has finished a race here before (`Seat.seen`); absent: true. */
      readonly seen?: boolean;
      /** The connection's network address, as the quotas count it; absent: unknown. */
      readonly address?: string;
    })
  | (From & {
      readonly type: 'spectate';
      readonly deviceId: string;
      readonly address?: string;
    })
  | (From & { readonly type: 'leave' })
  | (From & { readonly type: 'disconnect' })
  | (From & { readonly type: 'sync' })
  | (From & { readonly type: 'ready'; readonly ready: boolean })
  | (From & { readonly type: 'play'; readonly plays: boolean })
  | (From & { readonly type: 'settings'; readonly settings: Partial<RoomSettings> })
  | (From & { readonly type: 'kick'; readonly target: string })
  | (From & { readonly type: 'transferHost'; readonly target: string })
  /** `room:react`: one of the fixed reactions, from a seat or a spectator. */
  | (From & { readonly type: 'react'; readonly emoji: Reaction })
  /** `room:puzzle`: a puzzle the runner has checked off the event loop, or null to take it back. */
  | (From & { readonly type: 'importPuzzle'; readonly imported: ImportedPuzzle | null })
  | (From & {
      readonly type: 'start';
      readonly raceId: string;
      readonly draw: PuzzleDraw;
      /** Commit–reveal, made by the caller: a fresh 32-byte secret (hex) and the commitment. */
      readonly fairness: Fairness;
    })
  | (From & {
      readonly type: 'move';
      readonly moveId: string;
      readonly cell: number;
      readonly digit: number;
    })
  | (From & { readonly type: 'rematch' })
  | (From & { readonly type: 'endRace' })
  | (From & { readonly type: 'forfeit' })
  /** `tournament:start`: `tournamentId` is made by the caller (the core has no randomness). */
  | (From & {
      readonly type: 'startTournament';
      readonly tournamentId: string;
      readonly rounds: number | null;
    })
  | (From & { readonly type: 'endTournament' })
  /** `team:set`: the host puts seat `target` in `team`. */
  | (From & { readonly type: 'setTeam'; readonly target: string; readonly team: number })
  | (From & { readonly type: 'balanceTeams' })
  | { readonly type: 'expire'; readonly playerId: string; readonly drops: number }
  | { readonly type: 'begin'; readonly raceId: string }
  | { readonly type: 'timeUp'; readonly raceId: string }
  | { readonly type: 'tick' }
  /** A runner's wait for the others' head starts is over (`handicap.ts`). */
  | { readonly type: 'release'; readonly raceId: string; readonly playerId: string }
  | { readonly type: 'idle'; readonly raceId: string; readonly playerId: string }
  /**
   * The server stood still from `at` for `ms` (its process was frozen: SIGSTOP, a paused VM):
   * the race clock pauses for it, as for a crash.
   */
  | { readonly type: 'stall'; readonly at: number; readonly ms: number };

export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** Commands a timer posts back to the room. */
export type TimerCommand = CommandOf<
  'begin' | 'timeUp' | 'expire' | 'tick' | 'idle' | 'stall' | 'release'
>;

/** The typed reply of each command. */
export interface Replies {
  join: SeatReply;
  spectate: SeatReply;
  sync: ViewReply;
  move: MoveReply;
  leave: object;
  disconnect: object;
  ready: object;
  play: object;
  settings: object;
  kick: object;
  transferHost: object;
  importPuzzle: object;
  react: object;
  start: object;
  rematch: object;
  endRace: object;
  forfeit: object;
  startTournament: object;
  endTournament: object;
  setTeam: object;
  balanceTeams: object;
  idle: object;
  expire: object;
  begin: object;
  timeUp: object;
  tick: object;
  stall: object;
  release: object;
}

/** Writes, in order, in one store transaction — before anyone hears of the change. */
export type PersistEffect =
  /** Append one judged move to the race's log. */
  | {
      readonly type: 'persistMove';
      readonly raceId: string;
      readonly seq: number;
      readonly move: MoveRecord;
    }
  /** Store the finished race (standings; its moves are in the log). */
  | { readonly type: 'persistRace'; readonly record: RaceRecord }
  /** Replace the room's snapshot (`snapshot.ts`); `raceId`: the race whose log it continues. */
  | {
      readonly type: 'persistRoom';
      readonly code: string;
      readonly raceId: string | null;
      readonly snapshot: string;
    }
  /** The room has closed: drop its snapshot. */
  | { readonly type: 'forgetRoom'; readonly code: string };

/** What the outside world must do after a command: persist, then tell, then schedule. */
export type Effect =
  | PersistEffect
  /** `room:state` (built by `viewFor`) to every member, or only to the spectators. */
  | { readonly type: 'state'; readonly to: 'all' | 'spectators' }
  /** `race:progress` for this player to every member (`progressEventFor`). */
  | { readonly type: 'progress'; readonly playerId: string }
  /** `room:reaction` to every member. */
  | { readonly type: 'reaction'; readonly event: ReactionEvent }
  /** Tell this connection its seat or room is gone; it is no longer a member. */
  | {
      readonly type: 'endSession';
      readonly connectionId: string;
      readonly reason: SessionEndReason;
    }
  /** Post `command` to this room at `at`, replacing an earlier timer with the same key. */
  | {
      readonly type: 'schedule';
      readonly key: string;
      readonly at: number;
      readonly command: TimerCommand;
    }
  /** The room has no players left: stop its timers and forget it. */
  | { readonly type: 'close' };

/** One command's outcome: the next room, the reply and the effects — or an error, no change. */
export type Transition<R = object> =
  | {
      readonly ok: true;
      readonly room: Room;
      readonly reply: R;
      readonly effects: readonly Effect[];
    }
  | { readonly ok: false; readonly error: WireError };
