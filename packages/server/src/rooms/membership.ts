import {
  ErrorCode,
  PLAYER_COLOURS,
  type SeatReply,
  type SessionEndReason,
} from '@percent/protocol';
import { teamForNewcomer } from './teams.ts';
import { endIfDone, tickTimer, withdraw } from './race.ts';
import {
  failure,
  isRaceOn,
  nextHost,
  NOTHING,
  seatHeldBy,
  seatOf,
  STATE,
  success,
  uniqueNickname,
  updateSeat,
} from './room.ts';
import { INITIAL_RATING } from './ratings.ts';
import type { CommandOf, Effect, Room, Seat, Transition } from './types.ts';
import { seatReply } from './view.ts';

/**
 * Who is in the room: seats taken, regained and replaced, spectators, drops and grace
 * periods, leaving. Every membership rule is decided here; the socket layer only reports
 * what a connection asked for and carries the effects out.
 */

/**
 * `room:join`. The connection's own seat, or the seat its token holds (taken over from another
 * connection, which is told `replaced`); else, during a race, it watches; else a new seat.
 */
export function join(room: Room, command: CommandOf<'join'>, now: number): Transition<SeatReply> {
  const { connectionId, sessionToken } = command;
  const held =
    seatHeldBy(room, connectionId) ??
    (sessionToken === undefined
      ? undefined
      : room.seats.find((seat) => seat.sessionToken === sessionToken));
  if (held) {
    // A seat whose rating could not be read at its join takes the one read now, if any.
    const known = held.rating ?? (command.rating === undefined ? null : command.rating);
    const rated = known === held.rating ? room : updateSeat(room, held.id, { rating: known });
    return takeSeat(rated, { ...held, rating: known }, connectionId, now, command.address);
  }
  if (isRaceOn(room)) return spectate(room, command, now);
  // The creator is the first to join, even into a room created locked.
  if (room.settings.locked && room.seats.length > 0)
    return failure(ErrorCode.roomLocked, `room ${room.code} is locked`);
  if (room.seats.length >= room.settings.maxPlayers) {
    return failure(ErrorCode.roomFull, `room ${room.code} has ${room.settings.maxPlayers} players`);
  }
  const seat: Seat = {
    id: `p${room.nextPlayer}`,
    deviceId: command.deviceId,
    nickname: uniqueNickname(room, command.nickname),
    sessionToken: command.newToken,
    ready: false,
    plays: command.plays ?? true,
    connectionId,
    drops: 0,
    rating: command.rating === undefined ? INITIAL_RATING : command.rating,
    seen: command.seen ?? true,
    address: command.address ?? null,
    colour: freeColour(room),
    team: (command.plays ?? true) ? teamForNewcomer(room) : null,
  };
  const seated = withoutSpectator(
    { ...room, seats: [...room.seats, seat], nextPlayer: room.nextPlayer + 1 },
    connectionId,
  );
  const next = { ...seated, hostId: nextHost(seated) };
  return success(next, seatReply(next, seat.id, now), [STATE]);
}

/** The lowest palette index no seat holds (past `PLAYER_COLOURS` seats: by seat count). */
function freeColour(room: Room): number {
  const held = new Set(room.seats.map((seat) => seat.colour));
  for (let colour = 0; colour < PLAYER_COLOURS; colour++) if (!held.has(colour)) return colour;
  return room.seats.length % PLAYER_COLOURS;
}

/** The seat goes to `connectionId`; a connection holding it before is told it was replaced. */
function takeSeat(
  room: Room,
  seat: Seat,
  connectionId: string,
  now: number,
  address: string | undefined,
) {
  if (seat.connectionId === connectionId) return success(room, seatReply(room, seat.id, now));
  const effects: Effect[] = [STATE];
  if (seat.connectionId !== null) {
    effects.push({ type: 'endSession', connectionId: seat.connectionId, reason: 'replaced' });
  }
  const next = withoutSpectator(
    updateSeat(room, seat.id, { connectionId, address: address ?? seat.address }),
    connectionId,
  );
  // A seat sitting out a `delay` race is back to watching: its view ticks again.
  return success(next, seatReply(next, seat.id, now), [...effects, ...tickTimer(next, now)]);
}

/**
 * `room:spectate` (and `room:join` without a seat during a race). Anyone may watch; one whose
 * device or address races here watches without boards until the race ends (`secrecy.ts`) —
 * the answer is the same either way, so it tells nobody whether a device is racing. A player
 * who watches their own room gives up the seat first, outside a race; during one the seat
 * stays (leave it, or give up, first).
 */
