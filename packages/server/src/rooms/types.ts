import type {
  DifficultyLevel,
  LastRaceView,
  MoveReply,
  RaceEndCause,
  Reaction,
  ReactionEvent,
  RoomPhase,
  RoomSettings,
  RunnerStatus,
  SeatReply,
  SessionEndReason,
  VariantName,
  ViewReply,
  WireError,
} from '@percent/protocol';
import type { Pause } from './race-clock.ts';
import type { Glicko } from './glicko2.ts';
import type { MoveRecord, RaceRecord } from './records.ts';
import type { KeyedLog, SharedLog } from './shared-log.ts';

/**
 * The state of one room: plain, JSON-serialisable data. Ids, tokens and clocks come in with
 * the commands, so the reducer stays pure and deterministic. Connections are named by opaque
 * ids (the socket's id); the core decides who holds which seat.
 */

export interface Seat {
  readonly id: string;
  readonly deviceId: string;
  readonly nickname: string;
  readonly sessionToken: string;
  /** In the lobby: ready to start. After a race (`finished`): wants to play again. */
  readonly ready: boolean;
  /** False: this seat sits races out (no runner; during a race it sees what spectators see). */
  readonly plays: boolean;
  /** The connection holding the seat; null while the player is away (grace period). */
  readonly connectionId: string | null;
  /** Bumped on every drop, so that a grace timer armed for an older drop does nothing. */
  readonly drops: number;
  /**
   * The device's rating as the store gave it at the join, replaced by the new one when a rated
   * race ends; null when it could not be read (this seat's races then leave it alone).
   */
  readonly rating: Rating | null;
  /**
   * The device had finished a race on this server before (read at the join; set after each
   * race here). A device's first race is unrated for it (`Runner.firstRace`).
   */
  readonly seen: boolean;
  /** The network address of the connection that took or last regained the seat (`secrecy.ts`). */
  readonly address: string | null;
  /** The seat's colour (`PLAYER_COLOURS`): the lowest index no other seat held at its join. */
  readonly colour: number;
  /** Team races: the seat's team (`teams.ts`); null without teams or while it sits out. */
  readonly team: number | null;
}

/** A device's rating (Glicko-2) and how many rated races it has played. */
export interface Rating extends Glicko {
  readonly races: number;
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
  /** The start or this runner's last move (ms, on the race's clock): the idle rule counts from it. */
  readonly activeAt: number;
  /**
   * Every move id this player used in the race, with its verdict (idempotency), in order;
   * shared between versions of the race (`shared-log.ts`), so a move costs O(1) here.
   */
  readonly acks: KeyedLog<MoveAck>;
  /** The rating at the start (null: unknown, not rated in this race). */
  readonly rating: Rating | null;
  /** The rating after a rated race, set when the race ends; null until then or when unrated. */
  readonly newRating: Rating | null;
  /** The host removed this runner mid-race: not rated, and not a game for the others. */
  readonly kicked: boolean;
  /**
   * Finished too fast to be human (`plausible.ts`), judged once at the finish: no place, not
   * rated, not a game for the others.
   */
  readonly tooFast: boolean;
  /** The device's first race on this server (`Seat.seen` was false): it plays no rated game. */
  readonly firstRace: boolean;
  /** When the runner left, gave up or went idle (ms, the race's clock); null otherwise. */
  readonly outAt: number | null;
  /** A team race: the runner's team, frozen at the start; null otherwise. */
  readonly team: number | null;
  /** Head starts (`handicap.ts`): this runner's head start over the strongest (ms; 0: none). */
  readonly headStartMs: number;
  /** Its puzzle has appeared: false while it waits out the others' head starts. */
  readonly released: boolean;
  /** The seat's colour at the start (`Seat.colour`), kept with the stored race for replays. */
  readonly colour: number;
}

export interface Race {
  readonly id: string;
  readonly variant: VariantName;
  readonly difficulty: DifficultyLevel;
  readonly puzzle: string;
  readonly solution: string;
  /** The settings in force for this race (frozen at the start). */
  readonly rules: RoomSettings;
  /** The human floor in force (`RoomTimings.humanFloorMs` at the start): see `plausible.ts`. */
  readonly floorMs: number;
  /** `MIN_RATED_RACE_MS` (or `RoomTimings.minRatedMs`) at the start: see `ratings.ts`. */
  readonly minRatedMs: number;
  /**
   * Commit–reveal: SHA-256 (hex) of `puzzle + solution + secret`, shown from the countdown on;
   * the secret (64 hex digits) is shown once the race has ended. Both come in with the start
   * (the core has no randomness and no hashing); null only in a race restored from a snapshot
   * written before commit–reveal.
   */
  readonly commitment: string | null;
  readonly secret: string | null;
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly endedAt: number | null;
  /** Why the race ended; null while it is on. */
  readonly endedBy: RaceEndCause | null;
  /** Server outages during the race (ms): the clock was shifted forward by them. */
  readonly pausedMs: number;
  /**
   * Each of those outages: when the clock stopped and for how long (`race-clock.ts`), so that
   * a stored race gives every move its time on the clock. Empty in a race restored from a
   * snapshot written before they were kept, even if `pausedMs` is not 0.
   */
  readonly pauses: readonly Pause[];
  /** The host's own puzzle (`room:puzzle`): never rated. */
  readonly imported: boolean;
  /** The evening this race is a round of (frozen at the start); null: a race on its own. */
  readonly round: RaceRound | null;
  /** In seat order at the start; a runner stays when their seat goes. */
  readonly runners: readonly Runner[];
  /**
   * Every judged move in order; index = the move's `seq` in the store's log. Shared between
   * versions of the race (`shared-log.ts`): appending a move costs O(1), not O(moves).
   */
  readonly moves: SharedLog<MoveRecord>;
}

