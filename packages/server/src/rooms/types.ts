import type {
  DifficultyLevel,
  RoomPhase,
  RoomSettings,
  RunnerStatus,
  SessionEndReason,
  VariantName,
  WireError,
} from '@percent/protocol';
import type { MoveRecord, RaceRecord } from '../store/store.ts';

/**
 * The state of one room: plain, JSON-serialisable data (it is snapshotted as is). Ids,
 * tokens and clocks come in with the commands, so the reducer stays pure and deterministic.
 */

export interface Seat {
  readonly id: string;
  readonly deviceId: string;
  readonly nickname: string;
  readonly sessionToken: string;
  readonly ready: boolean;
  readonly connected: boolean;
  /** Bumped on every drop, so that a grace timer armed for an older drop does nothing. */
  readonly drops: number;
}

export interface MoveAck {
  readonly cell: number;
  readonly digit: number;
  readonly verdict: MoveRecord['verdict'];
}

export interface Runner {
  readonly playerId: string;
  readonly deviceId: string;
  readonly nickname: string;
  /** 81 chars: givens + this player's correct digits, '0' blank. */
  readonly board: string;
  readonly mistakes: number;
  readonly status: RunnerStatus;
  readonly finishedAt: number | null;
  /** Every move id this player used in the race, with its first verdict (idempotency). */
  readonly acks: Readonly<Record<string, MoveAck>>;
}

export interface Race {
  readonly id: string;
  readonly variant: VariantName;
  readonly difficulty: DifficultyLevel;
  readonly puzzle: string;
  readonly solution: string;
  /** The settings in force for this race (frozen at the start). */
  readonly rules: RoomSettings;
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly endedAt: number | null;
  /** In seat order at the start; a runner stays when their seat goes. */
  readonly runners: readonly Runner[];
  readonly moves: readonly MoveRecord[];
}

export interface Spectator {
  /** The connection's id (spectators have no seat and are not snapshotted). */
  readonly id: string;
  readonly deviceId: string;
}

export interface Room {
  readonly code: string;
  readonly phase: RoomPhase;
  readonly settings: RoomSettings;
  readonly hostId: string | null;
  /** In join order. */
  readonly seats: readonly Seat[];
  readonly spectators: readonly Spectator[];
  readonly race: Race | null;
  /** Next player id number (ids are `p1`, `p2`, … per room). */
  readonly nextPlayer: number;
}

export interface PuzzleDraw {
  readonly puzzle: string;
  readonly solution: string;
  readonly variant: VariantName;
  readonly difficulty: DifficultyLevel;
}

/** Commands from clients (after schema validation) and from the room's timers. */
export type Command =
  | {
      readonly type: 'join';
      readonly nickname: string;
      readonly deviceId: string;
      readonly sessionToken: string;
    }
  | { readonly type: 'rejoin'; readonly sessionToken: string }
  | { readonly type: 'spectate'; readonly spectatorId: string; readonly deviceId: string }
  | { readonly type: 'unspectate'; readonly spectatorId: string }
  | { readonly type: 'disconnect'; readonly playerId: string; readonly graceMs: number }
  | { readonly type: 'expire'; readonly playerId: string; readonly drops: number }
  | { readonly type: 'leave'; readonly playerId: string }
  | { readonly type: 'ready'; readonly playerId: string; readonly ready: boolean }
  | {
      readonly type: 'settings';
      readonly playerId: string;
      readonly settings: Partial<RoomSettings>;
    }
  | { readonly type: 'kick'; readonly playerId: string; readonly target: string }
  | { readonly type: 'transferHost'; readonly playerId: string; readonly target: string }
  | {
      readonly type: 'start';
      readonly playerId: string;
      readonly raceId: string;
      readonly draw: PuzzleDraw;
      readonly countdownMs: number;
    }
  | { readonly type: 'begin'; readonly raceId: string }
  | {
      readonly type: 'move';
      readonly playerId: string;
      readonly moveId: string;
      readonly cell: number;
      readonly digit: number;
    }
  | { readonly type: 'timeUp'; readonly raceId: string }
  | { readonly type: 'rematch'; readonly playerId: string };

/** Commands a timer posts back to the room. */
export type TimerCommand = Extract<Command, { type: 'begin' | 'timeUp' | 'expire' }>;

/** What the outside world must do after a command, in order. */
export type RoomEvent =
  /** Send every member a fresh `room:state`. */
  | { readonly type: 'changed' }
  /** Send `race:progress` for this player to every member. */
  | { readonly type: 'progress'; readonly playerId: string }
  /** Store the race — before announcing the standings. */
  | { readonly type: 'raceEnded'; readonly record: RaceRecord }
  /** This seat is gone: tell its connection and detach it. */
  | { readonly type: 'seatEnded'; readonly playerId: string; readonly reason: SessionEndReason }
  /** Post `command` to this room at `at` (replacing an earlier timer with the same key). */
  | {
      readonly type: 'schedule';
      readonly key: string;
      readonly at: number;
      readonly command: TimerCommand;
    }
  /** The room has no players left: tell the spectators and forget it. */
  | { readonly type: 'closed' };

export type Outcome =
  | { readonly ok: true; readonly room: Room; readonly events: readonly RoomEvent[] }
  | { readonly ok: false; readonly error: WireError };