export function spectate(
  room: Room,
  command: { readonly connectionId: string; readonly deviceId: string; readonly address?: string },
  now: number,
): Transition<SeatReply> {
  const { connectionId, deviceId } = command;
  const own = seatHeldBy(room, connectionId);
  if (isRaceOn(room) && own) {
    return failure(
      ErrorCode.wrongPhase,
      'room:spectate: this connection holds a seat in the running race (leave it first)',
    );
  }
  if (own && room.seats.length === 1)
    return failure(
      ErrorCode.noPlayers,
      'you are the only player: watching would close the room (leave it instead)',
    );
  const unseated = own ? removeSeat(room, own, null, now) : undefined;
  const base = unseated?.ok ? unseated.room : room;
  const spectators = [
    ...base.spectators.filter((s) => s.connectionId !== connectionId),
    { connectionId, deviceId, address: command.address ?? null },
  ];
  const next = { ...base, spectators };
  const effects: Effect[] = [...(unseated?.ok ? unseated.effects : []), STATE];
  effects.push(...tickTimer(next, now));
  return success(next, seatReply(next, null, now, connectionId), effects);
}

/** `room:leave`: a player gives up the seat, a spectator stops watching. */
export function leave(room: Room, command: CommandOf<'leave'>, now: number): Transition<object> {
  const seat = seatHeldBy(room, command.connectionId);
  if (seat) return removeSeat(room, seat, null, now);
  const next = withoutSpectator(room, command.connectionId);
  if (next === room) return failure(ErrorCode.notInRoom, 'you are not in this room');
  return success(next, NOTHING, [STATE]);
}

/** The connection dropped: a seat is kept for the grace period, a spectator simply goes. */
export function disconnect(room: Room, command: CommandOf<'disconnect'>, now: number) {
  const seat = seatHeldBy(room, command.connectionId);
  if (!seat) {
    const next = withoutSpectator(room, command.connectionId);
    return success(next, NOTHING, next === room ? [] : [STATE]);
  }
  const drops = seat.drops + 1;
  const expire = { type: 'expire', playerId: seat.id, drops } as const;
  const at = now + room.timings.graceMs;
  return success(updateSeat(room, seat.id, { connectionId: null, drops }), NOTHING, [
    STATE,
    { type: 'schedule', key: `expire:${seat.id}`, at, command: expire },
  ]);
}

/** The grace period of a drop ran out and the player did not come back: the seat goes. */
export function expire(room: Room, command: CommandOf<'expire'>, now: number) {
  const seat = seatOf(room, command.playerId);
  if (!seat || seat.connectionId !== null || seat.drops !== command.drops) {
    return success(room, NOTHING);
  }
  return removeSeat(room, seat, 'expired', now);
}

/**
 * The seat goes; a runner in a race counts as left; the host role passes on; the room closes
 * when nobody is seated. `reason` null: the player left by themselves (nobody to tell).
 */
export function removeSeat(
  room: Room,
  seat: Seat,
  reason: SessionEndReason | null,
  now: number,
): Transition<object> {
  const seats = room.seats.filter((s) => s.id !== seat.id);
  const rest = withdraw({ ...room, seats }, seat.id, now, 'left', reason === 'kicked');
  const effects: Effect[] = [STATE];
  if (reason && seat.connectionId !== null) {
    effects.push({ type: 'endSession', connectionId: seat.connectionId, reason });
  }
  const after = endIfDone<object>({ ...rest, hostId: nextHost(rest) }, now, effects);
  if (!after.ok || seats.length > 0) return after;
  return success(after.room, NOTHING, [
    ...after.effects.filter((e) => e.type !== 'state'),
    ...closing(after.room),
  ]);
}

/** The last player is gone: spectators are told, the snapshot is dropped, the room forgotten. */
function closing(room: Room): Effect[] {
  return [
    ...room.spectators.map((s): Effect => ({
      type: 'endSession',
      connectionId: s.connectionId,
      reason: 'closed',
    })),
    { type: 'forgetRoom', code: room.code },
    { type: 'close' },
  ];
}

function withoutSpectator(room: Room, connectionId: string): Room {
  const spectators = room.spectators.filter((s) => s.connectionId !== connectionId);
  return spectators.length === room.spectators.length ? room : { ...room, spectators };
}