export interface Spectator {
  /** The watching connection (spectators have no seat and are not snapshotted). */
  readonly connectionId: string;
  readonly deviceId: string;
  /** The connection's network address (`secrecy.ts`); null when unknown. */
  readonly address: string | null;
}

/** Server settings a room runs with (tests shorten them). */
export interface RoomTimings {
  /** From `race:start` to the puzzle (ms). */
  readonly countdownMs: number;
  /** How long a dropped player keeps the seat (ms). */
  readonly graceMs: number;
  /**
   * The human floor (`HUMAN_FLOOR_MS_PER_CELL` when absent): faster finishes are flagged
   * `tooFast`. Test servers, whose scripted players type in milliseconds, set 0 (off).
   */
  readonly humanFloorMs?: number;
  /**
   * `MIN_RATED_RACE_MS` when absent: shorter races, and runners out before it, are unrated.
   * Test servers, whose scripted races last milliseconds, set 0 (off).
   */
  readonly minRatedMs?: number;
  /** true: a device's first race is rated too (tests of ratings with fresh devices); default false. */
  readonly firstRaceRated?: boolean;
}

/** Who a payload is for. Every outgoing payload is built for one (`view.ts`). */
export type Recipient =
  | { readonly role: 'player'; readonly playerId: string }
  /** `connectionId`: which spectator (absent: someone outside the room, seeing what all do). */
  | { readonly role: 'spectator'; readonly connectionId?: string };

export interface Room {
  readonly code: string;
  readonly phase: RoomPhase;
  readonly settings: RoomSettings;
  readonly timings: RoomTimings;
  readonly hostId: string | null;
  /** In join order. */
  readonly seats: readonly Seat[];
  readonly spectators: readonly Spectator[];
  readonly race: Race | null;
  /** The results of the race before, shown in the lobby until the next start. */
  readonly lastRace: LastRaceView | null;
  /**
   * The host's own puzzle for the next race (`room:puzzle`), checked under `settings.variant`;
   * the next start races it (unrated: the host has seen it) and clears it. Null: drawn.
   */
  readonly imported: ImportedPuzzle | null;
  /**
   * The evening of rounds on in this room (`tournament:start`), or the one just over (its
   * podium, kept until the next start); null: none.
   */
  readonly tournament: Tournament | null;
  /** Next player id number (ids are `p1`, `p2`, … per room). */
  readonly nextPlayer: number;
  /**
   * When each connection sent its latest reactions (`room:react`, at most `REACTION_LIMIT`):
   * not kept in snapshots (a restart forgets them, as it forgets the connections).
   */
  readonly reactions: ReadonlyMap<string, readonly number[]>;
}

/** A race's place in an evening. */
export interface RaceRound {
  readonly tournamentId: string;
  /** 1-based. */
  readonly number: number;
  /** Rounds planned; null: until the host ends the evening. */
  readonly of: number | null;
}

/** One entrant's result in one round (a device: its best seat in that race). */
export interface RoundEntry {
  readonly deviceId: string;
  readonly playerId: string;
  readonly nickname: string;
  readonly place: number | null;
  readonly points: number;
  /** The seat's colour in that race (shown once the entrant has left). */
  readonly colour: number;
}

/** A finished round: its race and every entrant's result, best first. */
export interface RoundResult {
  readonly raceId: string;
  readonly entries: readonly RoundEntry[];
}

/** An evening of rounds (`tournament.ts`). */
export interface Tournament {
  readonly id: string;
  /** Rounds planned; null: until the host ends it. */
  readonly rounds: number | null;
  readonly startedAt: number;
  /** Finished rounds, in order. */
  readonly results: readonly RoundResult[];
  /** Set when the last planned round finished or the host ended the evening. */
  readonly endedAt: number | null;
}

export interface PuzzleDraw {
  readonly puzzle: string;
  readonly solution: string;
  readonly variant: VariantName;
  readonly difficulty: DifficultyLevel;
}

/** A brought puzzle the server checked: its one solution and grade. */
export interface ImportedPuzzle extends PuzzleDraw {
  readonly clues: number;
}

/** A race's commit–reveal pair: `commitment` = hex SHA-256 of `puzzle + solution + secret`. */
export interface Fairness {
  readonly secret: string;
  readonly commitment: string;
}

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
