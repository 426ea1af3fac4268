import {
  DIFFICULTIES,
  HUMAN_FLOOR_MS_PER_CELL,
  LastRaceViewSchema,
  PLAYER_COLOURS,
  RACE_END_CAUSES,
  RoomSettingsSchema,
  RUNNER_STATUSES,
  StandingSchema,
  VARIANTS,
} from '@percent/protocol';
import { z } from 'zod';
import { recordMove, noteMove } from './move.ts';
import { afterRace, raceTimers, endIfDone, pauseRace, tickTimer } from './race.ts';
import { idleTimers } from './idle-timers.ts';
import { releaseTimers } from './handicap.ts';
import type { MoveRecord } from './records.ts';
import { KeyedLog, SharedLog } from './shared-log.ts';
import { isRaceOn } from './room.ts';
import { RaceRoundSnapshotSchema, TournamentSnapshotSchema } from './tournament.ts';
import type { Effect, MoveAck, Race, Room, RoomTimings } from './types.ts';

/**
 * A room's snapshot: what a restart needs besides the move log. It is written (in the same
 * transaction as the change) whenever anything but a move changes the room, so moves — the
 * frequent case — cost one appended row each. Restore = the last snapshot + the logged moves
 * after it. Connections are not kept: every seat comes back away, with a fresh grace period,
 * and spectators simply open the link again. A finished room comes back as the lobby a
 * rematch would open (its race is stored).
 */
export const SNAPSHOT_VERSION = 4;
/**
 * Versions still read: a version-2 snapshot (before sitting out, idle times, pauses and last
 * results) and a version-3 one (before ratings and commit–reveal) get their defaults.
 */
const READABLE_VERSIONS = [2, 3, SNAPSHOT_VERSION] as const;

/** Settings as stored: a version-2 snapshot has no idle rule (it was off), a version-3 one no `rated`. */
const StoredSettingsSchema = RoomSettingsSchema.extend({
  idleOutSec: RoomSettingsSchema.shape.idleOutSec.default(null),
  rated: RoomSettingsSchema.shape.rated.default(true),
  /** Absent before team races: none. */
  teams: RoomSettingsSchema.shape.teams.default(null),
  /** Absent before head starts and relaxed races: off. */
  handicap: RoomSettingsSchema.shape.handicap.default(false),
  relaxed: RoomSettingsSchema.shape.relaxed.default(false),
});

/** A device's rating; before version 4, unknown (null: that seat's races do not rate it). */
const RatingSchema = z
  .object({
    rating: z.number(),
    rd: z.number().positive(),
    volatility: z.number().positive(),
    races: z.int().min(0),
  })
  .nullable()
  .default(null);

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');

const Digits81 = z.string().regex(/^[0-9]{81}$/, '81 digits');

const SeatSchema = z.object({
  id: z.string().min(1),
  deviceId: z.string().min(1),
  nickname: z.string().min(1),
  sessionToken: z.string().min(16),
  ready: z.boolean(),
  plays: z.boolean().default(true),
  rating: RatingSchema,
  /** Absent before first races went unrated: every device counted as seen. */
  seen: z.boolean().default(true),
  /** Absent before seats kept their address: unknown. */
  address: z.string().nullable().default(null),
  /** Absent before seats had colours: by seat order (`restoreRoom`). */
  colour: z
    .int()
    .min(0)
    .max(PLAYER_COLOURS - 1)
    .optional(),
  /** Absent before team races: none. */
  team: z.int().min(0).max(3).nullable().default(null),
});

const RunnerSchema = z.object({
  playerId: z.string().min(1),
  deviceId: z.string().min(1),
  nickname: z.string().min(1),
  board: Digits81,
  mistakes: z.int().min(0),
  status: z.enum(RUNNER_STATUSES),
  finishedAt: z.number().nullable(),
  /** Absent in version 2: the start. */
  activeAt: z.number().optional(),
  rating: RatingSchema,
  /** Absent before kicked runners went unrated: nobody was. */
  kicked: z.boolean().default(false),
  /** Absent before finishes were judged for speed: none was flagged. */
  tooFast: z.boolean().default(false),
  /** Absent before first races went unrated: none was. */
  firstRace: z.boolean().default(false),
  /** Absent before early quits went unrated: unknown, so none counts as early. */
  outAt: z.number().nullable().default(null),
  /** Absent before team races: none. */
  team: z.int().min(0).max(3).nullable().default(null),
  /** Absent before head starts: none, and let in. */
  headStartMs: z.number().min(0).default(0),
  released: z.boolean().default(true),
  /** Absent before runners kept their colour: by race order (`replay`). */
  colour: z
    .int()
    .min(0)
    .max(PLAYER_COLOURS - 1)
    .optional(),
});

