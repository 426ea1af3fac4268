import type {
  DifficultyLevel,
  LastRaceView,
  RaceEndCause,
  RoomPhase,
  RoomSettings,
  RunnerStatus,
  VariantName,
} from '@percent/protocol';
import type { Pause } from './race-clock.ts';
import type { Glicko } from './glicko2.ts';
import type { MoveRecord } from './records.ts';
import type { KeyedLog, SharedLog } from './shared-log.ts';
import type { RaceRound, Tournament } from './evening-types.ts';

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

export type * from './commands.ts';
export type * from './evening-types.ts';
