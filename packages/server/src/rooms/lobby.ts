import { ErrorCode, type SessionEndReason } from '@percent/protocol';
import { endIfDone, withdraw } from './race.ts';
import {
  failure,
  isRaceOn,
  nextHost,
  requireHost,
  requireSeat,
  seatOf,
  success,
  uniqueNickname,
  updateSeat,
} from './room.ts';
import type { Command, Outcome, Room, RoomEvent, Seat } from './types.ts';

type Of<T extends Command['type']> = Extract<Command, { type: T }>;

/** A new seat. During a race a newcomer watches instead (the socket layer sends `spectate`). */
export function join(room: Room, command: Of<'join'>): Outcome {
  if (isRaceOn(room)) return failure(ErrorCode.wrongPhase, 'a race is running: watch it instead');
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
    sessionToken: command.sessionToken,
    ready: false,
    connected: true,
    drops: 0,
  };
  const seated = { ...room, seats: [...room.seats, seat], nextPlayer: room.nextPlayer + 1 };
  return success({ ...seated, hostId: nextHost(seated) }, [{ type: 'changed' }]);
}

/** The seat held by `sessionToken` is back online (any phase). */
export function rejoin(room: Room, command: Of<'rejoin'>): Outcome {
  const seat = room.seats.find((s) => s.sessionToken === command.sessionToken);
  if (!seat)
    return failure(ErrorCode.sessionInvalid, 'this session has no seat in the room any more');
  return success(updateSeat(room, seat.id, { connected: true }), [{ type: 'changed' }]);
}

export function spectate(room: Room, command: Of<'spectate'>): Outcome {
  // Any runner of the race, even one who is out, could relay what spectators see.
  const seated = room.race?.runners.some((runner) => runner.deviceId === command.deviceId);
  if (isRaceOn(room) && seated) {
    return failure(
      ErrorCode.seatedInRace,
      'this device plays in this race, so it cannot watch it (rejoin with your session token)',
    );
  }
  const spectators = [
    ...room.spectators.filter((s) => s.id !== command.spectatorId),
    { id: command.spectatorId, deviceId: command.deviceId },
  ];
  return success({ ...room, spectators }, [{ type: 'changed' }]);
}

export function unspectate(room: Room, command: Of<'unspectate'>): Outcome {
  const spectators = room.spectators.filter((s) => s.id !== command.spectatorId);
  if (spectators.length === room.spectators.length) return success(room, []);
  return success({ ...room, spectators }, [{ type: 'changed' }]);
}

export function disconnect(room: Room, command: Of<'disconnect'>, now: number): Outcome {
  const seat = seatOf(room, command.playerId);
  if (!seat) return success(room, []);
  const drops = seat.drops + 1;
  const expire = { type: 'expire', playerId: seat.id, drops } as const;
  return success(updateSeat(room, seat.id, { connected: false, drops }), [
    { type: 'changed' },
    { type: 'schedule', key: `expire:${seat.id}`, at: now + command.graceMs, command: expire },
  ]);
}

export function expire(room: Room, command: Of<'expire'>, now: number): Outcome {
  const seat = seatOf(room, command.playerId);
  if (!seat || seat.connected || seat.drops !== command.drops) return success(room, []);
  return removeSeat(room, seat.id, 'expired', now);
}

export function leave(room: Room, command: Of<'leave'>, now: number): Outcome {
  const seat = requireSeat(room, command.playerId);
  return 'id' in seat ? removeSeat(room, seat.id, null, now) : seat;
}

export function kick(room: Room, command: Of<'kick'>, now: number): Outcome {
  const notHost = requireHost(room, command.playerId);
  if (notHost) return notHost;
  if (!seatOf(room, command.target))
    return failure(ErrorCode.playerNotFound, `no player ${command.target}`);
  if (command.target === command.playerId)
    return failure(ErrorCode.playerNotFound, 'you cannot kick yourself');
  return removeSeat(room, command.target, 'kicked', now);
}

/**
 * The seat goes; a runner in a race counts as left; the host role passes on; the room closes
 * when nobody is seated. `reason` null: the player left by themselves (nobody to tell).
 */
function removeSeat(
  room: Room,
  playerId: string,
  reason: SessionEndReason | null,
  now: number,
): Outcome {
  const seats = room.seats.filter((seat) => seat.id !== playerId);
  const rest = withdraw({ ...room, seats }, playerId);
  const events: RoomEvent[] = reason ? [{ type: 'seatEnded', playerId, reason }] : [];
  const after = endIfDone({ ...rest, hostId: nextHost(rest) }, now, [
    ...events,
    { type: 'changed' },
  ]);
  if (!after.ok || seats.length > 0) return after;
  return success(after.room, [
    ...after.events.filter((e) => e.type !== 'changed'),
    { type: 'closed' },
  ]);
}

export function ready(room: Room, command: Of<'ready'>): Outcome {
  const seat = requireSeat(room, command.playerId);
  if (!('id' in seat)) return seat;
  if (room.phase !== 'lobby') return failure(ErrorCode.wrongPhase, 'ready is for the lobby');
  return success(updateSeat(room, seat.id, { ready: command.ready }), [{ type: 'changed' }]);
}

/** Host only, lobby only. A change of puzzle or rules clears everyone's ready flag. */
export function settings(room: Room, command: Of<'settings'>): Outcome {
  const notHost = requireHost(room, command.playerId);
  if (notHost) return notHost;
  if (room.phase !== 'lobby')
    return failure(ErrorCode.wrongPhase, 'settings change only in the lobby');
  const next = { ...room.settings, ...command.settings };
  if (next.maxPlayers < room.seats.length) {
    const message = `room:settings: settings.maxPlayers: ${room.seats.length} players are seated`;
    return failure(ErrorCode.badPayload, message);
  }
  const gameChange = Object.keys(command.settings).some(
    (key) => key !== 'locked' && key !== 'maxPlayers',
  );
  const seats = gameChange ? room.seats.map((seat) => ({ ...seat, ready: false })) : room.seats;
  return success({ ...room, settings: next, seats }, [{ type: 'changed' }]);
}

export function transferHost(room: Room, command: Of<'transferHost'>): Outcome {
  const notHost = requireHost(room, command.playerId);
  if (notHost) return notHost;
  if (!seatOf(room, command.target))
    return failure(ErrorCode.playerNotFound, `no player ${command.target}`);
  return success({ ...room, hostId: command.target }, [{ type: 'changed' }]);
}