const LastRaceSchema = z.object({
  id: z.string().min(1),
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  endedBy: z.enum(RACE_END_CAUSES),
  /** The protocol's standings; before version 4 without a rating change. */
  standings: z.array(
    StandingSchema.extend({
      rating: StandingSchema.shape.rating.default(null),
      flag: StandingSchema.shape.flag.default(null),
      points: StandingSchema.shape.points.default(null),
      team: StandingSchema.shape.team.default(null),
    }),
  ),
  /** Absent before team races: none. */
  teams: LastRaceViewSchema.shape.teams.default(null),
});

const RaceSchema = z.object({
  id: z.string().min(1),
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  puzzle: Digits81,
  solution: Digits81,
  rules: StoredSettingsSchema,
  /** The human floor at the start; absent in older snapshots: the default. */
  floorMs: z.number().min(0).default(HUMAN_FLOOR_MS_PER_CELL),
  /** Absent before short races went unrated: off, as the race began. */
  minRatedMs: z.number().min(0).default(0),
  /** Absent before version 4: a race without commit–reveal. */
  commitment: Hex64.nullable().default(null),
  secret: Hex64.nullable().default(null),
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  pausedMs: z.number().min(0).default(0),
  /** Absent before pauses were kept: none known (the moves' times then ignore `pausedMs`). */
  pauses: z
    .array(z.object({ at: z.number(), ms: z.number().min(0) }))
    .readonly()
    .default([]),
  /** Absent before hosts brought puzzles: drawn. */
  imported: z.boolean().default(false),
  round: RaceRoundSnapshotSchema,
  runners: z.array(RunnerSchema),
  /** How many logged moves the runners' boards already include. */
  movesApplied: z.int().min(0),
});

/** The host's own puzzle waiting for the next race (`Room.imported`). */
const ImportedSchema = z.object({
  puzzle: Digits81,
  solution: Digits81,
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  clues: z.int().min(0).max(81),
});

const SnapshotSchema = z.object({
  version: z.literal(READABLE_VERSIONS),
  room: z.object({
    code: z.string().regex(/^[A-Z]{5}$/),
    phase: z.enum(['lobby', 'countdown', 'racing']),
    settings: StoredSettingsSchema,
    hostId: z.string().nullable(),
    seats: z.array(SeatSchema).min(1, 'a room without players is not kept'),
    race: RaceSchema.nullable(),
    lastRace: LastRaceSchema.nullable().default(null),
    /** Absent before hosts brought puzzles: none. */
    imported: ImportedSchema.nullable().default(null),
    tournament: TournamentSnapshotSchema,
    nextPlayer: z.int().min(1),
  }),
});
type Snapshot = z.input<typeof SnapshotSchema>;
type SavedRace = z.output<typeof RaceSchema>;

/** A finished room is kept as the lobby its rematch opens: "play again" flags and its results. */
export function snapshotOf(room: Room): string {
  const kept = room.phase === 'finished' ? afterRace(room) : room;
  const snapshot: Snapshot = {
    version: SNAPSHOT_VERSION,
    room: {
      code: kept.code,
      phase: kept.phase === 'finished' ? 'lobby' : kept.phase,
      settings: kept.settings,
      hostId: kept.hostId,
      seats: kept.seats.map(
        ({ id, deviceId, nickname, sessionToken, ready, plays, rating, colour, team }) => ({
          id,
          deviceId,
          nickname,
          sessionToken,
          ready,
          plays,
          rating,
          colour,
          team,
        }),
      ),
      race: kept.race ? raceSnapshot(kept.race) : null,
      lastRace: kept.lastRace,
      imported: kept.imported,
      tournament: kept.tournament,
      nextPlayer: kept.nextPlayer,
    },
  };
  return JSON.stringify(snapshot);
}

function raceSnapshot(race: Race): Snapshot['room']['race'] {
  const { moves, runners, endedBy: _omitted, ...rest } = race;
  return {
    ...rest,
    runners: runners.map(({ acks: _acks, newRating: _rated, ...runner }) => runner),
    movesApplied: moves.length,
  };
}

