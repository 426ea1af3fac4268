import { isRaceOn } from './room.ts';
import type { Room, RoomEvent } from './types.ts';

/**
 * Rooms in the lobby or a race (or just after one) are snapshotted so that a restart does not lose them.
 * Spectators are connections, so they are not kept; every seat comes back "reconnecting" with
 * a fresh grace period, and the race clock keeps the original start (downtime counts).
 */
const SNAPSHOT_VERSION = 1;

/** A finished race is already stored: its room is kept as the lobby a rematch would open. */
export function snapshotOf(room: Room): string {
  const kept: Room =
    room.phase === 'finished'
      ? {
          ...room,
          phase: 'lobby',
          race: null,
          seats: room.seats.map((s) => ({ ...s, ready: false })),
        }
      : room;
  return JSON.stringify({ version: SNAPSHOT_VERSION, room: { ...kept, spectators: [] } });
}

export type Restored =
  | { readonly ok: true; readonly room: Room; readonly events: readonly RoomEvent[] }
  | { readonly ok: false; readonly message: string };

export function restoreRoom(text: string, now: number, graceMs: number): Restored {
  let parsed: { version?: unknown; room?: Room };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch (error) {
    return { ok: false, message: `snapshot is not JSON: ${(error as Error).message}` };
  }
  const saved = parsed.room;
  if (parsed.version !== SNAPSHOT_VERSION || !saved || !Array.isArray(saved.seats)) {
    return {
      ok: false,
      message: `snapshot version ${String(parsed.version)} is not ${SNAPSHOT_VERSION}`,
    };
  }
  if (saved.seats.length === 0 || saved.phase === 'finished') {
    return { ok: false, message: 'nothing to restore (no players or race over)' };
  }
  const seats = saved.seats.map((seat) => ({ ...seat, connected: false, drops: seat.drops + 1 }));
  const room: Room = { ...saved, seats, spectators: [] };
  return { ok: true, room, events: timersOf(room, now, graceMs) };
}

/** The timers a restored room needs again: grace for every seat, the countdown, the limit. */
function timersOf(room: Room, now: number, graceMs: number): RoomEvent[] {
  const events: RoomEvent[] = room.seats.map((seat) => ({
    type: 'schedule',
    key: `expire:${seat.id}`,
    at: now + graceMs,
    command: { type: 'expire', playerId: seat.id, drops: seat.drops },
  }));
  const race = room.race;
  if (race && isRaceOn(room)) {
    const raceId = race.id;
    if (room.phase === 'countdown') {
      events.push({
        type: 'schedule',
        key: 'begin',
        at: race.startsAt,
        command: { type: 'begin', raceId },
      });
    }
    if (race.endsAt !== null) {
      events.push({
        type: 'schedule',
        key: 'timeUp',
        at: race.endsAt,
        command: { type: 'timeUp', raceId },
      });
    }
  }
  return events;
}
