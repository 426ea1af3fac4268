import { teamForNewcomer } from './teams.ts';
import { endIfDone, withdraw } from './race.ts';
import { idleTimer } from './idle-timers.ts';
import { playRefusal, runnerRefusal } from './permissions.ts';
import { NOTHING, seatHeldBy, STATE, success, updateSeat } from './room.ts';
import type { CommandOf, Room, Transition } from './types.ts';

/**
 * The rules groups asked for around a race: giving up (`forfeit`), the idle rule, and sitting
 * races out (`play`). Each is decided here; `race.ts` owns the start and the end.
 */

/**
 * `race:forfeit`: a runner still racing gives up and stays in the room to watch (unlike
 * `room:leave`). Their board stays private until the race ends, like any runner's. The race
 * ends when nobody is racing any more.
 */
export function forfeit(room: Room, command: CommandOf<'forfeit'>, now: number) {
  const seat = seatHeldBy(room, command.connectionId);
  const refusal = runnerRefusal(room, seat);
  if (refusal) return refusal;
  return endIfDone<object>(withdraw(room, seat!.id, now, 'forfeited'), now, [STATE]);
}

/**
 * The idle timer fired: a runner still racing with no move for `idleOutSec` is out (`idle`).
 * A timer that fires early (the clock was shifted by an outage) is armed again.
 */
export function idle(room: Room, command: CommandOf<'idle'>, now: number): Transition<object> {
  const race = room.race;
  const limit = race?.rules.idleOutSec ?? null;
  const runner = race?.runners.find((r) => r.playerId === command.playerId);
  if (room.phase !== 'racing' || !race || race.id !== command.raceId || limit === null) {
    return success(room, NOTHING);
  }
  if (runner?.status !== 'racing') return success(room, NOTHING);
  const due = runner.activeAt + limit * 1000;
  if (now < due) return success(room, NOTHING, [idleTimer(race, runner.playerId, due)]);
  return endIfDone<object>(withdraw(room, runner.playerId, now, 'idle'), now, [STATE]);
}

/**
 * `room:play`: a seat chooses, in the lobby, to play the next races or sit them out (a host
 * running the room from a TV). Changing it clears the seat's ready flag.
 */
export function play(room: Room, command: CommandOf<'play'>): Transition<object> {
  const seat = seatHeldBy(room, command.connectionId);
  const refusal = playRefusal(room, seat);
  if (refusal) return refusal;
  if (seat!.plays === command.plays) return success(room, NOTHING);
  // A seat that sits out leaves its team; one that plays again joins the smallest.
  const without = updateSeat(room, seat!.id, { team: null });
  const team = command.plays ? teamForNewcomer(without) : null;
  const change = { plays: command.plays, ready: false, team };
  return success(updateSeat(room, seat!.id, change), NOTHING, [STATE]);
}