export type Restored =
  | { readonly ok: true; readonly room: Room; readonly effects: readonly Effect[] }
  | { readonly ok: false; readonly message: string };

/**
 * The room a snapshot and its race's logged moves (in order) describe, with the timers it
 * needs again; or why not (unreadable, unknown version, inconsistent with the log).
 *
 * `awayMs`: how long the server was away (now − its last heartbeat). A race that was on pauses
 * for that long: its clock (`startsAt`, `endsAt`, the idle rule's times) moves forward by it,
 * runners already finished keep their time, and `pausedMs` grows by it. The shifted room is
 * stored again at once, so a second restart does not shift it twice.
 */
export function restoreRoom(
  text: string,
  log: readonly MoveRecord[],
  now: number,
  timings: RoomTimings,
  awayMs = 0,
): Restored {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `snapshot is not JSON: ${(error as Error).message}` };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (!(READABLE_VERSIONS as readonly unknown[]).includes(version)) {
    return { ok: false, message: `snapshot version ${String(version)} is not ${SNAPSHOT_VERSION}` };
  }
  const parsed = SnapshotSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `snapshot ${issue?.path.join('.') ?? ''}: ${issue?.message}` };
  }
  const saved = parsed.data.room;
  const race = saved.race ? replay(saved.race, log) : null;
  if (typeof race === 'string') return { ok: false, message: race };
  const seats = saved.seats.map((seat, i) => ({
    ...seat,
    colour: seat.colour ?? i % PLAYER_COLOURS,
    connectionId: null,
    drops: 1,
  }));
  const room: Room = { ...saved, seats, spectators: [], race, timings, reactions: new Map() };
  const shift = race && isRaceOn(room) ? Math.max(0, Math.round(awayMs)) : 0;
  const restored = restoredWithTimers(shift > 0 ? pauseRace(room, now - shift, shift) : room, now);
  if (!restored.ok || shift === 0) return restored;
  const live = isRaceOn(restored.room) ? (restored.room.race?.id ?? null) : null;
  const write: Effect = {
    type: 'persistRoom',
    code: room.code,
    raceId: live,
    snapshot: snapshotOf(restored.room),
  };
  return { ...restored, effects: [write, ...restored.effects] };
}

/** The race with the logged moves the snapshot has not seen applied; a message if they clash. */
function replay(saved: SavedRace, log: readonly MoveRecord[]) {
  const { movesApplied, runners, ...rest } = saved;
  if (log.length < movesApplied) {
    return `race ${saved.id}: the snapshot has seen ${movesApplied} moves, the log holds ${log.length}`;
  }
  const fresh = runners.map((r, i) => ({
    ...r,
    colour: r.colour ?? i % PLAYER_COLOURS,
    activeAt: r.activeAt ?? saved.startsAt,
    acks: KeyedLog.empty<MoveAck>(),
    newRating: null,
  }));
  let race: Race = { ...rest, endedBy: null, runners: fresh, moves: SharedLog.of<MoveRecord>() };
  for (const [seq, move] of log.entries()) {
    if (!race.runners.some((r) => r.playerId === move.playerId)) {
      return `race ${saved.id}: logged move ${seq} is by ${move.playerId}, who is not in it`;
    }
    race = seq < movesApplied ? noteMove(race, move) : recordMove(race, move);
  }
  return race;
}

/** Grace for every seat, the race's timers; a race nobody is racing in any more ends now. */
function restoredWithTimers(room: Room, now: number): Restored {
  const timers: Effect[] = room.seats.map((seat) => ({
    type: 'schedule',
    key: `expire:${seat.id}`,
    at: now + room.timings.graceMs,
    command: { type: 'expire', playerId: seat.id, drops: seat.drops },
  }));
  if (room.race && isRaceOn(room)) {
    const pending = raceTimers(room.race);
    timers.push(...(room.phase === 'countdown' ? pending : pending.slice(1)));
    if (room.phase === 'racing')
      timers.push(...idleTimers(room.race), ...tickTimer(room, now), ...releaseTimers(room.race));
  }
  const ended = endIfDone(room, now, timers);
  return ended.ok
    ? { ok: true, room: ended.room, effects: ended.effects }
    : { ok: false, message: ended.error.message };
}
