import { ErrorCode } from '@percent/protocol';
import { removeSeat } from './membership.ts';
import { kickRefusal, readyRefusal, settingsRefusal, transferRefusal } from './permissions.ts';
import { failure, NOTHING, seatHeldBy, seatOf, STATE, success, updateSeat } from './room.ts';
import type { CommandOf, Room, Transition } from './types.ts';

/** The lobby and the host's controls: ready flags, settings, kicks, handing the role over. */

/** Lobby: ready to start. After a race (`finished`): wants to play again (kept by the rematch). */
export function ready(room: Room, command: CommandOf<'ready'>): Transition<object> {
  const seat = seatHeldBy(room, command.connectionId);
  const refusal = readyRefusal(room, seat);
  if (refusal) return refusal;
  if (seat!.ready === command.ready) return success(room, NOTHING);
  return success(updateSeat(room, seat!.id, { ready: command.ready }), NOTHING, [STATE]);
}

/** Host only, lobby only. A change of puzzle or rules clears everyone's ready flag. */
export function settings(room: Room, command: CommandOf<'settings'>): Transition<object> {
  const refusal = settingsRefusal(room, seatHeldBy(room, command.connectionId));
  if (refusal) return refusal;
  const next = { ...room.settings, ...command.settings };
  if (next.maxPlayers < room.seats.length) {
    const message = `room:settings: settings.maxPlayers: ${room.seats.length} players are seated`;
    return failure(ErrorCode.badPayload, message);
  }
  const gameChange = Object.keys(command.settings).some(
    (key) => key !== 'locked' && key !== 'maxPlayers',
  );
  const seats = gameChange ? room.seats.map((seat) => ({ ...seat, ready: false })) : room.seats;
  return success({ ...room, settings: next, seats }, NOTHING, [STATE]);
}

/** Host only, any phase: mid-race the kicked player counts as left and is not rated. */
export function kick(room: Room, command: CommandOf<'kick'>, now: number): Transition<object> {
  const refusal = kickRefusal(room, seatHeldBy(room, command.connectionId), command.target);
  if (refusal) return refusal;
  return removeSeat(room, seatOf(room, command.target)!, 'kicked', now);
}

export function transferHost(room: Room, command: CommandOf<'transferHost'>): Transition<object> {
  const refusal = transferRefusal(room, seatHeldBy(room, command.connectionId), command.target);
  if (refusal) return refusal;
  return success({ ...room, hostId: command.target }, NOTHING, [STATE]);
}
