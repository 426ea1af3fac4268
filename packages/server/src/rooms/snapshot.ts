import { DIFFICULTIES, RoomSettingsSchema, VARIANTS } from '@percent/protocol';
import { z } from 'zod';
import { recordMove, noteMove } from './move.ts';
import { raceTimers, endIfDone } from './race.ts';
import type { MoveRecord } from './records.ts';
import { isRaceOn } from './room.ts';
import type { Effect, Race, Room, RoomTimings } from './types.ts';

/**
 * A room's snapshot: what a restart needs besides the move log. It is written (in the same
 * transaction as the change) whenever anything but a move changes the room, so moves — the
 * frequent case — cost one appended row each. Restore = the last snapshot + the logged moves
 * after it. Connections are not kept: every seat comes back away, with a fresh grace period,
 * and spectators simply open the link again. A finished room comes back as the lobby a
 * rematch would open (its race is stored).
 */
export const SNAPSHOT_VERSION = 2;

const Digits81 = z.string().regex(/^[0-9]{81}$/, '81 digits');

const SeatSchema = z.object({
  id: z.string().min(1),
  deviceId: z.string().min(1),
  nickname: z.string().min(1),
  sessionToken: z.string().min(16),
  ready: z.boolean(),
});

const RunnerSchema = z.object({
  playerId: z.string().min(1),
  deviceId: z.string().min(1),
  nickname: z.string().min(1),
  board: Digits81,
  mistakes: z.int().min(0),
  status: z.enum(['racing', 'finished', 'eliminated', 'left', 'timeout']),
  finishedAt: z.number().nullable(),
});

const RaceSchema = z.object({
  id: z.string().min(1),
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  puzzle: Digits81,
  solution: Digits81,
  rules: RoomSettingsSchema,
  startsAt: z.number(),
  endsAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  runners: z.array(RunnerSchema),
  /** How many logged moves the runners' boards already include. */
  movesApplied: z.int().min(0),
});

const SnapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  room: z.object({
    code: z.string().regex(/^[A-Z]{5}$/),
    phase: z.enum(['lobby', 'countdown', 'racing']),
    settings: RoomSettingsSchema,
    hostId: z.string().nullable(),
    seats: z.array(SeatSchema).min(1, 'a room without players is not kept'),
    race: RaceSchema.nullable(),
    nextPlayer: z.int().min(1),
  }),
});
type Snapshot = z.infer<typeof SnapshotSchema>;

export function snapshotOf(room: Room): string {
  const finished = room.phase === 'finished';
  const race = finished || !room.race ? null : raceSnapshot(room.race);
  const snapshot: Snapshot = {
    version: SNAPSHOT_VERSION,
    room: {
      code: room.code,
      phase: room.phase === 'finished' ? 'lobby' : room.phase,
      settings: room.settings,
      hostId: room.hostId,
      seats: room.seats.map(({ id, deviceId, nickname, sessionToken, ready }) => ({
        id,
        deviceId,
        nickname,
        sessionToken,
        ready: finished ? false : ready,
      })),
      race,
      nextPlayer: room.nextPlayer,
    },
  };
  return JSON.stringify(snapshot);
}

function raceSnapshot(race: Race): Snapshot['room']['race'] {
  const { moves, runners, endedBy: _omitted, ...rest } = race;
  return {
    ...rest,
    runners: runners.map(({ acks: _acks, ...runner }) => runner),
    movesApplied: moves.length,
  };
}

export type Restored =
  | { readonly ok: true; readonly room: Room; readonly effects: readonly Effect[] }
  | { readonly ok: false; readonly message: string };

/**
 * The room a snapshot and its race's logged moves (in order) describe, with the timers it
 * needs again; or why not (unreadable, unknown version, inconsistent with the log).
 */
export function restoreRoom(
  text: string,
  log: readonly MoveRecord[],
  now: number,
  timings: RoomTimings,
): Restored {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `snapshot is not JSON: ${(error as Error).message}` };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== SNAPSHOT_VERSION) {
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
  const seats = saved.seats.map((seat) => ({ ...seat, connectionId: null, drops: 1 }));
  const room: Room = { ...saved, seats, spectators: [], race, timings };
  return restoredWithTimers(room, now);
}

/** The race with the logged moves the snapshot has not seen applied; a message if they clash. */
function replay(saved: NonNullable<Snapshot['room']['race']>, log: readonly MoveRecord[]) {
  const { movesApplied, runners, ...rest } = saved;
  if (log.length < movesApplied) {
    return `race ${saved.id}: the snapshot has seen ${movesApplied} moves, the log holds ${log.length}`;
  }
  const fresh = runners.map((r) => ({ ...r, acks: {} }));
  let race: Race = { ...rest, endedBy: null, runners: fresh, moves: [] };
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
  }
  const ended = endIfDone(room, now, timers);
  return ended.ok
    ? { ok: true, room: ended.room, effects: ended.effects }
    : { ok: false, message: ended.error.message };
}
