import { ErrorCode } from '@percent/protocol';
import { removeSeat } from './membership.ts';
import { withTeams } from './teams.ts';
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
  // A brought puzzle was checked under the old variant: another variant takes it back.
  const imported = room.imported?.variant === next.variant ? room.imported : null;
  const changed: Room = { ...room, settings: next, seats, imported };
  // Teams switched on, off or to another number: everyone is dealt again by rating.
  const dealt = next.teams === room.settings.teams ? changed : withTeams(changed);
  return success(dealt, NOTHING, [STATE]);
}

/** Why this connection may not bring a puzzle now (as settings: the host, in the lobby), or null. */
export const importRefusalFor = (room: Room, connectionId: string) =>
  settingsRefusal(room, seatHeldBy(room, connectionId));

/**
 * `room:puzzle`: the host's own puzzle for the next race (checked by the runner under the
 * room's variant, off the event loop), or null to take it back. Host only, in the lobby, as
 * settings; the ready seats must ready again for another puzzle.
 */
export function importPuzzle(room: Room, command: CommandOf<'importPuzzle'>): Transition<object> {
  const refusal = importRefusalFor(room, command.connectionId);
  if (refusal) return refusal;
  const { imported } = command;
  if (imported && imported.variant !== room.settings.variant) {
    const message = `room:puzzle: checked as ${imported.variant}, the room plays ${room.settings.variant}`;
    return failure(ErrorCode.puzzleRefused, message);
  }
  const seats = room.seats.map((seat) => ({ ...seat, ready: false }));
  return success({ ...room, imported, seats }, NOTHING, [STATE]);
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
